import { Injectable } from '@nestjs/common';
import type { AuditAction, PendingCommissionDto } from '@coursa/contracts';
import { amountDue, commissionsWithin, COURIER_ROLES, courierBalances, formatGnf, walletOperatorOf, type Role } from '@coursa/domain';
import { PayoutRequestStatus, type Payout, type PayoutRequest, type Prisma } from '../../generated/prisma/client.js';
import type { Actor } from '../../common/auth/actor.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { Keyset, newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { PayoutErrors } from './payouts.errors.js';

const WITH_COURIER = { courier: { select: { fullName: true } } } as const;

const PAYOUTS_NEWEST_FIRST = newestFirst<Prisma.PayoutWhereInput, Prisma.PayoutOrderByWithRelationInput>();
/** Pending requests first (the enum's declared order, as PostgreSQL sorts it: pending, approved, rejected), then newest first. */
const REQUESTS_PENDING_FIRST = new Keyset<Pick<PayoutRequest, 'status' | 'createdAt' | 'id'>, Prisma.PayoutRequestWhereInput, Prisma.PayoutRequestOrderByWithRelationInput>([
  { field: 'status', order: 'asc', kind: Object.values(PayoutRequestStatus) },
  { field: 'createdAt', order: 'desc', kind: 'date' },
  { field: 'id', order: 'desc', kind: 'uuid' },
]);
/**
 * How many commissions a page of the pending ones lists at most (a courier's all, one courier at least): a week's
 * backlog is about 55 a courier at the soak's year, 1 100 for a page of 20 couriers.
 */
const PENDING_COMMISSIONS_PER_PAGE = 200;
/** Couriers with pending commissions, the one whose oldest commission waits longest first. */
const COURIERS_LONGEST_WAIT_FIRST = new Keyset<{ oldest: Date; courierId: string }>([
  { field: 'oldest', order: 'asc', kind: 'date' },
  { field: 'courierId', order: 'asc', kind: 'uuid' },
]);
const LONGEST_WAIT_COLUMNS = { oldest: 'c.created_at', courierId: 'c.courier_id' };

export type PayoutWithCourier = Payout & { courier: { fullName: string } };

/** A courier's pending commissions: their sum, their number and each of them (times in ISO 8601, UTC), oldest first. */
export interface PendingGroup {
  courierId: string;
  fullName: string;
  phone: string;
  courierProfile: { bankName: string | null; bankAccount: string | null } | null;
  amount: number;
  count: number;
  commissions: PendingCommissionDto[];
}

/** A payout to open: money leaves the courier's balance now, and is sent by the payout job (or at once by staff). */
export interface NewPayout {
  courierId: string;
  amount: number;
  phone: string;
  /** Unique: a second payout under the same reference is not opened. */
  reference: string;
  periodStart: Date;
  periodEnd: Date;
  /** The pending commissions this payout pays (the history shows them paid once it completes). */
  commissionIds: string[];
  runId?: string;
  /** Staff paying by hand (the payout is then sent at once, in the request); null for the weekly run and early requests. */
  createdById?: string;
}

/** Who a weekly payout goes to. */
export interface PayoutCourier {
  id: string;
  /** The back office's display number: unique, so payout references cannot collide. */
  number: number;
  phone: string;
  courierProfile: { bankName: string | null; bankAccount: string | null } | null;
}

export interface WeeklyRun {
  isoWeek: string;
  start: Date;
  end: Date;
  /** The payout's destination phone and reference, for each courier paid. */
  payoutOf: (courier: PayoutCourier) => { phone: string; reference: string };
}

export type TransferOutcome = 'completed' | 'failed';

/** A run with many couriers takes several statements each: more than Prisma's 5 s default. */
const WEEKLY_RUN_TIMEOUT_MS = 5 * 60_000;

@Injectable()
export class PayoutsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
    private readonly ledger: LedgerRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /**
   * A page of the couriers with pending commissions, in their order, each with the sum, the number and the list of their
   * pending commissions, oldest first; the page ends before its commissions pass PENDING_COMMISSIONS_PER_PAGE. The
   * couriers are found by walking the pending commissions oldest first (the (status, created_at) index) and keeping each
   * courier's first one — a commission with none of its courier's pending ones before it (one step down the (courier_id,
   * status, created_at) index; the id breaks a tie) — so a page reads about as many commissions as it shows couriers,
   * whatever the number of couriers owed (the 500 of the soak's year took one step each, 4 ms, before); their numbers
   * of pending commissions come from `commission_sums` (kept by triggers). A courier's list is built by PostgreSQL as
   * JSON in the answer's own shape (a thousand rows, which Prisma took 15 ms to map, before the page was bounded).
   */
  async pendingCommissions(page: PageRequest) {
    const groups = await this.prisma.client.$queryRaw<{ courierId: string; oldest: Date; pending: number }[]>`
      SELECT c.courier_id AS "courierId", c.created_at AS oldest,
        coalesce((SELECT sum(s.count) FROM commission_sums s WHERE s.courier_id = c.courier_id AND s.status = 'pending'), 0)::int AS pending
      FROM commissions c
      WHERE c.status = 'pending' AND ${COURIERS_LONGEST_WAIT_FIRST.sqlAfter(page.cursor, LONGEST_WAIT_COLUMNS)}
        AND NOT EXISTS (SELECT 1 FROM commissions e WHERE e.courier_id = c.courier_id AND e.status = 'pending' AND (e.created_at, e.id) < (c.created_at, c.id))
      ORDER BY ${COURIERS_LONGEST_WAIT_FIRST.sqlOrderBy(LONGEST_WAIT_COLUMNS)}
      LIMIT ${COURIERS_LONGEST_WAIT_FIRST.take(page)}`;
    const couriers = COURIERS_LONGEST_WAIT_FIRST.pageWithin(groups, page, (courier) => courier.pending, PENDING_COMMISSIONS_PER_PAGE);
    const courierIds = couriers.rows.map((courier) => courier.courierId);
    const pending = await this.prisma.client.$queryRaw<PendingGroup[]>`
      SELECT g.courier_id AS "courierId", u.full_name AS "fullName", u.phone, g.amount, g.count, g.commissions,
        (SELECT json_build_object('bankName', p.bank_name, 'bankAccount', p.bank_account) FROM courier_profiles p WHERE p.user_id = g.courier_id) AS "courierProfile"
      FROM (
        SELECT c.courier_id, sum(c.amount)::float8 AS amount, count(*)::int AS count,
          json_agg(json_build_object('id', c.id, 'amount', c.amount, 'created_at', to_char(c.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'course_id', c.course_id, 'in_payout', c.payout_id IS NOT NULL) ORDER BY c.created_at, c.id) AS commissions
        FROM commissions c
        WHERE c.status = 'pending' AND c.courier_id = ANY(${courierIds}::uuid[])
        GROUP BY c.courier_id
      ) g
      -- One primary-key step per courier of the page (OFFSET 0 keeps it a step): a join hashed every user (13 ms).
      CROSS JOIN LATERAL (SELECT full_name, phone FROM users WHERE users.id = g.courier_id OFFSET 0) u`;
    const byCourier = new Map(pending.map((group) => [group.courierId, group]));
    // A courier paid meanwhile has no group left.
    return { groups: courierIds.flatMap((id) => byCourier.get(id) ?? []), nextCursor: couriers.nextCursor };
  }

  /** The figures of the commissions summary, from `commission_sums` (kept by triggers) and this month's completed payouts. */
  async summary(monthStart: Date) {
    const [pending, paid, payments] = await Promise.all([
      this.prisma.client.commissionSum.aggregate({ where: { status: 'pending' }, _sum: { amount: true, count: true } }),
      this.prisma.client.commissionSum.aggregate({ where: { status: 'paid', month: { gte: monthStart } }, _sum: { amount: true } }),
      this.prisma.client.payout.count({ where: { status: 'completed', completedAt: { gte: monthStart } } }),
    ]);
    return {
      pendingAmount: Number(pending._sum.amount ?? 0),
      pendingCount: pending._sum.count ?? 0,
      paidThisMonth: Number(paid._sum.amount ?? 0),
      paymentsThisMonth: payments,
    };
  }

  listRequests(page: PageRequest) {
    return REQUESTS_PENDING_FIRST.read(page, {}, (args) => this.prisma.client.payoutRequest.findMany({ ...args, include: { courier: { select: { fullName: true } } } }));
  }

  findRequest(id: string): Promise<PayoutRequest | null> {
    return this.prisma.client.payoutRequest.findUnique({ where: { id } });
  }

  /**
   * Approves a pending request and opens its payout, under the courier's lock: what is due to the courier now (their
   * balance), up to the amount asked, sent by the payout job. It pays the courier's oldest unpaid commissions that fit
   * in it whole (splitting none): only those are linked, the rest stay pending (on staff's list, payable by hand).
   * Refused, with nothing changed, when nothing is due any more.
   */
  approveRequest(request: PayoutRequest, phone: string, actor: Actor, at: Date): Promise<Payout> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.lockCourier(tx, request.courierId);
      const approved = await tx.payoutRequest.updateMany({
        where: { id: request.id, status: 'pending' },
        data: { status: 'approved', handledById: actor.id, handledAt: at },
      });
      if (approved.count === 0) throw PayoutErrors.requestAlreadyHandled();
      const due = amountDue(courierBalances(await this.ledger.sums(request.courierId, tx)));
      const amount = Math.min(request.amount, due);
      if (amount <= 0) throw PayoutErrors.nothingDue();
      const paid = commissionsWithin(await this.unpaidCommissions(tx, request.courierId, at), amount);
      const payout = await this.open(tx, {
        courierId: request.courierId,
        amount,
        phone,
        reference: `EARLY-${request.id}`,
        periodStart: paid[0]?.createdAt ?? at,
        periodEnd: paid.at(-1)?.createdAt ?? at,
        commissionIds: paid.map((commission) => commission.id),
      });
      if (!payout) throw PayoutErrors.requestAlreadyHandled();
      await tx.payoutRequest.update({ where: { id: request.id }, data: { payoutId: payout.id } });
      await this.record(tx, actor, 'payment_request_approved', request.id, { amount: request.amount, payoutId: payout.id, sent: amount });
      return payout;
    });
  }

  /** False when the request is no longer pending. */
  rejectRequest(id: string, actor: Actor, at: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const rejected = await tx.payoutRequest.updateMany({ where: { id, status: 'pending' }, data: { status: 'rejected', handledById: actor.id, handledAt: at } });
      if (rejected.count === 0) return false;
      await this.record(tx, actor, 'payment_request_rejected', id);
      return true;
    });
  }

  findCourier(id: string) {
    return this.prisma.client.user.findFirst({ where: { id, role: { in: [...COURIER_ROLES] as Role[] } }, select: { id: true, fullName: true } });
  }

  /** A courier with what paying them needs (their phone and KYC wallet). */
  findPayoutCourier(id: string) {
    return this.prisma.client.user.findFirst({
      where: { id, role: { in: [...COURIER_ROLES] as Role[] } },
      select: { id: true, number: true, phone: true, fullName: true, courierProfile: { select: { bankName: true, bankAccount: true } } },
    });
  }

  /** Failed attempts of a staff payment (its next attempt takes the next reference). */
  failedAttempts(referenceBase: string): Promise<number> {
    return this.prisma.client.payout.count({ where: { reference: { startsWith: `${referenceBase}-` }, status: 'failed' } });
  }

  findCommissions(ids: string[]) {
    return this.prisma.client.commission.findMany({ where: { id: { in: ids } }, select: { id: true, courierId: true, amount: true, createdAt: true, payoutId: true, status: true } });
  }

  /**
   * Staff pay chosen commissions by hand: a payout of their total, opened only if the commissions are still unpaid
   * and the courier's balance covers it (cash they owe is kept out of their pay). Sent at once by the caller.
   */
  openStaffPayout(payout: NewPayout, actor: Actor): Promise<Payout> {
    return this.prisma.client.$transaction(async (tx) => {
      await this.ledger.lockCourier(tx, payout.courierId);
      // A second click waited for the first one's lock: its commissions are taken now.
      const free = await tx.commission.count({ where: { id: { in: payout.commissionIds }, status: 'pending', payoutId: null } });
      if (free !== payout.commissionIds.length) throw PayoutErrors.alreadyPaid();
      const due = amountDue(courierBalances(await this.ledger.sums(payout.courierId, tx)));
      if (payout.amount > due) throw PayoutErrors.aboveBalance(due);
      const opened = await this.open(tx, payout);
      if (!opened) throw PayoutErrors.alreadyPaid();
      await this.record(tx, actor, 'commission_payment_started', opened.id, { reference: opened.reference, amount: payout.amount, courierId: payout.courierId });
      return opened;
    });
  }

  /**
   * The weekly run, all or nothing, once per ISO week (the run's unique row): for each courier, the commissions due
   * are first kept out of the cash they hold (netting), then what remains due is paid by a payout sent by the payout
   * job. Null when the week already has its run; otherwise the number of payouts opened.
   */
  weeklyRun(run: WeeklyRun, at: Date): Promise<number | null> {
    return this.prisma.client.$transaction(
      async (tx) => {
        const [created] = await tx.commissionRun.createManyAndReturn({ data: [{ isoWeek: run.isoWeek }], skipDuplicates: true });
        if (!created) return null;
        const couriers = await tx.user.findMany({
          where: { ledgerEntries: { some: {} } },
          select: { id: true, number: true, phone: true, courierProfile: { select: { bankName: true, bankAccount: true } } },
          orderBy: { number: 'asc' },
        });
        let opened = 0;
        for (const courier of couriers) {
          // Read again under the courier's lock: a staff payment or a deposit may have landed since the first read.
          await this.ledger.lockCourier(tx, courier.id);
          const { balance } = courierBalances(await this.ledger.sums(courier.id, tx));
          // What was earned and collected up to the week's end, less what left since (README "Courier money").
          const week = await this.ledger.sumsUntil(tx, courier.id, run.end);
          // Cash already on its way to Coursa (a mobile-money deposit started) is not netted a second time.
          const nettable = week.cash - (await this.ledger.pendingDeposits(tx, courier.id));
          const netted = Math.min(Math.max(week.earnings, 0), Math.max(nettable, 0));
          const reason = `Semaine ${run.isoWeek}`;
          if (netted > 0) {
            await this.ledger.add(
              tx,
              { courierId: courier.id, account: 'earnings', kind: 'cash_netted', amount: -netted, reason },
              { courierId: courier.id, account: 'cash', kind: 'cash_netted', amount: -netted, reason },
            );
          }
          // Netting takes as much from both accounts: the balance is unchanged, and no more than it is ever sent.
          const pay = Math.max(0, Math.min(week.earnings - netted, balance));
          const unpaid = await this.unpaidCommissions(tx, courier.id, run.end);
          // Everything earned up to the week's end settled: every commission of the week and before is. Else those that fit whole.
          const settled = pay === week.earnings - netted ? unpaid : commissionsWithin(unpaid, netted + pay);
          if (pay > 0 && settled.length) {
            const payout = await this.open(tx, {
              courierId: courier.id,
              amount: pay,
              ...run.payoutOf(courier),
              periodStart: run.start,
              periodEnd: run.end,
              commissionIds: settled.map((commission) => commission.id),
              runId: created.id,
            });
            if (payout) opened++;
          } else if (pay === 0 && settled.length) {
            // Kept entirely out of the cash the courier holds: paid without a transfer.
            await tx.commission.updateMany({ where: { id: { in: settled.map((commission) => commission.id) } }, data: { status: 'paid', paidAt: at } });
          }
          // A balance with no commission of the week behind it (a correction) is not sent by the run: a payout says what
          // it covers. It stays due, for an early payment or the next run.
        }
        await tx.commissionRun.update({ where: { id: created.id }, data: { finishedAt: at } });
        return opened;
      },
      { timeout: WEEKLY_RUN_TIMEOUT_MS },
    );
  }

  /** The provider's final word, taken once: a completed transfer pays its commissions, a failed one comes back into the balance. */
  settle(
    payoutId: string,
    outcome: TransferOutcome,
    actor: Actor | null,
    at: Date,
    details: Prisma.InputJsonObject,
    /** Staff paid it outside Coursa (issue 34): how, kept on the payout. */
    paidOutside?: Prisma.InputJsonObject,
  ): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const settled = await tx.payout.updateMany({
        where: { id: payoutId, status: 'processing' },
        data: {
          status: outcome,
          completedAt: outcome === 'completed' ? at : undefined,
          failureReason: outcome === 'failed' ? String(details.reason ?? 'transfer_failed') : paidOutside ? null : undefined,
          ...(paidOutside && { paidOutside, method: 'outside' }),
        },
      });
      if (settled.count === 0) return false;
      const payout = await tx.payout.findUniqueOrThrow({ where: { id: payoutId }, include: WITH_COURIER });
      if (outcome === 'completed') {
        await tx.commission.updateMany({ where: { payoutId, status: 'pending' }, data: { status: 'paid', paidAt: at } });
      } else {
        await tx.commission.updateMany({ where: { payoutId }, data: { payoutId: null } });
        await this.ledger.add(tx, { courierId: payout.courierId, account: 'earnings', kind: 'payout_reversed', amount: payout.totalCommission, payoutId });
        await this.outbox.add(tx, {
          type: 'staff.notice',
          aggregateType: 'payout',
          aggregateId: payoutId,
          payload: { kind: 'payout_failed', message: `Virement échoué : ${formatGnf(payout.totalCommission)} pour ${payout.courier.fullName}, remis à son solde.` },
        });
      }
      await this.record(tx, actor, `commission_payment_${outcome}`, payoutId, details);
      return true;
    });
  }

  /**
   * No rail can pay this payout's wallet (an Orange wallet: Orange has no transfer API for Guinea): it stays
   * processing, its money out of the balance, with the reason, until staff pay it outside Coursa (issue 34).
   */
  async awaitOutside(payoutId: string, reason: string): Promise<void> {
    await this.prisma.client.payout.updateMany({ where: { id: payoutId, status: 'processing' }, data: { failureReason: reason } });
  }

  async countAttempt(payoutId: string): Promise<void> {
    await this.prisma.client.payout.update({ where: { id: payoutId }, data: { attempts: { increment: 1 } } });
  }

  findPayout(id: string): Promise<PayoutWithCourier | null> {
    return this.prisma.client.payout.findUnique({ where: { id }, include: WITH_COURIER });
  }

  listPayouts(page: PageRequest): Promise<RowsPage<PayoutWithCourier>> {
    return PAYOUTS_NEWEST_FIRST.read(page, {}, (args) => this.prisma.client.payout.findMany({ ...args, include: WITH_COURIER }));
  }

  /**
   * Opens a payout in the caller's transaction: its row (unique reference; null when it exists already), its
   * commissions linked, the money out of the courier's balance (ledger), and, unless staff send it at once, the
   * event that queues its transfer.
   */
  private async open(tx: Tx, payout: NewPayout): Promise<Payout | null> {
    const [created] = await tx.payout.createManyAndReturn({
      data: [
        {
          courierId: payout.courierId,
          runId: payout.runId,
          periodStart: payout.periodStart,
          periodEnd: payout.periodEnd,
          totalCourses: payout.commissionIds.length,
          totalCommission: payout.amount,
          method: 'mobile_money',
          phone: payout.phone,
          provider: walletOperatorOf(payout.phone),
          reference: payout.reference,
          createdById: payout.createdById,
        },
      ],
      skipDuplicates: true,
    });
    if (!created) return null;
    if (payout.commissionIds.length) {
      const linked = await tx.commission.updateMany({
        where: { id: { in: payout.commissionIds }, courierId: payout.courierId, status: 'pending', payoutId: null },
        data: { payoutId: created.id },
      });
      if (linked.count !== payout.commissionIds.length) throw PayoutErrors.alreadyPaid();
    }
    await this.ledger.add(tx, { courierId: payout.courierId, account: 'earnings', kind: 'payout_sent', amount: -payout.amount, payoutId: created.id });
    if (!payout.createdById) {
      await this.outbox.add(tx, { type: 'payout.created', aggregateType: 'payout', aggregateId: created.id, payload: { payoutId: created.id } });
    }
    return created;
  }

  /** A courier's pending commissions in no payout, created up to `until`, oldest first. */
  private unpaidCommissions(tx: Tx, courierId: string, until: Date) {
    return tx.commission.findMany({
      where: { courierId, status: 'pending', payoutId: null, createdAt: { lte: until } },
      select: { id: true, createdAt: true, amount: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** An audit line; a payout the worker settles (no person acting) is recorded without an actor. */
  private record(tx: Tx, actor: Actor | null, action: AuditAction, resourceId: string, details?: Prisma.InputJsonObject) {
    return this.audit.record(
      { actorId: actor?.id ?? null, actorRole: actor?.role ?? null, action, resourceType: 'commission', resourceId, success: true, ip: actor?.ip, details },
      tx,
    );
  }
}
