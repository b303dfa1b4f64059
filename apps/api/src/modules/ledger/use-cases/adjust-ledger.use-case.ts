import { Injectable } from '@nestjs/common';
import { adjustmentLimit } from '@coursa/domain';
import type { Actor } from '../../../common/auth/actor.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { LedgerErrors } from '../ledger.errors.js';
import { LedgerService } from '../ledger.service.js';

/**
 * A correction: a new entry with its reason (entries are never edited), audited, under the courier's lock. A
 * correction downwards never takes an account below zero (the cash account below the mobile-money deposits on their
 * way; adjustmentLimit, libs/domain): a larger one would be money the entries cannot explain.
 */
@Injectable()
export class AdjustLedgerUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: LedgerService,
    private readonly audit: AuditRepository,
  ) {}

  execute(courierId: string, account: 'earnings' | 'cash', amount: number, reason: string, actor: Actor): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      await this.ledger.lock(tx, courierId);
      const sums = await this.ledger.sums(courierId, tx);
      const floor = account === 'cash' ? await this.ledger.pendingDeposits(tx, courierId) : 0;
      const limit = adjustmentLimit(sums[account], floor, amount);
      if (limit.refused) throw LedgerErrors.adjustmentBelowZero(account, limit.left);
      await this.ledger.adjusted(tx, { courierId, account, amount, reason, createdById: actor.id });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'ledger_adjusted', resourceType: 'courier', resourceId: courierId, success: true, ip: actor.ip, details: { account, amount, reason } },
        tx,
      );
    });
  }
}
