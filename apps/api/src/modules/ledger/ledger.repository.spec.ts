import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { courierBalances } from '@coursa/domain';
import { createAccount } from '../../../../../test/support/accounts.js';
import { createTestPrisma } from '../../../../../test/support/database.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { PrismaService } from '../../common/prisma/prisma.service.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { CourierCashRepository } from './courier-cash.repository.js';
import { LedgerRepository, type NewLedgerEntry } from './ledger.repository.js';

/** The ledger's SQL on the real database (a schema of its own): sums, the week's sums, the courier lock, the rollup. */
let closeDatabase: () => Promise<void>;
let prisma: PrismaService;
let db: PrismaClient;
let ledger: LedgerRepository;
let cash: CourierCashRepository;
let unitOfWork: UnitOfWork;

beforeAll(async () => {
  ({ prisma, close: closeDatabase } = await createTestPrisma());
  db = prisma.client;
  ledger = new LedgerRepository(prisma);
  cash = new CourierCashRepository(prisma);
  unitOfWork = new UnitOfWork(prisma);
});

afterAll(async () => {
  await closeDatabase();
});

const courier = async () => (await createAccount({ db }, 'independent_delivery')).user.id;
const add = (...entries: NewLedgerEntry[]) => unitOfWork.run((tx) => ledger.add(tx, ...entries));
/** Entries written as they were at a given moment (the app always writes them now). */
const addAt = (at: Date, ...entries: NewLedgerEntry[]) => db.courierLedgerEntry.createMany({ data: entries.map((entry) => ({ ...entry, createdAt: at })) });

describe('LedgerRepository on the real database', () => {
  it('adds each event’s entry once, skipping zero amounts, and sums them per account', async () => {
    const id = await courier();
    const payoutId = crypto.randomUUID();
    await expect(add({ courierId: id, account: 'earnings', kind: 'payout_sent', amount: -4_000, payoutId }, { courierId: id, account: 'cash', kind: 'adjustment', amount: 0, reason: 'rien' })).resolves.toBe(1);
    // Replayed: the same (kind, account, payout) is skipped.
    await expect(add({ courierId: id, account: 'earnings', kind: 'payout_sent', amount: -4_000, payoutId })).resolves.toBe(0);
    await add({ courierId: id, account: 'earnings', kind: 'adjustment', amount: 10_000, reason: 'oubli' }, { courierId: id, account: 'cash', kind: 'adjustment', amount: 3_000, reason: 'oubli' });
    await expect(ledger.sums(id)).resolves.toEqual({ earnings: 6_000, cash: 3_000, deposited: 0 });
    await expect(ledger.sums(crypto.randomUUID())).resolves.toEqual({ earnings: 0, cash: 0, deposited: 0 });
  });

  it('a week’s sums count money in only up to its end, money out and reversed payouts whenever they happened', async () => {
    const id = await courier();
    const end = new Date('2026-11-22T23:59:59.999Z');
    const before = new Date('2026-11-20T12:00:00Z');
    const after = new Date('2026-11-23T08:00:00Z');
    await addAt(before, { courierId: id, account: 'earnings', kind: 'adjustment', amount: 12_000, reason: 'semaine' }, { courierId: id, account: 'cash', kind: 'adjustment', amount: 5_000, reason: 'semaine' });
    await addAt(
      after,
      { courierId: id, account: 'earnings', kind: 'adjustment', amount: 7_000, reason: 'après' },
      { courierId: id, account: 'cash', kind: 'adjustment', amount: 2_000, reason: 'après' },
      { courierId: id, account: 'earnings', kind: 'payout_sent', amount: -4_000, payoutId: crypto.randomUUID() },
      { courierId: id, account: 'earnings', kind: 'payout_reversed', amount: 1_000, payoutId: crypto.randomUUID() },
      { courierId: id, account: 'cash', kind: 'cash_deposited', amount: -1_500, depositId: crypto.randomUUID() },
    );
    const week = await unitOfWork.run((tx) => ledger.sumsUntil(tx, id, end));
    expect(week).toEqual({ earnings: 12_000 - 4_000 + 1_000, cash: 5_000 - 1_500 });
  });

  it('counts only the mobile-money deposits still pending as on their way', async () => {
    const id = await courier();
    await db.cashDeposit.createMany({
      data: [
        { courierId: id, amount: 4_000, method: 'mobile_money', status: 'pending' },
        { courierId: id, amount: 2_000, method: 'mobile_money', status: 'pending' },
        { courierId: id, amount: 9_000, method: 'mobile_money', status: 'credited' },
        { courierId: id, amount: 1_000, method: 'mobile_money', status: 'failed' },
      ],
    });
    await expect(unitOfWork.run((tx) => ledger.pendingDeposits(tx, id))).resolves.toBe(6_000);
  });

  it('the courier lock makes a second unit of work wait until the first ends', async () => {
    const id = await courier();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = unitOfWork.run(async (tx) => {
      await ledger.lockCourier(tx, id);
      locked();
      await held;
    });
    await isLocked;
    // While the first holds the lock, the second cannot take it (it gives up after 200 ms instead of waiting).
    await expect(
      unitOfWork.run(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '200ms'`);
        await ledger.lockCourier(tx, id);
      }),
    ).rejects.toThrow(/lock timeout/i);
    release();
    await first;
    await expect(unitOfWork.run((tx) => ledger.lockCourier(tx, id))).resolves.toBeUndefined();
  });
});

describe('Balances in one place: the SQL rollup and the domain’s formula agree', () => {
  it('for couriers with every kind of entry, courier_balances is the sums of the entries, and the cash table orders and totals them as courierBalances says', async () => {
    // A fixed pseudo-random walk (no Math.random: the same ledgers every run).
    let seed = 36;
    const next = (max: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % max;
    const kinds = [
      ['earnings', 'commission_earned', 1],
      ['cash', 'cash_collected', 1],
      ['cash', 'cash_deposited', -1],
      ['earnings', 'payout_sent', -1],
      ['earnings', 'payout_reversed', 1],
      ['earnings', 'adjustment', -1],
      ['cash', 'adjustment', 1],
    ] as const;
    const couriers = await Promise.all(Array.from({ length: 12 }, courier));
    for (const id of couriers) {
      const entries = Array.from({ length: 3 + next(12) }, (): NewLedgerEntry => {
        const [account, kind, sign] = kinds[next(kinds.length)]!;
        const amount = sign * 500 * (1 + next(40));
        const reference = kind === 'commission_earned' || kind === 'cash_collected' ? 'courseId' : kind === 'cash_deposited' ? 'depositId' : 'payoutId';
        return { courierId: id, account, kind, amount, ...(kind === 'adjustment' ? { reason: 'correction' } : { [reference]: crypto.randomUUID() }) };
      });
      await add(...entries);
    }

    const entries = await db.courierLedgerEntry.findMany({ where: { courierId: { in: couriers } } });
    const fromEntries = (id: string) => {
      const own = entries.filter((entry) => entry.courierId === id);
      const sum = (filter: (entry: (typeof own)[number]) => boolean) => own.filter(filter).reduce((total, entry) => total + entry.amount, 0);
      return {
        earnings: sum((entry) => entry.account === 'earnings'),
        cash: sum((entry) => entry.account === 'cash'),
        deposited: 0 - sum((entry) => entry.kind === 'cash_deposited') || 0,
      };
    };
    for (const id of couriers) await expect(ledger.sums(id)).resolves.toEqual(fromEntries(id));

    // The cash table's order is computed by PostgreSQL (cash owed, then cash held): it must be the domain's.
    const rows = [];
    for (let cursor: string | undefined; ; ) {
      const page = await cash.owingMostFirst({ limit: 5, cursor });
      rows.push(...page.rows);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const ours = rows.filter((row) => couriers.includes(row.id));
    expect(ours.map((row) => row.id).sort()).toEqual([...couriers].sort());
    const expectedOrder = [...couriers]
      .map((id) => ({ id, balances: courierBalances(fromEntries(id)) }))
      .sort((a, b) => b.balances.cash_owed - a.balances.cash_owed || b.balances.cash_held - a.balances.cash_held);
    expect(ours.map((row) => courierBalances(row.sums))).toEqual(expectedOrder.map((row) => row.balances));

    const all = await db.courierBalance.findMany();
    const { totalOnStreet } = await cash.owingMostFirst({ limit: 5 });
    expect(totalOnStreet).toBe(all.reduce((total, row) => total + Math.max(0, Number(row.cash)), 0));
  });
});
