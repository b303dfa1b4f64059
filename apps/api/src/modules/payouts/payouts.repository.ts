import { Injectable } from '@nestjs/common';
import type { AuditAction, PendingCommissionDto } from '@coursa/contracts';
import { COURIER_ROLES, walletOperatorOf, type Role } from '@coursa/domain';
import { PayoutRequestStatus, type Payout, type PayoutRequest, type Prisma } from '../../generated/prisma/client.js';
import type { Actor } from '../../common/auth/actor.js';
import { Keyset, newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';

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

export type TransferOutcome = 'completed' | 'failed';

@Injectable()
export class PayoutsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
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
   * Moves a pending request to `approved` or `rejected`, once: false when it was no longer pending (another click
   * handled it first).
   */
  async handleRequest(tx: Tx, id: string, status: 'approved' | 'rejected', handledById: string, at: Date): Promise<boolean> {
    const handled = await tx.payoutRequest.updateMany({ where: { id, status: 'pending' }, data: { status, handledById, handledAt: at } });
    return handled.count > 0;
  }

  async linkRequestPayout(tx: Tx, requestId: string, payoutId: string): Promise<void> {
    await tx.payoutRequest.update({ where: { id: requestId }, data: { payoutId } });
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

  /** How many of these commissions are still pending and in no payout. */
  freeCommissions(tx: Tx, ids: string[]): Promise<number> {
    return tx.commission.count({ where: { id: { in: ids }, status: 'pending', payoutId: null } });
  }

  /** The week's run row, once per ISO week (its unique key): null when the week already has its run. */
  async startRun(tx: Tx, isoWeek: string): Promise<{ id: string } | null> {
    const [created] = await tx.commissionRun.createManyAndReturn({ data: [{ isoWeek }], skipDuplicates: true, select: { id: true } });
    return created ?? null;
  }

  async finishRun(tx: Tx, runId: string, at: Date, paid: { couriersPaid: number; totalPaid: number }): Promise<void> {
    await tx.commissionRun.update({ where: { id: runId }, data: { finishedAt: at, ...paid } });
  }

  /** Everyone with ledger entries, with what paying them needs, in their display number's order. */
  couriersWithEntries(tx: Tx): Promise<PayoutCourier[]> {
    return tx.user.findMany({
      where: { ledgerEntries: { some: {} } },
      select: { id: true, number: true, phone: true, courierProfile: { select: { bankName: true, bankAccount: true } } },
      orderBy: { number: 'asc' },
    });
  }

  /** Commissions paid without a transfer (kept out of the cash the courier holds). */
  async markPaid(tx: Tx, ids: string[], at: Date): Promise<void> {
    await tx.commission.updateMany({ where: { id: { in: ids } }, data: { status: 'paid', paidAt: at } });
  }

  /**
   * Moves a processing payout to its outcome, once: false when it was no longer processing. A failed one keeps its
   * reason; one paid outside Coursa (issue 34) keeps how.
   */
  async settleRow(tx: Tx, payoutId: string, outcome: TransferOutcome, at: Date, failureReason: string | undefined, paidOutside?: Prisma.InputJsonObject): Promise<boolean> {
    const settled = await tx.payout.updateMany({
      where: { id: payoutId, status: 'processing' },
      data: {
        status: outcome,
        completedAt: outcome === 'completed' ? at : undefined,
        failureReason: outcome === 'failed' ? failureReason : paidOutside ? null : undefined,
        ...(paidOutside && { paidOutside, method: 'outside' }),
      },
    });
    return settled.count > 0;
  }

  /** A completed payout's commissions are paid. */
  async payCommissionsOf(tx: Tx, payoutId: string, at: Date): Promise<void> {
    await tx.commission.updateMany({ where: { payoutId, status: 'pending' }, data: { status: 'paid', paidAt: at } });
  }

  /** A failed payout's commissions are free again (pending, payable by another payout). */
  async freeCommissionsOf(tx: Tx, payoutId: string): Promise<void> {
    await tx.commission.updateMany({ where: { payoutId }, data: { payoutId: null } });
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

  findPayout(id: string, tx?: Tx): Promise<PayoutWithCourier | null> {
    return (tx ?? this.prisma.client).payout.findUnique({ where: { id }, include: WITH_COURIER });
  }

  listPayouts(page: PageRequest): Promise<RowsPage<PayoutWithCourier>> {
    return PAYOUTS_NEWEST_FIRST.read(page, {}, (args) => this.prisma.client.payout.findMany({ ...args, include: WITH_COURIER }));
  }

  /** A payout's row, in the caller's unit of work: null when one exists already under its reference (unique). */
  async insertPayout(tx: Tx, payout: NewPayout): Promise<Payout | null> {
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
    return created ?? null;
  }

  /** Links the courier's commissions still pending and in no payout to this payout: the number linked. */
  async linkCommissions(tx: Tx, payoutId: string, courierId: string, commissionIds: string[]): Promise<number> {
    const linked = await tx.commission.updateMany({
      where: { id: { in: commissionIds }, courierId, status: 'pending', payoutId: null },
      data: { payoutId },
    });
    return linked.count;
  }

  /** A courier's pending commissions in no payout, created up to `until`, oldest first. */
  unpaidCommissions(tx: Tx, courierId: string, until: Date) {
    return tx.commission.findMany({
      where: { courierId, status: 'pending', payoutId: null, createdAt: { lte: until } },
      select: { id: true, createdAt: true, amount: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** An audit line; a payout the worker settles (no person acting) is recorded without an actor. */
  record(tx: Tx, actor: Actor | null, action: AuditAction, resourceId: string, details?: Prisma.InputJsonObject) {
    return this.audit.record(
      { actorId: actor?.id ?? null, actorRole: actor?.role ?? null, action, resourceType: 'commission', resourceId, success: true, ip: actor?.ip, details },
      tx,
    );
  }
}
