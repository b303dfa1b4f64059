import type { CourierMoneyFields } from './courier-money.js';
import type { Page } from './pagination.js';
import type { z } from 'zod';
import type { PaymentRequestSchema, WeeklyRunSchema } from './schemas/commissions.js';

/** The courier's money (spec §3): earnings, commissions, payouts, early payment requests. */

/**
 * Spec §3 "Earnings summary", and beside it the courier's money from their ledger (cash held and owed, deposits,
 * balance); commission_rate is a fraction (0.7), the screen shows it as a percentage.
 */
export interface EarningsSummaryDto extends CourierMoneyFields {
  pending_amount: number;
  pending_courses: number;
  paid_amount: number;
  paid_courses: number;
  total_amount: number;
  total_courses: number;
  next_payment_date: string;
  commission_rate: number;
  payment_frequency: 'weekly';
}

/** Spec §3 "Commission". */
export interface CommissionDto {
  id: string;
  status: 'pending' | 'paid';
  created_at: string;
  course_info: { pickup_address: string; delivery_address: string };
  course_amount: number;
  commission_amount: number;
  commission_rate: number;
}

/** A page of GET /delivery/commission-history, newest first: the route answers the items, the cursor in headers. */
export type CommissionHistoryResponse = Page<'commissions', CommissionDto>;

/** Spec §3 "Payment record". */
export interface PaymentRecordDto {
  id: string;
  payment_status: 'completed' | 'failed' | 'in_progress';
  created_at: string;
  period_start: string;
  period_end: string;
  total_courses: number;
  payment_method: string;
  payment_reference: string;
  total_commission: number;
}

/** A page of GET /delivery/payment-history, newest first: the route answers the items, the cursor in headers. */
export type PaymentHistoryResponse = Page<'payments', PaymentRecordDto>;

export interface PaymentRequestDto {
  id: string;
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
}

/** POST /delivery/request-payment: a courier asks for their pending commissions before the weekly run. */
export type EarlyPaymentRequest = z.input<typeof PaymentRequestSchema>;

export interface EarlyPaymentRequestedResponse {
  message: string;
  request: PaymentRequestDto;
}

/** POST /admin/commissions/weekly-run: the ISO week (2026-W20) to settle; the last finished week when left out. */
export type WeeklyRunRequest = z.input<typeof WeeklyRunSchema>;

/**
 * 202: the run is queued (one per week: a second request for the same week is the same job). The message names the
 * week's days (issue 38); `period_start` and `period_end` are its Monday and Sunday (YYYY-MM-DD).
 */
export interface WeeklyRunQueuedResponse {
  message: string;
  iso_week: string;
  period_start: string;
  period_end: string;
}

/**
 * GET /admin/commissions/weekly-run/:iso_week: a week's run as it stands. Until it is done (`done` false: queued or
 * under way) the figures are null; then the couriers paid (one payout each) and their total in GNF, and the message
 * staff read (« Paiement de la semaine … terminé : 3 livreurs payés, 450 000 GNF au total. »).
 */
export interface WeeklyRunReportDto {
  iso_week: string;
  period_start: string;
  period_end: string;
  done: boolean;
  couriers_paid: number | null;
  total_paid: number | null;
  message: string;
}
