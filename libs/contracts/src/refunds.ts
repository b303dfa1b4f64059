import type { Page } from './pagination.js';
import type { z } from 'zod';
import type { SendRefundSchema } from './schemas/refunds.js';

/**
 * Money back to the client of a cancelled paid course (README "Refunds"): MTN MoMo payments through MTN's refund
 * call, the others sent by staff to the client's wallet. Amounts are whole GNF.
 */

/** `to_do`: staff must send it; `processing`: sent, the operator's answer awaited; `completed`: the client has it. */
export type RefundStatus = 'to_do' | 'processing' | 'completed' | 'failed';

/** `provider`: the payment provider's own refund call; `wallet`: a transfer to the client's wallet. */
export type RefundMethod = 'provider' | 'wallet' | 'outside';

/** The refund of a cancelled course, as its client sees it on the course. */
export interface CourseRefundDto {
  status: RefundStatus;
  amount: number;
  method: RefundMethod | null;
}

/** GET /admin/refunds: one refund as staff handle it. */
export interface StaffRefundDto {
  id: string;
  /** Null when the payment's course could not be made (the order is refunded instead). */
  course_id: string | null;
  /** The course's number as clients and staff read it (CRS-000123). */
  course_number: string;
  client_name: string;
  /** The wallet the client paid from, else their account's phone: offered for the transfer. */
  client_wallet: string;
  amount: number;
  /** How the client paid: paycard, orange_money, mtn_momo or card. */
  payment_provider: string;
  method: RefundMethod | null;
  status: RefundStatus;
  /** Our reference, given to the operator: a refund sent twice under it is paid once. */
  reference: string;
  /** Why the last attempt failed, for staff; null when none did. */
  failure_reason: string | null;
  /** The wallet the money was sent to. */
  phone: string | null;
  created_at: string;
  completed_at: string | null;
}

/** GET /admin/refunds: to do first, the longest wait first within a status (a page). */
export type RefundsResponse = Page<'refunds', StaffRefundDto>;

/** POST /admin/refunds/:id/send */
export type SendRefundRequest = z.input<typeof SendRefundSchema>;

export interface RefundSentResponse {
  message: string;
  refund: StaffRefundDto;
}
