import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import type { Role } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

export interface AuditEntry {
  actorId?: string | null;
  actorRole?: Role | null;
  action: AuditAction;
  resourceType: string;
  resourceId?: string | null;
  success: boolean;
  ip?: string | null;
  details?: Prisma.InputJsonValue;
}

@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Writes one audit row, inside the caller's transaction when given one. */
  async record(entry: AuditEntry, tx?: Tx): Promise<void> {
    await (tx ?? this.prisma.client).auditLog.create({ data: entry });
  }
}
