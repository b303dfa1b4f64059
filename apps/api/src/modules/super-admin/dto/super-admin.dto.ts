import { AUDIT_ACTIONS } from '@coursa/contracts';
import { z } from 'zod';
import { pageFields } from '../../../common/pagination/pagination.js';
import { optionalFilter, optionalText } from '../../../common/validation/zod.js';
import { AccountFields } from '../../onboarding/dto/onboarding.dto.js';

export const CreateAdminSchema = z.object(AccountFields).strict();

export const AuditLogsQuery = z
  .object({
    // The spec's page shows 50.
    ...pageFields(50),
    action: optionalFilter(z.enum(AUDIT_ACTIONS, { error: 'Action inconnue.' })),
    resource_type: optionalText(60),
  })
  .loose();
export type AuditLogsInput = z.output<typeof AuditLogsQuery>;
