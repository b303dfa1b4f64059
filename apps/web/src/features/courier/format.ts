/**
 * How a course is named to the courier (issue 38): its number as every user reads it (`courseNumber`, CRS-000123, which
 * the API gives) and the address it leads to; never its hex id.
 */
export const courseName = (number: string, address: string) => `${number} · ${address}`;

/** A wait as the courier reads it: « 45 s », « 14 min 5 s », « 2 min ». */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
