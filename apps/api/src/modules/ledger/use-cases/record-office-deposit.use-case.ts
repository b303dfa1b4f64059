import { Injectable } from '@nestjs/common';
import { officeDepositLimit } from '@coursa/domain';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { CourierCashRepository } from '../courier-cash.repository.js';
import { LedgerErrors } from '../ledger.errors.js';
import { LedgerService } from '../ledger.service.js';

/**
 * Cash handed over at the office: the deposit and its ledger entry, in one unit of work with its audit line, under
 * the courier's lock and only within the cash they hold less the mobile-money deposits already on their way
 * (officeDepositLimit, libs/domain), so twenty clicks at once credit one deposit of what is held, never more. The
 * deposit's id.
 */
@Injectable()
export class RecordOfficeDepositUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly cash: CourierCashRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditRepository,
  ) {}

  execute(courierId: string, amount: number, note: string | null, actor: Actor, at: Date): Promise<string> {
    return this.unitOfWork.run(async (tx) => {
      await this.ledger.lock(tx, courierId);
      const { cash } = await this.ledger.sums(courierId, tx);
      const onTheirWay = await this.ledger.pendingDeposits(tx, courierId);
      const limit = officeDepositLimit(cash, onTheirWay, amount);
      if (limit.refused) throw LedgerErrors.depositAboveHeld(limit.held, onTheirWay);
      const depositId = await this.cash.createOfficeDeposit(tx, { courierId, amount, note, recordedById: actor.id, at });
      await this.ledger.cashDeposited(tx, { courierId, depositId, amount, createdById: actor.id, reason: note ?? undefined });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'cash_deposit_recorded', resourceType: 'courier', resourceId: courierId, success: true, ip: actor.ip, details: { amount, depositId, note } },
        tx,
      );
      return depositId;
    });
  }
}
