/** A day in milliseconds. Conakry keeps UTC all year (no daylight saving time), so its days are UTC days. */
export const DAY_MS = 24 * 3600 * 1000;

/** Midnight of a moment's day in Conakry. */
export const startOfDay = (moment: Date): Date => new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);
