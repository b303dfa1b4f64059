import { Inject, Injectable } from '@nestjs/common';
import type { LedgerResponse } from '@coursa/contracts';
import { courierBalances, isOverCashCap, type CourierBalances } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { LedgerRepository } from './ledger.repository.js';

/**
 * The courier ledger (README "Courier money"): every GNF that concerns a courier is an entry written in the
 * transaction of the event that causes it; balances are sums of entries.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async balancesOf(courierId: string, tx?: Tx): Promise<CourierBalances> {
    return courierBalances(await this.ledger.sums(courierId, tx));
  }

  async isOverCashCap(courierId: string): Promise<boolean> {
    return isOverCashCap(await this.balancesOf(courierId), this.config.COURIER_CASH_CAP_GNF);
  }

  /** A courier's commission on a course they handed over (with the commission row, in the handover's transaction). */
  async commissionEarned(tx: Tx, courierId: string, courseId: string, amount: number): Promise<void> {
    await this.ledger.add(tx, { courierId, account: 'earnings', kind: 'commission_earned', amount, courseId });
  }

  /** A cash course handed over: the courier now holds its price (in the handover's transaction). */
  async cashCollected(tx: Tx, courierId: string, courseId: string, amount: number): Promise<void> {
    await this.ledger.add(tx, { courierId, account: 'cash', kind: 'cash_collected', amount, courseId });
  }

  /** A page of the courier's entries, newest first. */
  async entries(courierId: string, page: PageRequest): Promise<LedgerResponse> {
    const { rows, nextCursor } = await this.ledger.entries(courierId, page);
    const entries = rows.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      account: entry.account,
      amount: entry.amount,
      course_id: entry.courseId,
      payout_id: entry.payoutId,
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    }));
    return { entries, next_cursor: nextCursor };
  }
}
