import { describe, expect, it } from '@jest/globals';
import { earlyPaymentRefusal, isIsoWeek, isoWeekDays, isoWeekOf, isoWeekRange, nextWeeklyRun, previousIsoWeek, WEEKLY_RUN_MESSAGES, WEEKLY_RUN_SCHEDULE } from './commissions.js';

describe('ISO weeks', () => {
  it.each([
    ['2026-01-01T00:00:00Z', '2026-W01'],
    ['2025-12-29T00:00:00Z', '2026-W01'],
    ['2025-12-28T23:59:59.999Z', '2025-W52'],
    ['2027-01-01T12:00:00Z', '2026-W53'],
    ['2027-01-03T23:59:59.999Z', '2026-W53'],
    ['2027-01-04T00:00:00Z', '2027-W01'],
    ['2024-12-30T08:00:00Z', '2025-W01'],
    ['2021-01-03T10:00:00Z', '2020-W53'],
    ['2026-05-17T23:59:59.999Z', '2026-W20'],
    ['2026-05-18T00:00:00Z', '2026-W21'],
  ])('%s is in %s', (moment, week) => {
    expect(isoWeekOf(new Date(moment))).toBe(week);
  });

  it.each([
    ['2026-W01', '2025-12-29T00:00:00.000Z', '2026-01-04T23:59:59.999Z'],
    ['2026-W53', '2026-12-28T00:00:00.000Z', '2027-01-03T23:59:59.999Z'],
    ['2025-W01', '2024-12-30T00:00:00.000Z', '2025-01-05T23:59:59.999Z'],
    ['2026-W21', '2026-05-18T00:00:00.000Z', '2026-05-24T23:59:59.999Z'],
  ])('%s runs from Monday %s to Sunday %s', (week, start, end) => {
    const range = isoWeekRange(week);
    expect(range.start.toISOString()).toBe(start);
    expect(range.end.toISOString()).toBe(end);
    expect(isoWeekOf(range.start)).toBe(week);
    expect(isoWeekOf(range.end)).toBe(week);
  });

  it('knows which weeks exist', () => {
    expect(isIsoWeek('2026-W53')).toBe(true);
    expect(isIsoWeek('2020-W53')).toBe(true);
    for (const wrong of ['2025-W53', '2026-W54', '2026-W00', '2026-W1', '2026W01', '']) expect(isIsoWeek(wrong)).toBe(false);
    expect(() => isoWeekRange('semaine 1')).toThrow(RangeError);
  });

  it('names the week that just ended, across a year boundary', () => {
    expect(previousIsoWeek(new Date('2026-05-18T02:00:00Z'))).toBe('2026-W20');
    expect(previousIsoWeek(new Date('2027-01-04T02:00:00Z'))).toBe('2026-W53');
    expect(previousIsoWeek(new Date('2026-01-05T02:00:00Z'))).toBe('2026-W01');
  });
});

describe('the weekly run', () => {
  it('is scheduled every Monday at 02:00, Conakry time', () => {
    expect(WEEKLY_RUN_SCHEDULE).toEqual({ pattern: '0 2 * * 1', tz: 'Africa/Conakry' });
  });

  it.each([
    ['2026-05-17T23:00:00Z', '2026-05-18T02:00:00.000Z'],
    ['2026-05-18T01:59:59.999Z', '2026-05-18T02:00:00.000Z'],
    ['2026-05-18T02:00:00Z', '2026-05-25T02:00:00.000Z'],
    ['2026-05-20T12:00:00Z', '2026-05-25T02:00:00.000Z'],
    ['2026-12-30T09:00:00Z', '2027-01-04T02:00:00.000Z'],
  ])('after %s comes %s', (now, next) => {
    expect(nextWeeklyRun(new Date(now)).toISOString()).toBe(next);
  });
});

describe('earlyPaymentRefusal', () => {
  it('needs 5000 GNF due, an amount within it, and at least 5000 GNF unless it is everything due', () => {
    expect(earlyPaymentRefusal(4_999, 4_999)).toBe('below_minimum');
    expect(earlyPaymentRefusal(21_000, 1)).toBe('below_minimum');
    expect(earlyPaymentRefusal(21_000, 4_999)).toBe('below_minimum');
    expect(earlyPaymentRefusal(21_000, 21_001)).toBe('above_available');
    expect(earlyPaymentRefusal(21_000, 5_000)).toBeNull();
    expect(earlyPaymentRefusal(21_000, 21_000)).toBeNull();
    expect(earlyPaymentRefusal(5_000, 5_000)).toBeNull();
  });
});

describe('the weekly run as staff read it', () => {
  it("names the week's days, from Monday to Sunday", () => {
    expect(isoWeekDays('2026-W47')).toBe('du 16/11/2026 au 22/11/2026');
    expect(isoWeekDays('2026-W01')).toBe('du 29/12/2025 au 04/01/2026');
  });

  it('says when it starts and what it paid, one courier or several', () => {
    expect(WEEKLY_RUN_MESSAGES.started('2026-W47')).toBe('Calcul des paiements de la semaine 2026-W47 lancé (du 16/11/2026 au 22/11/2026).');
    expect(WEEKLY_RUN_MESSAGES.report('2026-W47', 3, 450_000)).toBe(
      'Paiement de la semaine 2026-W47 (du 16/11/2026 au 22/11/2026) terminé : 3 livreurs payés, 450\u202f000 GNF au total.',
    );
    expect(WEEKLY_RUN_MESSAGES.report('2026-W47', 1, 7_000)).toContain(': 1 livreur payé, 7\u202f000 GNF au total.');
    expect(WEEKLY_RUN_MESSAGES.report('2026-W47', 0, 0)).toContain(': 0 livreur payé, 0 GNF au total.');
  });
});
