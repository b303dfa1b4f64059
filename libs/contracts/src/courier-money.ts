import type { Page } from './pagination.js';
import type { z } from 'zod';
import type { CashDepositSchema } from './schemas/payments.js';
import type { LedgerAdjustmentSchema, OfficeDepositSchema } from './schemas/payouts.js';

/** The courier ledger, cash on delivery and refunds (README "Courier money"). Amounts are whole GNF. */

export type LedgerEntryKind =
  | 'commission_earned'
  | 'cash_collected'
  | 'cash_deposited'
  | 'cash_netted'
  | 'payout_sent'
  | 'payout_reversed'
  | 'adjustment';

export interface LedgerEntryDto {
  id: string;
  kind: LedgerEntryKind;
  /** earnings: what the platform owes the courier; cash: client cash the courier holds. */
  account: 'earnings' | 'cash';
  /** Signed, in its account. */
  amount: number;
  course_id: string | null;
  payout_id: string | null;
  reason: string | null;
  created_at: string;
}

/** The courier's money beside the spec's earnings summary. */
export interface CourierMoneyFields {
  /** Client cash the courier holds. */
  cash_held: number;
  /** What the courier owes the platform once their commissions due are kept out of the cash. */
  cash_owed: number;
  /** Cash handed to the platform so far. */
  cash_deposits: number;
  /** What the platform owes the courier (negative: what the courier owes). */
  balance: number;
  /** Commissions due, before netting. */
  earnings_due: number;
  /** Above it, no cash course is offered. */
  cash_cap: number;
  over_cash_cap: boolean;
}

/** GET /api/delivery/ledger: newest first (a page). */
export type LedgerResponse = Page<'entries', LedgerEntryDto>;

/** POST /api/delivery/cash-deposits: the platform's share deposited by mobile money. */
export type CashDepositRequest = z.input<typeof CashDepositSchema>;

export interface CashDepositInitiatedResponse {
  deposit_id: string;
  order_id: string;
  /** The provider's page where the courier confirms (absent when the operator asks on the phone itself). */
  payment_link: string | null;
  amount: number;
  currency: 'GNF';
}

/** POST /api/admin/couriers/:id/cash-deposits: cash handed over at the office. */
export type OfficeDepositRequest = z.input<typeof OfficeDepositSchema>;

/** POST /api/admin/couriers/:id/ledger-adjustments */
export type LedgerAdjustmentRequest = z.input<typeof LedgerAdjustmentSchema>;

export interface CourierCashRow {
  courier_id: string;
  name: string;
  phone: string;
  cash_held: number;
  cash_owed: number;
  balance: number;
  over_cap: boolean;
}

/** GET /api/admin/cash: the couriers who owe the most first (a page); the totals are over all of them. */
export type CashOverviewResponse = Page<'couriers', CourierCashRow> & {
  /** Client cash held by couriers, all together. */
  total_on_street: number;
  cash_cap: number;
};
