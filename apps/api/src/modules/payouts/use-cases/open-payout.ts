import { Injectable } from '@nestjs/common';
import type { Payout } from '../../../generated/prisma/client.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import type { Tx } from '../../../common/prisma/transaction.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PayoutErrors } from '../payouts.errors.js';
import { PayoutsRepository, type NewPayout } from '../payouts.repository.js';

/**
 * Opens a payout in the caller's unit of work (the weekly run, an approved request, staff paying by hand): its row
 * (unique reference; null when it exists already), its commissions linked (refused when one was taken meanwhile), the
 * money out of the courier's balance (ledger), and, unless staff send it at once, the event that queues its transfer.
 */
@Injectable()
export class OpenPayout {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxRepository,
  ) {}

  async execute(tx: Tx, payout: NewPayout): Promise<Payout | null> {
    const created = await this.payouts.insertPayout(tx, payout);
    if (!created) return null;
    if (payout.commissionIds.length) {
      const linked = await this.payouts.linkCommissions(tx, created.id, payout.courierId, payout.commissionIds);
      if (linked !== payout.commissionIds.length) throw PayoutErrors.alreadyPaid();
    }
    await this.ledger.payoutSent(tx, payout.courierId, created.id, payout.amount);
    if (!payout.createdById) {
      await this.outbox.add(tx, { type: 'payout.created', aggregateType: 'payout', aggregateId: created.id, payload: { payoutId: created.id } });
    }
    return created;
  }
}
