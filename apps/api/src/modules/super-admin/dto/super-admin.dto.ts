import { AUDIT_ACTIONS } from '@coursa/contracts';
import { z } from 'zod';
import { optionalFilter, optionalText } from '../../../common/validation/zod.js';
import { AccountFields } from '../../onboarding/dto/onboarding.dto.js';

export const CreateAdminSchema = z.object(AccountFields).strict();

const LIMIT_MESSAGE = 'La limite doit être un nombre entier entre 1 et 200.';

export const AuditLogsQuery = z
  .object({
    // The spec's page shows 50.
    limit: z.coerce.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(200, { error: LIMIT_MESSAGE }).default(50),
    action: optionalFilter(z.enum(AUDIT_ACTIONS, { error: 'Action inconnue.' })),
    resource_type: optionalText(60),
  })
  .loose();
export type AuditLogsInput = z.output<typeof AuditLogsQuery>;
