import { Inject, Injectable } from '@nestjs/common';
import type {
  CommissionSummaryDto,
  PaymentRequestsResponse,
  PayoutDto,
  PayoutSentResponse,
  PayoutsResponse,
  PendingCommissionsResponse,
  SuccessResponse,
} from '@coursa/contracts';
import { formatGnf, paidOutsideRecord, payableWallet, WALLET_OPERATOR_LABELS } from '@coursa/domain';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { MarkPaidOutsideInput, ProcessPaymentInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { LOGGER } from '../../common/logging/logger.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import { GatewayError } from '../../common/money-gateways/payment-gateway.js';
import { NoRailError, PAYOUT_GATEWAY, type PayoutGateway, type TransferState } from '../../common/money-gateways/payout-gateway.js';
import { Clock } from '../../common/security/secrets.js';
import type { Actor } from '../../common/auth/actor.js';
import { payoutWallet } from './payout-wallet.js';
import { PayoutErrors } from './payouts.errors.js';
import { PayoutsRepository, type PayoutWithCourier } from './payouts.repository.js';
import { ApprovePayoutRequestUseCase } from './use-cases/approve-payout-request.use-case.js';
import { OpenStaffPayoutUseCase } from './use-cases/open-staff-payout.use-case.js';
import { RejectPayoutRequestUseCase } from './use-cases/reject-payout-request.use-case.js';
import { SettlePayoutUseCase } from './use-cases/settle-payout.use-case.js';

/** Why a payout waits for staff: no rail can pay its wallet (README « Reconciliation »). */
export const NO_RAIL_REASON = 'Aucun virement possible vers ce portefeuille : à payer hors Coursa.';

/** Back-office spec §7 "Payments and commissions": pending commissions, early payment requests, payouts. */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly clock: Clock,
    @Inject(PAYOUT_GATEWAY) private readonly gateway: PayoutGateway | null,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly settlePayout: SettlePayoutUseCase,
    private readonly approvePayoutRequest: ApprovePayoutRequestUseCase,
    private readonly rejectPayoutRequest: RejectPayoutRequestUseCase,
    private readonly openStaffPayout: OpenStaffPayoutUseCase,
  ) {}

  /** A page of couriers in the order of their oldest pending commission, each with all of them, oldest first. */
  async pendingCommissions(page: PageRequest): Promise<PendingCommissionsResponse> {
    const { groups, nextCursor } = await this.payouts.pendingCommissions(page);
    return {
      commissions: groups.map((group) => ({
        deliverer_id: group.courierId,
        deliverer_name: group.fullName,
        deliverer_phone: group.phone,
        deliverer_wallet: payoutWallet(group),
        amount: group.amount,
        count: group.count,
        commissions: group.commissions,
      })),
      next_cursor: nextCursor,
    };
  }

  /** This month is the calendar month in Conakry, which keeps UTC all year. */
  async summary(): Promise<CommissionSummaryDto> {
    const now = this.clock.now();
    const totals = await this.payouts.summary(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
    return {
      pending_amount: totals.pendingAmount,
      pending_count: totals.pendingCount,
      paid_this_month: totals.paidThisMonth,
      payments_this_month: totals.paymentsThisMonth,
    };
  }

  /** Pending first, then newest first, a page at a time. */
  async paymentRequests(page: PageRequest): Promise<PaymentRequestsResponse> {
    const { rows, nextCursor } = await this.payouts.listRequests(page);
    return {
      requests: rows.map((request) => ({
        id: request.id,
        deliverer_id: request.courierId,
        deliverer_name: request.courier.fullName,
        amount: request.amount,
        reason: request.reason,
        status: request.status,
        created_at: request.createdAt.toISOString(),
      })),
      next_cursor: nextCursor,
    };
  }

  /** Approving sends what is due now (up to the amount asked) to the courier's wallet, through the payout job. */
  async approveRequest(staff: AuthUser, id: string, ip?: string): Promise<SuccessResponse> {
    const request = await this.pendingRequest(id);
    const courier = await this.payouts.findPayoutCourier(request.courierId);
    if (!courier) throw PayoutErrors.courierNotFound();
    await this.approvePayoutRequest.execute(request, payoutWallet(courier), actorOf(staff, ip), this.clock.now());
    return { success: true, message: 'Demande approuvée avec succès' };
  }

  async rejectRequest(staff: AuthUser, id: string, ip?: string): Promise<SuccessResponse> {
    await this.pendingRequest(id);
    await this.rejectPayoutRequest.execute(id, actorOf(staff, ip), this.clock.now());
    return { success: true, message: 'Demande rejetée avec succès' };
  }

  /** Newest first, a page at a time. */
  async payoutsHistory(page: PageRequest): Promise<PayoutsResponse> {
    const { rows, nextCursor } = await this.payouts.listPayouts(page);
    return { payouts: rows.map(toPayoutDto), next_cursor: nextCursor };
  }

  /**
   * Staff pay chosen commissions of one courier by one mobile-money transfer, to an Orange Money or MTN MoMo wallet,
   * exactly once: the payout is opened first under a reference derived from the sorted commission ids (and the
   * attempt), then sent.
   */
  async processPayment(staff: AuthUser, input: ProcessPaymentInput, ip?: string): Promise<PayoutSentResponse> {
    if (!this.gateway) throw PayoutErrors.notConfigured();
    const phone = payableWallet(input.phone);
    if (!phone) throw PayoutErrors.walletNotSupported();
    const courier = await this.payouts.findCourier(input.deliverer_id);
    if (!courier) throw PayoutErrors.courierNotFound();
    const ids = [...new Set(input.commission_ids)].sort();
    const commissions = await this.payouts.findCommissions(ids);
    if (commissions.length !== ids.length || commissions.some((commission) => commission.courierId !== courier.id)) {
      throw PayoutErrors.commissionNotFound();
    }
    if (commissions.some((commission) => commission.status !== 'pending' || commission.payoutId)) throw PayoutErrors.alreadyPaid();
    const dates = commissions.map((commission) => commission.createdAt.getTime());
    const actor = actorOf(staff, ip);
    const base = `PAYOUT-${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 20)}`;
    const payout = await this.openStaffPayout.execute(
      {
        courierId: courier.id,
        commissionIds: ids,
        amount: commissions.reduce((sum, commission) => sum + commission.amount, 0),
        periodStart: new Date(Math.min(...dates)),
        periodEnd: new Date(Math.max(...dates)),
        phone,
        reference: `${base}-${(await this.payouts.failedAttempts(base)) + 1}`,
        createdById: staff.id,
      },
      actor,
    );
    return this.answer(payout.id, await this.transfer(payout.id, actor));
  }

  /** Asks again where a transfer stands (the operator had not confirmed it), and settles it if it now can. */
  async checkStatus(staff: AuthUser, id: string, ip?: string): Promise<PayoutSentResponse> {
    if (!this.gateway) throw PayoutErrors.notConfigured();
    const payout = await this.payouts.findPayout(id);
    if (!payout) throw PayoutErrors.payoutNotFound();
    if (payout.status !== 'processing') throw PayoutErrors.notInTransfer();
    return this.answer(payout.id, await this.transfer(payout.id, actorOf(staff, ip)));
  }

  /**
   * Staff paid a payout no rail could send outside Coursa (« Marquer comme payé hors Coursa », issue 34): completed
   * once, as a confirmed transfer is (its commissions paid; its money left the balance when it was opened). Only a
   * payout that waits for it: one whose transfer is under way may still be paid by the operator.
   */
  async markPaidOutside(staff: AuthUser, id: string, input: MarkPaidOutsideInput, ip?: string): Promise<{ message: string }> {
    const payout = await this.payouts.findPayout(id);
    if (!payout) throw PayoutErrors.payoutNotFound();
    if (payout.status !== 'processing' || !this.waitsOutside(payout)) throw PayoutErrors.notWaitingOutside();
    const outside = paidOutsideRecord(input, staff.id);
    const done = await this.settlePayout.execute(payout.id, 'completed', actorOf(staff, ip), this.clock.now(), { reference: payout.reference, outside }, outside);
    if (!done) throw PayoutErrors.notWaitingOutside();
    return { message: `Paiement de ${formatGnf(payout.totalCommission)} à ${payout.courier.fullName} enregistré comme payé hors Coursa.` };
  }

  /** Whether transfers are set up at all (MTN MoMo Disbursement, live; always in the sandbox). */
  get sendsTransfers(): boolean {
    return this.gateway !== null;
  }

  /** A processing payout nothing can send: no rail for its wallet, or no transfers set up at all. */
  private waitsOutside(payout: { status: string; failureReason: string | null }): boolean {
    return payout.status === 'processing' && (payout.failureReason === NO_RAIL_REASON || !this.sendsTransfers);
  }

  /** The payout job: sends a payout opened by the weekly run or an approved request; a transfer still pending is retried. */
  async sendQueued(payoutId: string): Promise<void> {
    if (!this.gateway) throw PayoutErrors.notConfigured();
    const state = await this.transfer(payoutId, null);
    // A payout no rail can send ('outside') waits for staff: the job is done with it.
    if (state === 'pending') throw new Error(`payout ${payoutId}: transfer not confirmed yet`);
  }

  /**
   * Sends a processing payout and records the operator's answer. Sending again is harmless: the operator sends a
   * reference once. A refusal or a FAILED status puts the money back into the courier's balance; when the outcome is
   * unknown the payout stays processing, so no second transfer can pay it.
   */
  private async transfer(payoutId: string, actor: Actor | null): Promise<TransferState | 'outside'> {
    const gateway = this.gateway!;
    const payout = await this.payouts.findPayout(payoutId);
    if (!payout) throw PayoutErrors.payoutNotFound();
    if (payout.status !== 'processing') return payout.status;
    if (payout.failureReason === NO_RAIL_REASON) return 'outside';
    await this.payouts.countAttempt(payout.id);
    let providerReference: string;
    try {
      ({ providerReference } = await gateway.transfer({ reference: payout.reference, amount: payout.totalCommission, phone: payout.phone! }));
    } catch (error) {
      if (error instanceof NoRailError) {
        // Nothing was sent, and nothing can be: the payout (its money out of the balance) waits to be paid by staff.
        await this.payouts.awaitOutside(payout.id, NO_RAIL_REASON);
        if (actor) throw PayoutErrors.noRail();
        return 'outside';
      }
      if (!(error instanceof GatewayError) || error.retryable) throw this.unconfirmed(payout, error, actor);
      await this.settlePayout.execute(payout.id, 'failed', actor, this.clock.now(), { reference: payout.reference, reason: error.message });
      if (actor) throw PayoutErrors.transferFailed();
      return 'failed';
    }
    let state: TransferState;
    try {
      state = await gateway.status(providerReference);
    } catch (error) {
      throw this.unconfirmed(payout, error, actor);
    }
    if (state !== 'pending') {
      await this.settlePayout.execute(payout.id, state, actor, this.clock.now(), { reference: payout.reference, providerReference });
      if (state === 'failed' && actor) throw PayoutErrors.transferFailed();
    }
    return state;
  }

  private async answer(payoutId: string, state: TransferState | 'outside'): Promise<PayoutSentResponse> {
    const payout = (await this.payouts.findPayout(payoutId))!;
    const amount = formatGnf(payout.totalCommission);
    const name = payout.courier.fullName;
    const wallet = payout.provider ? ` (${WALLET_OPERATOR_LABELS[payout.provider as keyof typeof WALLET_OPERATOR_LABELS]})` : '';
    return {
      success: true,
      message:
        state === 'completed'
          ? `Paiement de ${amount} envoyé à ${name}${wallet}.`
          : state === 'outside'
            ? `Aucun virement possible vers ce portefeuille${wallet} : paiement de ${amount} à ${name} à faire hors Coursa.`
            : `Paiement de ${amount} envoyé à ${name}${wallet}, en attente de confirmation de l'opérateur.`,
      payout: toPayoutDto(payout),
    };
  }

  /** The outcome is unknown: staff are told so; the payout job retries later. */
  private unconfirmed(payout: PayoutWithCourier, error: unknown, actor: Actor | null) {
    if (!(error instanceof GatewayError)) return error;
    this.logger.warn({ payoutId: payout.id, reference: payout.reference, err: error.message }, 'payout transfer unconfirmed');
    return actor ? PayoutErrors.transferUnconfirmed() : error;
  }

  /** A pending request, else 404 (unknown) or 409 (already handled). */
  private async pendingRequest(id: string) {
    const request = await this.payouts.findRequest(id);
    if (!request) throw PayoutErrors.requestNotFound();
    if (request.status !== 'pending') throw PayoutErrors.requestAlreadyHandled();
    return request;
  }
}

const actorOf = (staff: AuthUser, ip?: string): Actor => ({ id: staff.id, role: staff.role, ip });

function toPayoutDto(payout: PayoutWithCourier): PayoutDto {
  return {
    id: payout.id,
    deliverer_name: payout.courier.fullName,
    amount: payout.totalCommission,
    total_courses: payout.totalCourses,
    period_start: payout.periodStart.toISOString(),
    period_end: payout.periodEnd.toISOString(),
    method: payout.method,
    phone: payout.phone,
    reference: payout.reference,
    status: payout.status,
    created_at: payout.createdAt.toISOString(),
    completed_at: payout.completedAt?.toISOString() ?? null,
  };
}
