import { z } from 'zod';
import { HAND_BACK_REASONS, INCIDENT_KINDS } from '@coursa/domain';

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

/** A courier hands a course back before collecting it (issue 38): a reason from the list; « Autre » needs `note`. */
export const HandBackSchema = z
  .object({
    reason: z.enum(HAND_BACK_REASONS, { error: `Motif inconnu : ${HAND_BACK_REASONS.join(', ')}.` }),
    note: z.string().trim().max(500, { error: 'Précision trop longue (500 caractères au plus).' }).optional(),
  })
  .strict()
  .refine((body) => body.reason !== 'other' || !!body.note, { error: 'Précisez le motif (« Autre »).', path: ['note'] });
export type HandBackInput = z.output<typeof HandBackSchema>;

/** A courier reports an incident after collecting (issue 38); « Autre » needs `note`; the phone's position if it has one. */
export const IncidentSchema = z
  .object({
    kind: z.enum(INCIDENT_KINDS, { error: `Incident inconnu : ${INCIDENT_KINDS.join(', ')}.` }),
    note: z.string().trim().max(1000, { error: 'Description trop longue (1000 caractères au plus).' }).optional(),
    latitude: z.number({ error: 'latitude doit être un nombre.' }).min(-90).max(90).optional(),
    longitude: z.number({ error: 'longitude doit être un nombre.' }).min(-180).max(180).optional(),
    occurred_at: occurredAt,
  })
  .strict()
  .refine((body) => body.kind !== 'other' || !!body.note, { error: "Décrivez l'incident (« Autre »).", path: ['note'] })
  .refine((body) => (body.latitude === undefined) === (body.longitude === undefined), { error: 'Envoyez latitude et longitude ensemble.', path: ['longitude'] });
export type IncidentInput = z.output<typeof IncidentSchema>;
