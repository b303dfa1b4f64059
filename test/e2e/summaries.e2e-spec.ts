import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { previousIsoWeek } from '@coursa/domain';
import { SANDBOX_FAILING_WALLET } from '../../apps/api/src/common/money-gateways/payout-gateway.js';
import { createAccount, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { allPagesOf, pendingByCourier, pendingCommissionsOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';

// Issue 25: the money rollups (courier_balances from the ledger, commission_sums from the commissions, kept by
// triggers, migration money_rollups) equal their raw rows after every path that writes them, concurrent ones included,
// and the summaries read from them answer what the raw rows say.
let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let clientId: string;
/** The signed-in couriers' tokens, to read their own earnings. */
const tokens = new Map<string, string>();

beforeAll(async () => {
  app = await startTestApp({ COURIER_CASH_CAP_GNF: '20000' });
  admin = await signedIn(app, 'admin');
  clientId = (await createAccount(app, 'client')).user.id;
});
afterAll(async () => {
  await app?.close();
});

const PRICE = 12_000;
const DAY_MS = 24 * 3600_000;

/** A course the courier delivered, its commission and ledger entries as a handover writes them (one transaction). */
async function handover(courierId: string, { amount = 8_400, cash = false, at = new Date() } = {}) {
  const course = await insertCourse(app, { clientId, courierId, status: 'delivered', finalPrice: PRICE, paymentMethod: cash ? 'cash_on_delivery' : 'mtn_momo' });
  return app.db.$transaction(async (tx) => {
    const commission = await tx.commission.create({ data: { courierId, courseId: course.id, courseAmount: PRICE, rateBps: 7000, amount, createdAt: at } });
    await tx.courierLedgerEntry.createMany({
      data: [
        { courierId, account: 'earnings', kind: 'commission_earned', amount, courseId: course.id, createdAt: at },
        ...(cash ? [{ courierId, account: 'cash' as const, kind: 'cash_collected' as const, amount: PRICE, courseId: course.id, createdAt: at }] : []),
      ],
    });
    await tx.user.update({ where: { id: courierId }, data: { totalCourses: { increment: 1 } } });
    return commission;
  });
}

type Sums = { earnings: number; cash: number; deposited: number };
const n = (value: bigint | number | null) => Number(value ?? 0);

/** Each courier's ledger summed from its entries. */
async function ledgerSums(): Promise<Map<string, Sums>> {
  const rows = await app.db.$queryRaw<{ courier_id: string; earnings: bigint; cash: bigint; deposited: bigint }[]>`
    SELECT courier_id::text, coalesce(sum(amount) FILTER (WHERE account = 'earnings'), 0) AS earnings,
      coalesce(sum(amount) FILTER (WHERE account = 'cash'), 0) AS cash, coalesce(-sum(amount) FILTER (WHERE kind = 'cash_deposited'), 0) AS deposited
    FROM courier_ledger_entries GROUP BY courier_id`;
  return new Map(rows.map((row) => [row.courier_id, { earnings: n(row.earnings), cash: n(row.cash), deposited: n(row.deposited) }]));
}

/** The rollups equal a recomputation from the raw rows, row for row (no row left at a count of 0). */
async function expectRollupsEqualRaw() {
  const balances = await app.db.courierBalance.findMany();
  expect(new Map(balances.map((row) => [row.courierId, { earnings: n(row.earnings), cash: n(row.cash), deposited: n(row.deposited) }]))).toEqual(await ledgerSums());
  const key = (row: { status: string; month: string; courier_id: string }) => `${row.status} ${row.month} ${row.courier_id}`;
  const raw = await app.db.$queryRaw<{ status: string; month: string; courier_id: string; count: bigint; amount: bigint }[]>`
    SELECT status::text, (CASE WHEN status = 'paid' THEN coalesce(date_trunc('month', paid_at)::date, '-infinity') ELSE date_trunc('month', created_at)::date END)::text AS month,
      courier_id::text, count(*) AS count, sum(amount) AS amount
    FROM commissions GROUP BY 1, 2, 3`;
  const kept = await app.db.$queryRaw<{ status: string; month: string; courier_id: string; count: number; amount: bigint }[]>`
    SELECT status::text, month::text, courier_id::text, count, amount FROM commission_sums`;
  const asMap = (rows: typeof raw | typeof kept) => new Map(rows.map((row) => [key(row), { count: n(row.count), amount: n(row.amount) }]));
  expect(asMap(kept)).toEqual(asMap(raw));
}

/** The cash table, the commissions summary and the pending commissions answer what the raw rows say. */
async function expectAnswersFromRawRows() {
  const sums = await ledgerSums();
  const cash = await app.request('GET', '/api/admin/cash', undefined, { token: admin.token });
  expect(cash.status).toBe(200);
  expect(cash.body.total_on_street).toBe([...sums.values()].reduce((total, own) => total + Math.max(0, own.cash), 0));
  const couriers = await allPagesOf(app, '/api/admin/cash', 'couriers', admin.token);
  expect(couriers).toHaveLength(sums.size);
  for (const courier of couriers) {
    const own = sums.get(courier.courier_id)!;
    expect(courier).toMatchObject({ cash_held: own.cash, balance: own.earnings - own.cash, cash_owed: Math.max(0, own.cash - own.earnings), over_cap: own.cash - own.earnings > 20_000 });
  }

  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [pending, paid, payouts] = await Promise.all([
    app.db.commission.aggregate({ where: { status: 'pending' }, _sum: { amount: true }, _count: { _all: true } }),
    app.db.commission.aggregate({ where: { status: 'paid', paidAt: { gte: monthStart } }, _sum: { amount: true } }),
    app.db.payout.count({ where: { status: 'completed', completedAt: { gte: monthStart } } }),
  ]);
  const summary = await app.request('GET', '/api/admin/commissions/summary', undefined, { token: admin.token });
  expect(summary).toMatchObject({
    status: 200,
    body: { pending_amount: pending._sum.amount ?? 0, pending_count: pending._count._all, paid_this_month: paid._sum.amount ?? 0, payments_this_month: payouts },
  });

  // Each courier's own earnings: their balances and their commissions' totals by status.
  for (const [courierId, token] of tokens) {
    const own = sums.get(courierId) ?? { earnings: 0, cash: 0, deposited: 0 };
    const byStatus = await app.db.commission.groupBy({ by: ['status'], where: { courierId }, _sum: { amount: true }, _count: { _all: true } });
    const of = (status: string) => byStatus.find((group) => group.status === status);
    const [pendingOwn, paidOwn] = [of('pending'), of('paid')];
    const answer = await app.request('GET', '/api/delivery/earnings', undefined, { token });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        earnings_due: own.earnings,
        cash_held: own.cash,
        cash_deposits: own.deposited,
        balance: own.earnings - own.cash,
        pending_amount: pendingOwn?._sum.amount ?? 0,
        pending_courses: pendingOwn?._count._all ?? 0,
        paid_amount: paidOwn?._sum.amount ?? 0,
        paid_courses: paidOwn?._count._all ?? 0,
        total_courses: (pendingOwn?._count._all ?? 0) + (paidOwn?._count._all ?? 0),
      },
    });
  }

  const rows = await app.db.commission.findMany({ where: { status: 'pending' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const groups = new Map<string, { ids: string[]; amount: number }>();
  for (const row of rows) {
    const group = groups.get(row.courierId) ?? { ids: [], amount: 0 };
    group.ids.push(row.id);
    group.amount += row.amount;
    groups.set(row.courierId, group);
  }
  // Longest wait first: by each courier's oldest pending commission.
  const order = [...groups.keys()].sort((a, b) => {
    const [oldestA, oldestB] = [rows.find((row) => row.courierId === a)!, rows.find((row) => row.courierId === b)!];
    return oldestA.createdAt.getTime() - oldestB.createdAt.getTime() || (a < b ? -1 : 1);
  });
  const listed = pendingByCourier(await pendingCommissionsOf(app, admin.token, 2));
  expect(listed.map((group: { deliverer_id: string }) => group.deliverer_id)).toEqual(order);
  for (const group of listed) {
    const own = groups.get(group.deliverer_id)!;
    expect(group).toMatchObject({ amount: own.amount, count: own.ids.length });
    expect(group.commissions.map((commission: { id: string }) => commission.id)).toEqual(own.ids);
  }
}

describe('money rollups', () => {
  const couriers: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      const courier = await signedIn(app, 'independent_delivery');
      couriers.push(courier.user.id);
      tokens.set(courier.user.id, courier.token);
    }
  });

  it('equal the raw rows after concurrent handovers, office deposits and corrections', async () => {
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      writes.push(handover(couriers[i % 4]!, { amount: 8_000 + i, cash: i % 3 === 0, at: new Date(Date.now() - (i % 5) * DAY_MS) }));
    }
    await Promise.all(writes);
    const office = await Promise.all(
      [0, 1, 2, 3].flatMap((i) => [
        app.request('POST', `/api/admin/couriers/${couriers[0]}/cash-deposits`, { amount: 1_000 + i, note: `Versement ${i}` }, { token: admin.token }),
        app.request('POST', `/api/admin/couriers/${couriers[i]}/ledger-adjustments`, { account: i % 2 ? 'cash' : 'earnings', amount: -(500 + i), reason: 'Correction' }, { token: admin.token }),
      ]),
    );
    expect(office.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    await expectRollupsEqualRaw();
    await expectAnswersFromRawRows();
    expect((await app.db.courierBalance.findUniqueOrThrow({ where: { courierId: couriers[0]! } })).deposited).toBe(BigInt(1_000 + 1_001 + 1_002 + 1_003));
  });

  it('the weekly run, a payment by hand and a failed transfer move them as they move the raw rows', async () => {
    const failing = (await createAccount(app, 'independent_delivery')).user.id;
    await app.db.user.update({ where: { id: failing }, data: { phone: SANDBOX_FAILING_WALLET } });
    const lastWeek = new Date(Date.now() - 7 * DAY_MS);
    await Promise.all([handover(failing, { amount: 9_000, at: lastWeek }), handover(couriers[1]!, { amount: 7_000, at: lastWeek, cash: true })]);
    const week = previousIsoWeek(new Date());
    expect((await app.request('POST', '/api/admin/commissions/weekly-run', { iso_week: week }, { token: admin.token })).status).toBe(202);
    await waitFor('the run to open and settle its payouts', () => app.db.payout.findMany(), (rows) => rows.length > 0 && rows.every((row) => row.status !== 'processing'), 20_000);
    expect(await app.db.payout.findFirst({ where: { courierId: failing } })).toMatchObject({ status: 'failed' });
    await expectRollupsEqualRaw();
    await expectAnswersFromRawRows();

    // Staff pay one courier's pending commissions by hand.
    const courier = couriers[2]!;
    await app.request('POST', `/api/admin/couriers/${courier}/ledger-adjustments`, { account: 'earnings', amount: 50_000, reason: 'Reprise' }, { token: admin.token });
    const pending = await app.db.commission.findMany({ where: { courierId: courier, status: 'pending' } });
    expect(pending.length).toBeGreaterThan(0);
    const paid = await app.request(
      'POST',
      '/api/admin/commissions/process-payment',
      { deliverer_id: courier, commission_ids: pending.map((row) => row.id), payment_method: 'mobile_money', phone: '+224 622 00 00 01' },
      { token: admin.token },
    );
    expect(paid).toMatchObject({ status: 200, body: { payout: { status: 'completed' } } });
    // None of their commissions pending: their pending rows are gone, not left at 0.
    expect(await app.db.commissionSum.count({ where: { courierId: courier, status: 'pending' } })).toBe(0);
    await expectRollupsEqualRaw();
    await expectAnswersFromRawRows();
  });

  it('concurrent runs and handovers on the same couriers neither deadlock nor lose a sum', async () => {
    // A run-like transaction locks each courier's user row, then writes their ledger and pays their commissions; a
    // handover writes a commission and ledger entries, then counts the course on the courier's user row.
    const run = (ids: string[]) =>
      app.db.$transaction(async (tx) => {
        for (const id of [...ids].sort()) {
          await tx.$queryRaw`SELECT id FROM users WHERE id = ${id}::uuid FOR UPDATE`;
          await tx.courierLedgerEntry.create({ data: { courierId: id, account: 'earnings', kind: 'adjustment', amount: -10, reason: 'Course' } });
          await tx.commission.updateMany({ where: { courierId: id, status: 'pending' }, data: { status: 'paid', paidAt: new Date() } });
        }
      });

    // A handover has written its rows and not yet counted the course when another transaction on the same courier
    // starts: the run (which locks the user row first), or one that updates the user row before adding to their ledger
    // (which would deadlock against the handover if the triggers locked a rollup row before the courier's user row).
    const updateFirst = (id: string) =>
      app.db.$transaction(async (tx) => {
        await tx.user.update({ where: { id }, data: { isAvailable: true } });
        await tx.courierLedgerEntry.create({ data: { courierId: id, account: 'cash', kind: 'adjustment', amount: 10, reason: 'Écart de caisse' } });
      });
    for (const other of [run, (ids: string[]) => updateFirst(ids[0]!)]) {
      const courier = couriers[3]!;
      const course = await insertCourse(app, { clientId, courierId: courier, status: 'delivered', finalPrice: PRICE });
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      let goOn!: () => void;
      const resumed = new Promise<void>((resolve) => (goOn = resolve));
      const slowHandover = app.db.$transaction(async (tx) => {
        await tx.commission.create({ data: { courierId: courier, courseId: course.id, courseAmount: PRICE, rateBps: 7000, amount: 8_400 } });
        await tx.courierLedgerEntry.create({ data: { courierId: courier, account: 'earnings', kind: 'commission_earned', amount: 8_400, courseId: course.id } });
        wrote();
        await resumed;
        await tx.user.update({ where: { id: courier }, data: { totalCourses: { increment: 1 } } });
      });
      await written;
      const meanwhile = other([courier]);
      // The other transaction is queued behind the handover's locks.
      await waitUntil('the other transaction to wait on a lock', async () => {
        const [{ waiting }] = await app.db.$queryRaw<{ waiting: number }[]>`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`;
        return waiting > 0;
      });
      goOn();
      const outcomes = await Promise.allSettled([slowHandover, meanwhile]);
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.status))).toEqual(['fulfilled', 'fulfilled']);
    }

    // And a mix of both on every courier at once.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      writes.push(handover(couriers[i % 4]!, { amount: 6_000 + i, cash: i % 2 === 0 }));
      if (i % 4 === 0) writes.push(run(couriers));
    }
    const settled = await Promise.allSettled(writes);
    expect(settled.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectRollupsEqualRaw();
    await expectAnswersFromRawRows();
  });

  it('a rebuild from the raw rows finds what the triggers kept', async () => {
    const before = [await app.db.courierBalance.findMany({ orderBy: { courierId: 'asc' } }), await app.db.commissionSum.findMany({ orderBy: [{ status: 'asc' }, { month: 'asc' }, { courierId: 'asc' }] })];
    await app.db.$executeRaw`SELECT money_rollups_rebuild()`;
    const after = [await app.db.courierBalance.findMany({ orderBy: { courierId: 'asc' } }), await app.db.commissionSum.findMany({ orderBy: [{ status: 'asc' }, { month: 'asc' }, { courierId: 'asc' }] })];
    expect(after).toEqual(before);
  });
});

describe('accounts per role', () => {
  /** The kept counts equal a count of the accounts, and the dashboard and the user list total answer it. */
  async function expectCountsEqualRaw() {
    const raw = await app.db.user.groupBy({ by: ['role'], where: { anonymizedAt: null }, _count: { _all: true } });
    const kept = await app.db.userRoleCount.findMany({ where: { count: { not: 0 } } });
    expect(new Map(kept.map((row) => [row.role, row.count]))).toEqual(new Map(raw.map((group) => [group.role, group._count._all])));
    const all = raw.reduce((total, group) => total + group._count._all, 0);
    expect((await app.request('GET', '/api/dashboard/stats', undefined, { token: admin.token })).body.total_users).toBe(all);
    expect((await app.request('GET', '/api/admin/users?limit=1', undefined, { token: admin.token })).body.total).toBe(all);
    for (const role of ['client', 'independent_delivery', 'admin'] as const) {
      const own = raw.find((group) => group.role === role)?._count._all ?? 0;
      expect((await app.request('GET', `/api/admin/users?role=${role}&limit=1`, undefined, { token: admin.token })).body.total).toBe(own);
    }
  }

  it('follow accounts created at once, deleted, anonymised and moved to another role', async () => {
    const roles = ['client', 'client', 'independent_delivery', 'salaried_delivery', 'support', 'client'] as const;
    const created = await Promise.all(roles.flatMap((role) => [createAccount(app, role), createAccount(app, role)]));
    await expectCountsEqualRaw();

    // Deleted without history (the row goes), anonymised with history (the row stays, the account is gone).
    const plain = created[0]!.user.id;
    expect((await app.request('DELETE', `/api/admin/users/${plain}`, undefined, { token: admin.token })).status).toBe(200);
    expect(await app.db.user.findUnique({ where: { id: plain } })).toBeNull();
    const withHistory = created[1]!.user.id;
    await insertCourse(app, { clientId: withHistory });
    expect((await app.request('DELETE', `/api/admin/users/${withHistory}`, undefined, { token: admin.token })).status).toBe(200);
    expect(await app.db.user.findUniqueOrThrow({ where: { id: withHistory } })).toMatchObject({ anonymizedAt: expect.any(Date) });
    // A role changed, several at once, and one changed and anonymised in one statement.
    await Promise.all([
      app.db.user.update({ where: { id: created[2]!.user.id }, data: { role: 'independent_delivery' } }),
      app.db.user.update({ where: { id: created[4]!.user.id }, data: { role: 'client' } }),
      app.db.user.update({ where: { id: created[5]!.user.id }, data: { role: 'client' } }),
      app.db.user.update({ where: { id: created[6]!.user.id }, data: { role: 'admin', anonymizedAt: new Date() } }),
    ]);
    await expectCountsEqualRaw();
  });

  it('a rebuild from the accounts finds what the triggers kept', async () => {
    const before = await app.db.userRoleCount.findMany({ where: { count: { not: 0 } }, orderBy: { role: 'asc' } });
    await app.db.$executeRaw`SELECT user_role_counts_rebuild()`;
    expect(await app.db.userRoleCount.findMany({ orderBy: { role: 'asc' } })).toEqual(before);
  });
});
