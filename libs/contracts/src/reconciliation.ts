import type { PaymentMethodCode } from './payments.js';
import type { z } from 'zod';
import type { MarkPaidOutsideSchema } from './schemas/reconciliation.js';

/** How staff paid money outside Coursa (« Marquer comme payé hors Coursa », issue 34). */
export type OutsideMethod = 'cash' | 'bank_transfer' | 'orange_money' | 'mtn_momo' | 'other';

/** POST /admin/refunds/{id}/mark-paid-outside and /admin/payouts/{id}/mark-paid-outside. */
export type MarkPaidOutsideRequest = z.input<typeof MarkPaidOutsideSchema>;

/** A client's payment credited with no course (its course could not be made, or its app never came back). */
export interface UnmatchedPaymentDto {
  id: string;
  order_id: string;
  client_name: string;
  client_phone: string;
  method: PaymentMethodCode;
  amount: number;
  credited_at: string;
  /** Why its course could not be made, when the server tried. */
  reason: string | null;
}

/** A refund nobody's rail can send (to do by staff). */
export interface WaitingRefundDto {
  id: string;
  order_id: string;
  course_number: string;
  client_name: string;
  client_wallet: string;
  amount: number;
  payment_method: PaymentMethodCode;
  failure_reason: string | null;
  created_at: string;
}

/** A courier's payout no rail can send (an Orange wallet: no transfer API; or transfers not set up). */
export interface WaitingPayoutDto {
  id: string;
  reference: string;
  deliverer_name: string;
  phone: string | null;
  amount: number;
  period_start: string;
  period_end: string;
  reason: string;
  created_at: string;
}

/** GET /admin/reconciliation: what money waits for staff, oldest first (at most 100 of each). */
export interface ReconciliationResponse {
  payments: UnmatchedPaymentDto[];
  refunds: WaitingRefundDto[];
  payouts: WaitingPayoutDto[];
}
