import { z } from 'zod';

/** When the courier's device made the action (sent later when made offline): ISO 8601 with its offset, body or query. */
const occurredAt = z.iso
  .datetime({ offset: true, error: 'occurred_at doit être une date ISO 8601 (ex. 2026-11-25T10:00:00Z).' })
  .transform((value) => new Date(value))
  .optional();

/** `otp`: the 6 digits the recipient received; `occurred_at`: when the courier entered it without network (the handover's time when plausible). */
export const VerifyOtpSchema = z.object({ otp: z.string().regex(/^\d{6}$/, { error: 'Le code doit contenir 6 chiffres.' }), occurred_at: occurredAt }).strict();
export type VerifyOtpInput = z.output<typeof VerifyOtpSchema>;

export const StatusUpdateQuery = z.object({ new_status: z.string({ error: 'Paramètre new_status manquant.' }).max(40), occurred_at: occurredAt }).loose();
export type StatusUpdateInput = z.output<typeof StatusUpdateQuery>;

export const SupportIssueQuery = z
  .object({ issue: z.string().max(2000, { error: 'Description trop longue (2000 caractères au plus).' }).optional(), occurred_at: occurredAt })
  .loose();
export type SupportIssueInput = z.output<typeof SupportIssueQuery>;

/** The steps' calls take an empty body today; a device sending an offline action later may put occurred_at there. */
export const OccurredAtBody = z.object({ occurred_at: occurredAt }).loose();
export const OccurredAtQuery = z.object({ occurred_at: occurredAt }).loose();
export type OccurredAtInput = z.output<typeof OccurredAtBody>;
