import { Prisma } from '../../generated/prisma/client.js';

/** `%` and `_` typed in a search are letters, not LIKE's wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The LIKE pattern of a column containing `text` as typed (fold it the way the column is folded). */
export const containingPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * The back office's search (issue 38) in SQL: a column containing the text, case and accents aside, as the trigram
 * indexes of the migration back_office_search read it (`search_fold(column) LIKE …`, so they must name the same
 * expression; the place book's names are indexed as `place_fold(name)`, migration place_book). Column names are the
 * caller's, never the user's.
 */
export function containing(text: string, fold: 'search_fold' | 'place_fold' = 'search_fold'): (column: string) => Prisma.Sql {
  const pattern = containingPattern(text);
  return (column) => Prisma.sql`${Prisma.raw(fold)}(${Prisma.raw(column)}) LIKE ${Prisma.raw(fold)}(${pattern})`;
}
