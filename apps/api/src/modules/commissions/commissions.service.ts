import { Inject, Injectable } from '@nestjs/common';
import { jobIds, JobName } from '@coursa/contracts';
import { commissionFor, EARLY_PAYMENT_MESSAGES, isOverCashCap, isoWeekRange, nextWeeklyRun, previousIsoWeek, WEEKLY_RUN_MESSAGES, type Role } from '@coursa/domain';
import type { PaymentRequestInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { Clock } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { CommissionErrors } from './commissions.errors.js';
import { CommissionsRepository } from './commissions.repository.js';
import { RequestEarlyPaymentUseCase } from './use-cases/request-early-payment.use-case.js';
import type { CommissionHistoryResponse, EarningsSummaryDto, LedgerResponse, PaymentHistoryResponse, PaymentRequestDto, WeeklyRunQueuedResponse, WeeklyRunReportDto } from '@coursa/contracts';

/** An ISO week's Monday and Sunday, as dates (YYYY-MM-DD). */
function weekDays(isoWeek: string): { period_start: string; period_end: string } {
  const { start, end } = isoWeekRange(isoWeek);
  return { period_start: start.toISOString().slice(0, 10), period_end: end.toISOString().slice(0, 10) };
}

const PAYMENT_STATUS = { completed: 'completed', failed: 'failed', processing: 'in_progress' } as const;

@Injectable()
export class CommissionsService {
  constructor(
    private readonly commissions: CommissionsRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly requestEarlyPayment: RequestEarlyPaymentUseCase,
  ) {}

  /** The share of a course price a courier earns: salaried couriers also draw a salary. */
  rateFor(role: Role): number {
    return role === 'salaried_delivery' ? this.config.COMMISSION_RATE_SALARIED : this.config.COMMISSION_RATE_INDEPENDENT;
  }

  /**
   * The courier's commission on a course they handed over, on what the client pays (`finalPrice`), in the handover's
   * transaction (called by the course lifecycle).
   */
  async recordForDelivery(tx: SqlTx, course: { id: string; courierId: string | null; finalPrice: number | null; estimatedPrice: number; discount: number }, courierRole: Role): Promise<void> {
    if (!course.courierId) return;
    const price = course.finalPrice ?? course.estimatedPrice - course.discount;
    const rate = this.rateFor(courierRole);
    const amount = commissionFor(price, rate);
    await this.commissions.create(tx, { courierId: course.courierId, courseId: course.id, courseAmount: price, rateBps: Math.round(rate * 10_000), amount });
    await this.ledger.commissionEarned(tx, course.courierId, course.id, amount);
  }

  async earnings(courier: AuthUser): Promise<EarningsSummaryDto> {
    const [{ pending, paid }, balances] = await Promise.all([this.commissions.totalsByStatus(courier.id), this.ledger.balancesOf(courier.id)]);
    const cap = this.config.COURIER_CASH_CAP_GNF;
    return {
      ...balances,
      cash_cap: cap,
      over_cash_cap: isOverCashCap(balances, cap),
      pending_amount: pending.amount,
      pending_courses: pending.count,
      paid_amount: paid.amount,
      paid_courses: paid.count,
      total_amount: pending.amount + paid.amount,
      total_courses: pending.count + paid.count,
      next_payment_date: nextWeeklyRun(this.clock.now()).toISOString(),
      commission_rate: this.rateFor(courier.role),
      payment_frequency: 'weekly',
    };
  }

  /** Newest first, each at the rate it was earned at. */
  async commissionHistory(courier: AuthUser, page: PageRequest): Promise<CommissionHistoryResponse> {
    const { rows, nextCursor } = await this.commissions.listCommissions(courier.id, page);
    const commissions = rows.map((commission) => ({
      id: commission.id,
      status: commission.status,
      created_at: commission.createdAt.toISOString(),
      course_info: { pickup_address: commission.course.pickupAddress, delivery_address: commission.course.deliveryAddress },
      course_amount: commission.courseAmount,
      commission_amount: commission.amount,
      commission_rate: commission.rateBps / 10_000,
    }));
    return { commissions, next_cursor: nextCursor };
  }

  /** Newest first. */
  async paymentHistory(courier: AuthUser, page: PageRequest): Promise<PaymentHistoryResponse> {
    const { rows, nextCursor } = await this.commissions.listPayouts(courier.id, page);
    const payments = rows.map((payout) => ({
      id: payout.id,
      payment_status: PAYMENT_STATUS[payout.status],
      created_at: payout.createdAt.toISOString(),
      period_start: payout.periodStart.toISOString(),
      period_end: payout.periodEnd.toISOString(),
      total_courses: payout.totalCourses,
      payment_method: payout.method,
      payment_reference: payout.reference,
      total_commission: payout.totalCommission,
    }));
    return { payments, next_cursor: nextCursor };
  }

  /** Early payment (spec §5), decided by RequestEarlyPaymentUseCase. Staff's approval sends it. */
  async requestPayment(courier: AuthUser, input: PaymentRequestInput, ip?: string): Promise<{ message: string; request: PaymentRequestDto }> {
    const request = await this.requestEarlyPayment.execute({ id: courier.id, role: courier.role, ip }, input.amount, input.reason);
    return {
      message: EARLY_PAYMENT_MESSAGES.submitted,
      request: { id: request.id, amount: request.amount, reason: request.reason, status: request.status, created_at: request.createdAt.toISOString() },
    };
  }

  /** The courier's ledger, newest first. */
  async ledgerOf(courier: AuthUser, page: PageRequest): Promise<LedgerResponse> {
    return this.ledger.entries(courier.id, page);
  }

  /** Staff run a week's batch on demand (by default the week just ended); the job id makes two clicks one job. */
  async requestWeeklyRun(staff: AuthUser, isoWeek: string | undefined, ip?: string): Promise<WeeklyRunQueuedResponse> {
    const now = this.clock.now();
    const week = isoWeek ?? previousIsoWeek(now);
    // A week still under way would take its run's one row now, and its Monday run would then pay nothing.
    if (isoWeekRange(week).end > now) throw CommissionErrors.weekNotOver();
    await this.jobs.add(JobName.WeeklyCommissionRun, { isoWeek: week }, { jobId: jobIds.weeklyCommissionRun(week) });
    await this.audit.record({ actorId: staff.id, actorRole: staff.role, action: 'commission_run_requested', resourceType: 'commission', resourceId: week, success: true, ip });
    return { message: WEEKLY_RUN_MESSAGES.started(week), iso_week: week, ...weekDays(week) };
  }

  /** A week's run as it stands (issue 38): the back office follows it after starting it, until it says what it paid. */
  async weeklyRunReport(isoWeek: string): Promise<WeeklyRunReportDto> {
    const run = await this.commissions.findRun(isoWeek);
    const done = Boolean(run?.finishedAt);
    return {
      iso_week: isoWeek,
      ...weekDays(isoWeek),
      done,
      couriers_paid: done ? run!.couriersPaid : null,
      total_paid: done ? run!.totalPaid : null,
      message: done ? WEEKLY_RUN_MESSAGES.report(isoWeek, run!.couriersPaid, run!.totalPaid) : WEEKLY_RUN_MESSAGES.started(isoWeek),
    };
  }
}
