import { DAY_MS } from './days.js';
import { formatGnf } from './pricing.js';

/** Couriers' commissions are paid out weekly (spec §9), in batches per ISO week, weeks counted in UTC. */

/** Minimum pending amount for an early payment request (spec §5, §9). */
export const MIN_EARLY_PAYMENT_GNF = 5000;

export const EARLY_PAYMENT_MESSAGES = {
  belowMinimum: `Montant minimum de ${MIN_EARLY_PAYMENT_GNF} GNF requis pour une demande de paiement`,
  submitted: 'Demande de paiement soumise avec succès !',
} as const;

/**
 * Why an early payment of `amount` cannot be asked when `due` is owed now, or null when it can: at least
 * MIN_EARLY_PAYMENT_GNF must be due, and the amount is at least that minimum unless it is everything due, and no more
 * than what is due.
 */
export function earlyPaymentRefusal(due: number, amount: number): 'below_minimum' | 'above_available' | null {
  if (due < MIN_EARLY_PAYMENT_GNF) return 'below_minimum';
  if (amount > due) return 'above_available';
  if (amount < MIN_EARLY_PAYMENT_GNF && amount !== due) return 'below_minimum';
  return null;
}

/** How a payout was sent, as couriers and staff read it (never the raw `mobile_money`). */
export const PAYOUT_METHOD_LABELS: Record<string, string> = { mobile_money: 'Mobile money' };

export const payoutMethodLabel = (method: string): string => PAYOUT_METHOD_LABELS[method] ?? 'Autre moyen';

/** Cron and Date.getUTCDay() agree: Sunday is 0, Monday 1. */
const RUN_WEEKDAY = 1;
const RUN_HOUR = 2;

/** Every Monday at 02:00 Conakry time, for the week just ended: the job scheduler's repeat options. */
export const WEEKLY_RUN_SCHEDULE = { pattern: `0 ${RUN_HOUR} * * ${RUN_WEEKDAY}`, tz: 'Africa/Conakry' };
/** The schedule as the back office says it. */
export const WEEKLY_RUN_WHEN = `chaque lundi à ${RUN_HOUR} h (heure de Conakry)`;

const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/** The ISO week of a moment, e.g. "2026-W01" (the week with the year's first Thursday is week 1). */
export function isoWeekOf(date: Date): string {
  const weekday = date.getUTCDay() || 7;
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - weekday));
  const year = thursday.getUTCFullYear();
  const week = Math.ceil(((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 to Sunday 23:59:59.999 (UTC, both included) of an ISO week such as "2026-W01". */
export function isoWeekRange(isoWeek: string): { start: Date; end: Date } {
  const match = ISO_WEEK.exec(isoWeek);
  if (!match) throw new RangeError(`Not an ISO week: ${isoWeek}`);
  const year = Number(match[1]);
  // 4 January is always in week 1.
  const january4 = new Date(Date.UTC(year, 0, 4));
  const week1Monday = january4.getTime() - ((january4.getUTCDay() || 7) - 1) * DAY_MS;
  const start = new Date(week1Monday + (Number(match[2]) - 1) * 7 * DAY_MS);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS - 1) };
}

/** "2026-W53" yes, "2025-W53" no (2025 has 52 weeks), "2026-W1" no. */
export function isIsoWeek(value: string): boolean {
  return ISO_WEEK.test(value) && isoWeekOf(isoWeekRange(value).start) === value;
}

/** The ISO week that ended last before `now`'s week began. */
export function previousIsoWeek(now: Date): string {
  return isoWeekOf(new Date(now.getTime() - 7 * DAY_MS));
}

/**
 * The first weekly run strictly after `now`. Conakry keeps UTC all year (no daylight saving time), so its
 * 02:00 is 02:00 UTC.
 */
export function nextWeeklyRun(now: Date): Date {
  const daysAhead = (RUN_WEEKDAY - now.getUTCDay() + 7) % 7;
  const run = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysAhead, RUN_HOUR));
  return run > now ? run : new Date(run.getTime() + 7 * DAY_MS);
}

/** "16/11/2026": a day as the back office reads it (UTC, which is Conakry's time all year). */
export function dayMonthYear(moment: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(moment.getUTCDate())}/${two(moment.getUTCMonth() + 1)}/${moment.getUTCFullYear()}`;
}

/** « du 16/11/2026 au 22/11/2026 »: the days an ISO week covers. */
export function isoWeekDays(isoWeek: string): string {
  const { start, end } = isoWeekRange(isoWeek);
  return `du ${dayMonthYear(start)} au ${dayMonthYear(end)}`;
}

const couriersPaid = (count: number) => (count > 1 ? `${count} livreurs payés` : `${count} livreur payé`);

/** What the weekly run tells staff (issue 38): when it starts, its week's days; when it is done, who was paid and how much. */
export const WEEKLY_RUN_MESSAGES = {
  started: (isoWeek: string) => `Calcul des paiements de la semaine ${isoWeek} lancé (${isoWeekDays(isoWeek)}).`,
  report: (isoWeek: string, couriers: number, total: number) =>
    `Paiement de la semaine ${isoWeek} (${isoWeekDays(isoWeek)}) terminé : ${couriersPaid(couriers)}, ${formatGnf(total)} au total.`,
} as const;
