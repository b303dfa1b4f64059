/**
 * What a database error looks like in the API's log: the error filter logs anything it did not expect (at error
 * level, with the error serialized), and PostgreSQL's refusals of unvalidated input carry these messages or codes
 * (invalid text representation, value too long, numeric out of range, bad UTF-8 or NUL, Prisma's input errors).
 * The logger masks every `code` field, so the messages matter more than the codes.
 */
export const DATABASE_ERROR =
  /invalid input syntax|invalid byte sequence|invalid input value|value too long|out of range|character not permitted|unsupported Unicode escape|malformed array literal|\b(22P02|22P05|22001|22003|22007|22008|22021|22023|42804|P2000|P2006|P2007|P2009|P2010|P2011|P2012|P2019|P2020|P2023|P2032)\b|PrismaClient\w*Error|DriverAdapterError|Prisma|postgres/i;

/** Log lines at warn level or above that show an unexpected error or an error from PostgreSQL. */
export function databaseErrors(lines: string[]): string[] {
  return lines.filter((line) => {
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line) as { level?: number; msg?: string };
    } catch {
      return /error/i.test(line);
    }
    return (entry.level ?? 0) >= 40 && (entry.msg === 'unexpected error' || DATABASE_ERROR.test(line));
  });
}
