import { Injectable } from '@nestjs/common';
import { amountDue, courierBalances, earlyPaymentRefusal, formatGnf } from '@coursa/domain';
import type { PayoutRequest } from '../../../generated/prisma/client.js';
import type { Actor } from '../../../common/auth/actor.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { CommissionErrors } from '../commissions.errors.js';
import { CommissionsRepository } from '../commissions.repository.js';

/**
 * Early payment (spec §5): what is due now (the ledger's balance: commissions less payouts and the cash the courier
 * owes) must be at least 5000 GNF, the amount within it and at least 5000 GNF unless it is everything due
 * (earlyPaymentRefusal, libs/domain), one open request at a time; all checked under the courier's lock, so two
 * requests sent at once, or a request racing a payout or a deposit, are checked one after the other. Staff are told.
 */
@Injectable()
export class RequestEarlyPaymentUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commissions: CommissionsRepository,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  execute(courier: Actor, amount: number, reason: string): Promise<PayoutRequest> {
    return this.unitOfWork.run(async (tx) => {
      await this.ledger.lock(tx, courier.id);
      if (await this.commissions.hasPendingRequest(tx, courier.id)) throw CommissionErrors.requestAlreadyOpen();
      const due = amountDue(courierBalances(await this.ledger.sums(courier.id, tx)));
      const refusal = earlyPaymentRefusal(due, amount);
      if (refusal === 'below_minimum') throw CommissionErrors.belowMinimum();
      if (refusal === 'above_available') throw CommissionErrors.aboveAvailable(due);
      const request = await this.commissions.createRequest(tx, courier.id, amount, reason);
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'payout_request',
        aggregateId: request.id,
        payload: { kind: 'payment_request', message: `Nouvelle demande de paiement anticipé : ${formatGnf(amount)}` },
      });
      await this.audit.record(
        { actorId: courier.id, actorRole: courier.role, action: 'payment_requested', resourceType: 'commission', resourceId: request.id, success: true, ip: courier.ip, details: { amount, reason } },
        tx,
      );
      return request;
    });
  }
}
