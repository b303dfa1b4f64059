import { Inject, Injectable } from '@nestjs/common';
import type { LedgerResponse } from '@coursa/contracts';
import { courierBalances, isOverCashCap, type CourierBalances } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import type { SqlTx, Tx } from '../../common/prisma/transaction.js';
import { LedgerRepository, type LedgerSums } from './ledger.repository.js';

/**
 * The courier ledger (README "Courier money"): every GNF that concerns a courier is an entry written in the
 * transaction of the event that causes it; balances are sums of entries. The only writer of entries: each kind of
 * event has its method here, called by the use case that decides it, in its unit of work.
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

  /**
   * Locks the courier's money until the unit of work ends: money decisions about one courier are taken one at a time.
   * Every write that checks a limit on a courier's money takes it first, in the unit of work that checks and writes.
   */
  lock(tx: Tx, courierId: string): Promise<void> {
    return this.ledger.lockCourier(tx, courierId);
  }

  /** One courier's sums (read under their lock when given the unit of work). */
  sums(courierId: string, tx?: Tx): Promise<LedgerSums> {
    return this.ledger.sums(courierId, tx);
  }

  /** One courier's sums as a week's run counts them (see LedgerRepository.sumsUntil). */
  sumsUntil(tx: Tx, courierId: string, end: Date): Promise<Pick<LedgerSums, 'earnings' | 'cash'>> {
    return this.ledger.sumsUntil(tx, courierId, end);
  }

  /** The courier's mobile-money deposits started and not yet settled: cash already on its way to Coursa. */
  pendingDeposits(tx: Tx, courierId: string): Promise<number> {
    return this.ledger.pendingDeposits(tx, courierId);
  }

  async isOverCashCap(courierId: string): Promise<boolean> {
    return isOverCashCap(await this.balancesOf(courierId), this.config.COURIER_CASH_CAP_GNF);
  }

  /** A courier's commission on a course they handed over (with the commission row, in the handover's transaction). */
  async commissionEarned(tx: SqlTx, courierId: string, courseId: string, amount: number): Promise<void> {
    await this.ledger.add(tx, { courierId, account: 'earnings', kind: 'commission_earned', amount, courseId });
  }

  /** A cash course handed over: the courier now holds its price (in the handover's transaction). */
  async cashCollected(tx: SqlTx, courierId: string, courseId: string, amount: number): Promise<void> {
    await this.ledger.add(tx, { courierId, account: 'cash', kind: 'cash_collected', amount, courseId });
  }

  /** A payout opened: its money leaves the courier's earnings now. */
  async payoutSent(tx: Tx, courierId: string, payoutId: string, amount: number): Promise<void> {
    await this.ledger.add(tx, { courierId, account: 'earnings', kind: 'payout_sent', amount: -amount, payoutId });
  }

  /** A payout failed: its money comes back into the courier's earnings. */
  async payoutReversed(tx: Tx, courierId: string, payoutId: string, amount: number): Promise<void> {
    await this.ledger.add(tx, { courierId, account: 'earnings', kind: 'payout_reversed', amount, payoutId });
  }

  /** The weekly run kept `amount` of commissions out of the cash the courier holds: as much from both accounts. */
  async cashNetted(tx: Tx, courierId: string, amount: number, reason: string): Promise<void> {
    await this.ledger.add(
      tx,
      { courierId, account: 'earnings', kind: 'cash_netted', amount: -amount, reason },
      { courierId, account: 'cash', kind: 'cash_netted', amount: -amount, reason },
    );
  }

  /** A cash deposit credited (at the office, or paid by mobile money): the cash leaves the courier's hands. */
  async cashDeposited(tx: Tx, deposit: { courierId: string; depositId: string; amount: number; createdById?: string; reason?: string }): Promise<void> {
    const { courierId, depositId, amount, createdById, reason } = deposit;
    await this.ledger.add(tx, { courierId, account: 'cash', kind: 'cash_deposited', amount: -amount, depositId, createdById, reason });
  }

  /** A correction by staff: a new entry with its reason (entries are never edited). */
  async adjusted(tx: Tx, correction: { courierId: string; account: 'earnings' | 'cash'; amount: number; reason: string; createdById: string }): Promise<void> {
    await this.ledger.add(tx, { ...correction, kind: 'adjustment' });
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
