import { isIsoWeek } from '@coursa/domain';
import { z } from 'zod';

export const PaymentRequestSchema = z
  .object({
    amount: z
      .number({ error: 'Le montant doit être un nombre.' })
      .int({ error: 'Le montant doit être un nombre entier de GNF.' })
      .positive({ error: 'Le montant doit être supérieur à 0 GNF.' }),
    reason: z.literal('early_payment', { error: 'Motif de demande inconnu : early_payment attendu.' }),
  })
  .strict();
export type PaymentRequestInput = z.output<typeof PaymentRequestSchema>;

export const WeeklyRunSchema = z
  .object({ iso_week: z.string().refine(isIsoWeek, { error: 'Semaine invalide : format AAAA-Wnn, par exemple 2026-W20.' }).optional() })
  .strict();
export type WeeklyRunInput = z.output<typeof WeeklyRunSchema>;

/** Spec §3 "Earnings summary"; commission_rate is a fraction (0.7), the screen shows it as a percentage. */
export interface EarningsSummaryDto {
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

export interface PaymentRequestDto {
  id: string;
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
}
