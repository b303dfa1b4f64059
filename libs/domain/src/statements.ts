/**
 * A merchant's monthly statement (issue 40): its delivered courses on account in a month, settled by staff once the
 * month is over. Months are Conakry's, which keeps UTC all year (days.ts): `YYYY-MM`.
 */

const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const;

/** The month a moment falls in, `YYYY-MM`. */
export const monthOf = (moment: Date): string => moment.toISOString().slice(0, 7);

/** A month's first instant and the next month's (the end, excluded), from `YYYY-MM`. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1];
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/** Whether a month is over at `now`: only then can its statement be settled (no course may still join it). */
export const monthEnded = (month: string, now: Date): boolean => monthBounds(month).end.getTime() <= now.getTime();

/** « novembre 2026 ». */
export function monthLabel(month: string): string {
  const { start } = monthBounds(month);
  return `${FRENCH_MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`;
}

/** « 1er décembre 2026 »: the day a month's statement can be settled from. */
export function settleableFrom(month: string): string {
  const { end } = monthBounds(month);
  return `1er ${FRENCH_MONTHS[end.getUTCMonth()]} ${end.getUTCFullYear()}`;
}
