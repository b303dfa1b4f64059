import { expect } from '@jest/globals';
import { login, signedIn } from './accounts.js';
import { allPagesOf } from './pagination.js';
import type { TestApp } from './test-app.js';

/** The password `createAccount` gives an account unless told otherwise: the helper signs each courier in with it. */
const DEFAULT_PASSWORD = 'secret-123';

type Event = [reference: string, amount: number];

/** Tokens already obtained per app (signing in hashes a password: once per account is enough for a suite). */
const tokens = new WeakMap<object, Map<string, string>>();

async function tokenOf(app: Pick<TestApp, 'db' | 'request'>, userId: string, signIn: () => Promise<string>): Promise<string> {
  const known = tokens.get(app) ?? new Map<string, string>();
  tokens.set(app, known);
  const token = known.get(userId) ?? (await signIn());
  known.set(userId, token);
  return token;
}

const ADMIN = 'the admin reading the cash table';

/** Sorted, so two lists of the same events compare equal whatever order they were read in. */
const sorted = (events: Event[]) => [...events].sort(([a, x], [b, y]) => a.localeCompare(b) || x - y);

/** Which account each kind is written on, and its sign there (README "Courier money"). */
const SHAPE: Record<string, { accounts: string[]; sign: 1 | -1 | 0 }> = {
  commission_earned: { accounts: ['earnings'], sign: 1 },
  cash_collected: { accounts: ['cash'], sign: 1 },
  cash_deposited: { accounts: ['cash'], sign: -1 },
  cash_netted: { accounts: ['earnings', 'cash'], sign: -1 },
  payout_sent: { accounts: ['earnings'], sign: -1 },
  payout_reversed: { accounts: ['earnings'], sign: 1 },
  adjustment: { accounts: ['earnings', 'cash'], sign: 0 },
};

/**
 * Checks every courier's ledger against the tables it must agree with, read independently, event by event:
 * - commission_earned: one per commission row, its amount (only a handover writes both);
 * - cash_collected: one per delivered cash-on-delivery course carrying a commission (a courier's handover), its final price;
 * - cash_deposited: one per credited cash deposit, minus its amount;
 * - payout_sent: one per payout, minus its amount; payout_reversed: one per failed payout, its amount;
 * - cash_netted: per week (its reason), as much taken out of the earnings as out of the cash;
 * then that what the courier reads (GET /api/delivery/earnings) and what staff read (GET /api/admin/cash) are the
 * ledger's sums. Every account made by `createAccount` with its default password can be signed in.
 */
export async function expectLedgerInvariant(app: Pick<TestApp, 'db' | 'request'>): Promise<void> {
  const { db } = app;
  // One snapshot: a payout settling between two reads would otherwise show its status without its entry.
  const [entries, commissions, cashCourses, deposits, payouts] = await db.$transaction(
    [
      db.courierLedgerEntry.findMany(),
      db.commission.findMany({ select: { courierId: true, courseId: true, amount: true } }),
      db.course.findMany({ where: { paymentMethod: 'cash_on_delivery', status: 'delivered', commission: { isNot: null } }, select: { id: true, courierId: true, finalPrice: true } }),
      db.cashDeposit.findMany({ where: { status: 'credited' }, select: { id: true, courierId: true, amount: true } }),
      db.payout.findMany({ select: { id: true, courierId: true, totalCommission: true, status: true } }),
    ],
    { isolationLevel: 'RepeatableRead' },
  );

  for (const entry of entries) {
    const shape = SHAPE[entry.kind]!;
    const fits = shape.accounts.includes(entry.account) && (shape.sign === 0 ? entry.amount !== 0 : Math.sign(entry.amount) === shape.sign);
    const seen = `${entry.kind} of ${entry.amount} on ${entry.account}`;
    expect({ entry: seen, fits }).toEqual({ entry: seen, fits: true });
  }

  const couriers = new Set([...entries, ...commissions, ...cashCourses, ...deposits, ...payouts].map((row) => row.courierId!));

  for (const courierId of couriers) {
    const own = entries.filter((entry) => entry.courierId === courierId);
    const ledger = (kind: string, reference: 'courseId' | 'payoutId' | 'depositId') =>
      sorted(own.filter((entry) => entry.kind === kind).map((entry): Event => [String(entry[reference]), entry.amount]));
    const ownPayouts = payouts.filter((payout) => payout.courierId === courierId);
    expect({
      courierId,
      commission_earned: ledger('commission_earned', 'courseId'),
      cash_collected: ledger('cash_collected', 'courseId'),
      cash_deposited: ledger('cash_deposited', 'depositId'),
      payout_sent: ledger('payout_sent', 'payoutId'),
      payout_reversed: ledger('payout_reversed', 'payoutId'),
    }).toEqual({
      courierId,
      commission_earned: sorted(commissions.filter((row) => row.courierId === courierId).map((row): Event => [row.courseId, row.amount])),
      cash_collected: sorted(cashCourses.filter((row) => row.courierId === courierId).map((row): Event => [row.id, row.finalPrice ?? Number.NaN])),
      cash_deposited: sorted(deposits.filter((row) => row.courierId === courierId).map((row): Event => [row.id, -row.amount])),
      payout_sent: sorted(ownPayouts.map((row): Event => [row.id, -row.totalCommission])),
      payout_reversed: sorted(ownPayouts.filter((row) => row.status === 'failed').map((row): Event => [row.id, row.totalCommission])),
    });

    // The weekly run nets as much out of one account as out of the other, once per week.
    const netted = new Map<string, { earnings: number[]; cash: number[] }>();
    for (const entry of own.filter((row) => row.kind === 'cash_netted')) {
      const week = netted.get(String(entry.reason)) ?? { earnings: [], cash: [] };
      week[entry.account].push(entry.amount);
      netted.set(String(entry.reason), week);
    }
    for (const [reason, week] of netted) {
      expect({ courierId, reason, cash: week.cash }).toEqual({ courierId, reason: expect.stringMatching(/^Semaine \d{4}-W\d\d$/), cash: week.earnings });
      expect(week.earnings).toHaveLength(1);
    }
  }

  // What each courier and staff read are the ledger's sums.
  const sumOf = (courierId: string, account: 'earnings' | 'cash', kind?: string) =>
    entries.filter((entry) => entry.courierId === courierId && entry.account === account && (!kind || entry.kind === kind)).reduce((sum, entry) => sum + entry.amount, 0);
  const expected = (courierId: string) => {
    const [earnings, cash] = [sumOf(courierId, 'earnings'), sumOf(courierId, 'cash')];
    return { earnings_due: earnings, cash_held: cash, cash_owed: Math.max(0, cash - earnings), cash_deposits: 0 - sumOf(courierId, 'cash', 'cash_deposited'), balance: earnings - cash };
  };
  const withEntries = [...new Set(entries.map((entry) => entry.courierId))];
  const adminToken = await tokenOf(app, ADMIN, async () => (await signedIn(app, 'admin')).token);
  const table = await app.request('GET', '/api/admin/cash', undefined, { token: adminToken });
  expect(table.status).toBe(200);
  const rows = await allPagesOf<{ courier_id: string; cash_held: number; cash_owed: number; balance: number }>(app, '/api/admin/cash', 'couriers', adminToken);
  expect(rows.map((row) => row.courier_id).sort()).toEqual(withEntries.sort());
  for (const row of rows) {
    const { cash_held, cash_owed, balance } = expected(row.courier_id);
    expect(row).toMatchObject({ courier_id: row.courier_id, cash_held, cash_owed, balance });
  }
  expect(table.body.total_on_street).toBe(withEntries.reduce((sum, courierId) => sum + Math.max(0, expected(courierId).cash_held), 0));

  const accounts = await db.user.findMany({ where: { id: { in: [...couriers] } }, select: { id: true, phone: true } });
  for (const { id, phone } of accounts) {
    const token = await tokenOf(app, id, async () => (await login(app, phone, DEFAULT_PASSWORD)).access_token);
    const earnings = await app.request('GET', '/api/delivery/earnings', undefined, { token });
    expect({ courierId: id, status: earnings.status, ...earnings.body }).toMatchObject({ courierId: id, status: 200, ...expected(id) });
  }
}
