import type { Role } from '@coursa/domain';

/** Who does something, as the audit log and the course lifecycle record it. */
export interface Actor {
  id: string;
  role: Role;
  ip?: string;
}
