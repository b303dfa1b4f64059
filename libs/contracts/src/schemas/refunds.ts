import { z } from 'zod';
import { pageFields } from './fields.js';
import { optionalFilter } from './fields.js';

const REFUND_STATUSES = ['to_do', 'processing', 'completed', 'failed'] as const;

export const RefundListQuery = z
  .object({ status: optionalFilter(z.enum(REFUND_STATUSES, { error: 'Statut inconnu : to_do, processing, completed ou failed.' })), ...pageFields() })
  .loose();
export type RefundListInput = z.output<typeof RefundListQuery>;

/** `phone`: the client's Guinean mobile-money wallet. */
export const SendRefundSchema = z.object({ phone: z.string({ error: 'Le numéro du portefeuille est obligatoire.' }).max(30) }).strict();
export type SendRefundInput = z.output<typeof SendRefundSchema>;
