import { Inject, Injectable } from '@nestjs/common';
import type {
  CommissionSummaryDto,
  PaymentRequestsResponse,
  PayoutDto,
  PayoutSentResponse,
  PendingCommissionGroupDto,
  PendingCommissionsResponse,
  SuccessResponse,
} from '@coursa/contracts';
import { formatGnf, toGuineanMobile } from '@coursa/domain';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { LOGGER } from '../../common/logging/logger.js';
import { GatewayError } from '../../common/money-gateways/payment-gateway.js';
import { PAYOUT_GATEWAY, type PayoutGateway, type TransferState } from '../../common/money-gateways/payout-gateway.js';
import { Clock } from '../../common/security/secrets.js';
import type { Actor } from '../../common/auth/actor.js';
import { acceptsPayer } from '../payments/payment-methods.js';
import { PaymentErrors } from '../payments/payments.errors.js';
import type { ProcessPaymentInput } from './dto/payouts.dto.js';
import { PayoutErrors } from './payouts.errors.js';
import { PayoutsRepository, type PayoutWithCourier } from './payouts.repository.js';

/** Back-office spec §7 "Payments and commissions": pending commissions, early payment requests, payouts. */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly clock: Clock,
    @Inject(PAYOUT_GATEWAY) private readonly gateway: PayoutGateway | null,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Couriers in the order of their oldest pending commission, which comes first in each group. */
  async pendingCommissions(): Promise<PendingCommissionsResponse> {
    const groups = new Map<string, PendingCommissionGroupDto>();
    for (const commission of await this.payouts.pendingCommissions()) {
      const { courier } = commission;
      let group = groups.get(courier.id);
      if (!group) {
        group = { deliverer_id: courier.id, deliverer_name: courier.fullName, deliverer_phone: courier.phone, amount: 0, count: 0, commissions: [] };
        groups.set(courier.id, group);
      }
      group.amount += commission.amount;
      group.count += 1;
      group.commissions.push({ id: commission.id, amount: commission.amount, created_at: commission.createdAt.toISOString(), course_id: commission.courseId });
    }
    return { commissions: [...groups.values()] };
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

  async paymentRequests(): Promise<PaymentRequestsResponse> {
    return {
      requests: (await this.payouts.listRequests()).map((request) => ({
        id: request.id,
        deliverer_id: request.courierId,
        deliverer_name: request.courier.fullName,
        amount: request.amount,
        reason: request.reason,
        status: request.status,
        created_at: request.createdAt.toISOString(),
      })),
    };
  }

  async approveRequest(staff: AuthUser, id: string, ip?: string): Promise<SuccessResponse> {
    const request = await this.pendingRequest(id);
    await this.payouts.approveRequest(request, actorOf(staff, ip), this.clock.now());
    return { success: true, message: 'Demande approuvée avec succès' };
  }

  async rejectRequest(staff: AuthUser, id: string, ip?: string): Promise<SuccessResponse> {
    await this.pendingRequest(id);
    if (!(await this.payouts.rejectRequest(id, actorOf(staff, ip), this.clock.now()))) throw PayoutErrors.requestAlreadyHandled();
    return { success: true, message: 'Demande rejetée avec succès' };
  }

  async payoutsHistory(): Promise<PayoutDto[]> {
    return (await this.payouts.listPayouts()).map(toPayoutDto);
  }

  /**
   * Pays pending commissions of one courier by one mobile-money transfer, exactly once: they are claimed first
   * (see PayoutsRepository.claimForTransfer), then sent under a reference derived from their sorted ids.
   */
  async processPayment(staff: AuthUser, input: ProcessPaymentInput, ip?: string): Promise<PayoutSentResponse> {
    if (!this.gateway) throw PayoutErrors.notConfigured();
    // MTN MoMo Disbursement is the one payout rail, so the wallet must be an MTN one (the sandbox stands in for it).
    const phone = toGuineanMobile(input.phone);
    if (!phone || !acceptsPayer('mtn_momo', phone)) throw PaymentErrors.invalidMobileMoneyPhone('MTN MoMo');
    const courier = await this.payouts.findCourier(input.deliverer_id);
    if (!courier) throw PayoutErrors.courierNotFound();
    const ids = [...new Set(input.commission_ids)].sort();
    const commissions = await this.payouts.findCommissions(ids);
    if (commissions.length !== ids.length || commissions.some((commission) => commission.courierId !== courier.id)) {
      throw PayoutErrors.commissionNotFound();
    }
    const dates = commissions.map((commission) => commission.createdAt.getTime());
    const actor = actorOf(staff, ip);
    const payout = await this.payouts.claimForTransfer(
      {
        courierId: courier.id,
        commissionIds: ids,
        amount: commissions.reduce((sum, commission) => sum + commission.amount, 0),
        periodStart: new Date(Math.min(...dates)),
        periodEnd: new Date(Math.max(...dates)),
        phone,
        referenceBase: `PAYOUT-${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 20)}`,
      },
      actor,
    );
    return this.send({ ...payout, courier }, actor);
  }

  /** Asks again where a transfer stands (the operator had not confirmed it), and settles it if it now can. */
  async checkStatus(staff: AuthUser, id: string, ip?: string): Promise<PayoutSentResponse> {
    if (!this.gateway) throw PayoutErrors.notConfigured();
    const payout = await this.payouts.findPayout(id);
    if (!payout) throw PayoutErrors.payoutNotFound();
    if (payout.status !== 'processing' || payout.createdById === null) throw PayoutErrors.notInTransfer();
    return this.send(payout, actorOf(staff, ip));
  }

  /**
   * Sends a claimed payout and records the answer. Sending again is harmless: the provider sends a reference
   * once. Only a refusal of the transfer or a FAILED status frees the commissions; when the outcome is unknown
   * they stay claimed, so no second transfer can pay them.
   */
  private async send(payout: PayoutWithCourier, actor: Actor): Promise<PayoutSentResponse> {
    const gateway = this.gateway!;
    let providerReference: string;
    try {
      ({ providerReference } = await gateway.transfer({ reference: payout.reference, amount: payout.totalCommission, phone: payout.phone! }));
    } catch (error) {
      if (!(error instanceof GatewayError) || error.retryable) throw this.unconfirmed(payout, error);
      await this.payouts.settle(payout.id, 'failed', actor, this.clock.now(), { reference: payout.reference, reason: error.message });
      throw PayoutErrors.transferFailed();
    }
    let state: TransferState;
    try {
      state = await gateway.status(providerReference);
    } catch (error) {
      throw this.unconfirmed(payout, error);
    }
    if (state === 'failed') {
      await this.payouts.settle(payout.id, 'failed', actor, this.clock.now(), { reference: payout.reference, providerReference });
      throw PayoutErrors.transferFailed();
    }
    if (state === 'completed') {
      await this.payouts.settle(payout.id, 'completed', actor, this.clock.now(), { reference: payout.reference, providerReference });
    }
    const amount = formatGnf(payout.totalCommission);
    const name = payout.courier.fullName;
    return {
      success: true,
      message: state === 'completed' ? `Paiement de ${amount} envoyé à ${name}.` : `Paiement de ${amount} envoyé à ${name}, en attente de confirmation de l'opérateur.`,
      payout: toPayoutDto((await this.payouts.findPayout(payout.id))!),
    };
  }

  private unconfirmed(payout: PayoutWithCourier, error: unknown) {
    if (!(error instanceof GatewayError)) return error;
    this.logger.warn({ payoutId: payout.id, reference: payout.reference, err: error.message }, 'payout transfer unconfirmed');
    return PayoutErrors.transferUnconfirmed();
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
