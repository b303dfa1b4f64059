import { Inject, Injectable } from '@nestjs/common';
import { jobIds, JobName, type RefundSentResponse, type RefundsResponse, type StaffRefundDto } from '@coursa/contracts';
import { courseNumber, formatGnf, paidOutsideRecord, payableWallet } from '@coursa/domain';
import type { Logger } from 'pino';
import type { MarkPaidOutsideInput, RefundListInput, SendRefundInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { Actor } from '../../common/auth/actor.js';
import { LOGGER } from '../../common/logging/logger.js';
import { GatewayError } from '../../common/money-gateways/payment-gateway.js';
import { PAYOUT_GATEWAY, type PayoutGateway } from '../../common/money-gateways/payout-gateway.js';
import { REFUND_GATEWAY, type RefundGateway, type RefundState } from '../../common/money-gateways/refund-gateway.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { Clock } from '../../common/security/secrets.js';
import { RefundErrors } from './refunds.errors.js';
import { ClaimRefundUseCase } from './use-cases/claim-refund.use-case.js';
import { CompleteRefundOutsideUseCase } from './use-cases/complete-refund-outside.use-case.js';
import { CompleteRefundUseCase } from './use-cases/complete-refund.use-case.js';
import { FailRefundUseCase } from './use-cases/fail-refund.use-case.js';
import { RefundsRepository, type RefundWithDetails } from './refunds.repository.js';

/** A refund under way is asked about 30 s, 2 min and 5 min after it is sent, then hourly. */
export const CHECK_DELAYS_MS = [30_000, 120_000, 300_000];
export const CHECK_EVERY_MS = 3600_000;
/** After a week without a final answer the checks stop: staff see it "en cours" and take it up with the operator. */
export const LAST_CHECK = CHECK_DELAYS_MS.length + 7 * 24;

export const nextCheckDelay = (check: number) => CHECK_DELAYS_MS[check - 1] ?? CHECK_EVERY_MS;

/** How an attempt is sent and asked about. */
interface Rail {
  send(): Promise<{ providerReference: string }>;
  status(providerReference: string): Promise<RefundState>;
}

/** Where an attempt stands after sending it and asking the operator. */
type Outcome =
  | { kind: 'completed'; providerReference: string }
  | { kind: 'pending'; providerReference: string }
  | { kind: 'failed'; reason: string }
  /** No answer we can trust (the operator unreachable, a strange answer): sending the same reference again is safe. */
  | { kind: 'unknown'; reason: string };

/**
 * Refunds of cancelled paid courses (README "Refunds"). Opened by the cancellation itself (PaymentsRepository
 * .releaseForCancelledCourse); MTN MoMo payments are sent back by the refund job through MTN's refund call, the
 * others are sent by staff to the client's wallet. Each attempt has its reference, which the operator pays once.
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly refunds: RefundsRepository,
    @Inject(REFUND_GATEWAY) private readonly refundGateway: RefundGateway | null,
    @Inject(PAYOUT_GATEWAY) private readonly payoutGateway: PayoutGateway | null,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly claimRefund: ClaimRefundUseCase,
    private readonly completeRefund: CompleteRefundUseCase,
    private readonly completeRefundOutside: CompleteRefundOutsideUseCase,
    private readonly failRefund: FailRefundUseCase,
  ) {}

  async list(query: RefundListInput): Promise<RefundsResponse> {
    const { rows, nextCursor } = await this.refunds.list(query.status, query);
    return { refunds: rows.map(toStaffRefundDto), next_cursor: nextCursor };
  }

  /**
   * Staff send a refund to the client's wallet, exactly once: the refund is claimed (to do → processing) before
   * the transfer, under its reference. A refusal or a failed transfer puts it back to do, with the reason.
   */
  async send(staff: AuthUser, id: string, input: SendRefundInput, ip?: string): Promise<RefundSentResponse> {
    // The rule of the payouts: only a number a transfer rail can pay (Orange Money 62X, MTN MoMo 66X).
    const phone = payableWallet(input.phone);
    if (!phone) throw RefundErrors.invalidPhone();
    const found = await this.refunds.find(id);
    if (!found) throw RefundErrors.notFound();
    if (found.status !== 'to_do') throw RefundErrors.alreadySent();
    if (!this.payoutGateway) throw RefundErrors.notConfigured();
    const actor: Actor = { id: staff.id, role: staff.role, ip };
    const refund = await this.claimRefund.execute(id, phone, actor);
    if (!refund) throw RefundErrors.alreadySent();

    const outcome = await this.settle(refund, await this.transmit(refund), actor, 0);
    if (outcome.kind === 'failed') throw RefundErrors.transferFailed(outcome.reason);
    const amount = formatGnf(refund.amount);
    return {
      message:
        outcome.kind === 'completed'
          ? `Remboursement de ${amount} envoyé à ${refund.client.fullName}.`
          : `Remboursement de ${amount} envoyé à ${refund.client.fullName}, en attente de confirmation de l'opérateur.`,
      refund: toStaffRefundDto((await this.refunds.find(id))!),
    };
  }

  /**
   * Staff paid a refund to do outside Coursa (« Marquer comme payé hors Coursa », issue 34): it is completed with
   * what they recorded, once. Only a refund to do: one under way may still be paid by its operator.
   */
  async markPaidOutside(staff: AuthUser, id: string, input: MarkPaidOutsideInput, ip?: string): Promise<{ message: string }> {
    const found = await this.refunds.find(id);
    if (!found) throw RefundErrors.notFound();
    const done = await this.completeRefundOutside.execute(id, paidOutsideRecord(input, staff.id), this.clock.now(), { id: staff.id, role: staff.role, ip });
    if (!done) throw found.status === 'processing' ? RefundErrors.inFlight() : RefundErrors.alreadySent();
    return { message: `Remboursement de ${formatGnf(found.amount)} à ${found.client.fullName} enregistré comme payé hors Coursa.` };
  }

  /**
   * The refund job: (re)sends the attempt under way and asks where it stands. `check` counts the scheduled checks
   * (0: the first sending). A refund no longer under way, or a check of an older attempt, does nothing.
   */
  async advance(refundId: string, check = 0): Promise<void> {
    const refund = await this.refunds.find(refundId);
    if (!refund || refund.status !== 'processing') return;
    await this.settle(refund, await this.transmit(refund), null, check);
  }

  /** Sends the attempt (again: the operator pays a reference once), then asks where it stands. */
  private async transmit(refund: RefundWithDetails): Promise<Outcome> {
    const rail = this.railOf(refund);
    if (typeof rail === 'string') return { kind: 'failed', reason: rail };
    let providerReference: string;
    try {
      ({ providerReference } = await rail.send());
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return error.retryable ? { kind: 'unknown', reason: error.message } : { kind: 'failed', reason: error.message };
    }
    let state: RefundState;
    try {
      state = await rail.status(providerReference);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { kind: 'unknown', reason: error.message };
    }
    if (state.state === 'failed') return { kind: 'failed', reason: state.reason };
    return { kind: state.state, providerReference };
  }

  /** The provider's refund call for a `provider` refund, a transfer to the wallet for a `wallet` one; else why none. */
  private railOf(refund: RefundWithDetails): Rail | string {
    if (refund.method === 'provider') {
      const gateway = this.refundGateway;
      const paymentReference = refund.payment.providerReference;
      if (!gateway) return 'remboursement MTN MoMo non configuré';
      if (!paymentReference) return 'paiement sans référence opérateur';
      return {
        send: () => gateway.refund({ reference: refund.reference, amount: refund.amount, paymentReference }),
        status: (providerReference: string) => gateway.refundStatus(providerReference),
      };
    }
    const gateway = this.payoutGateway;
    const phone = refund.phone;
    if (!gateway) return 'virements non configurés';
    if (!phone) return 'aucun portefeuille choisi';
    return {
      send: () => gateway.transfer({ reference: refund.reference, amount: refund.amount, phone }),
      status: async (providerReference: string): Promise<RefundState> => {
        const state = await gateway.status(providerReference);
        return state === 'failed' ? { state: 'failed', reason: "virement refusé par l'opérateur" } : { state };
      },
    };
  }

  /** Records the outcome; an attempt still under way is asked about again later. */
  private async settle(refund: RefundWithDetails, outcome: Outcome, actor: Actor | null, check: number): Promise<Outcome> {
    const attempt = { id: refund.id, reference: refund.reference };
    switch (outcome.kind) {
      case 'completed':
        await this.completeRefund.execute(attempt, outcome.providerReference, this.clock.now(), actor);
        return outcome;
      case 'failed':
        this.logger.warn({ refundId: refund.id, reference: refund.reference, reason: outcome.reason }, 'refund failed: back to staff');
        await this.failRefund.execute(attempt, outcome.reason, actor);
        return outcome;
      case 'pending':
        await this.refunds.recordProviderReference(attempt, outcome.providerReference);
        break;
      case 'unknown':
        this.logger.warn({ refundId: refund.id, reference: refund.reference, err: outcome.reason }, 'refund unconfirmed; asking again later');
        break;
    }
    if (check >= LAST_CHECK) {
      this.logger.error({ refundId: refund.id, reference: refund.reference }, 'refund still unconfirmed after a week: checks stopped');
      return outcome;
    }
    const next = check + 1;
    await this.jobs.add(JobName.SendRefund, { refundId: refund.id, check: next }, { jobId: jobIds.refundCheck(refund.reference, next), delay: nextCheckDelay(next) });
    return outcome;
  }
}

function toStaffRefundDto(refund: RefundWithDetails): StaffRefundDto {
  return {
    id: refund.id,
    course_id: refund.courseId,
    course_number: refund.payment.course ? courseNumber(refund.payment.course.number) : '—',
    client_name: refund.client.fullName,
    client_wallet: refund.payment.payerPhone ?? refund.client.phone,
    amount: refund.amount,
    payment_provider: refund.payment.provider,
    method: refund.method,
    status: refund.status,
    reference: refund.reference,
    failure_reason: refund.failureReason,
    phone: refund.phone,
    created_at: refund.createdAt.toISOString(),
    completed_at: refund.completedAt?.toISOString() ?? null,
  };
}
