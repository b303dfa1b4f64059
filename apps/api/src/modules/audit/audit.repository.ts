import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import type { Role } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
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

  /**
   * Writes one audit row, inside the caller's transaction when given one. Every status change and money move writes one:
   * a plain INSERT, as Prisma's create costs two to three times as much CPU to build its statement and read the row
   * back (issue 42: 250–460 against 125 µs). The row is as Prisma wrote it: a new id, the process's time.
   */
  async record(entry: AuditEntry, tx?: Tx): Promise<void> {
    const details = entry.details === undefined ? null : JSON.stringify(entry.details);
    await (tx ?? this.prisma.client).$executeRaw`
      INSERT INTO audit_logs (id, at, actor_id, actor_role, action, resource_type, resource_id, success, ip, details)
      VALUES (${randomUUID()}::uuid, ${new Date()}, ${entry.actorId ?? null}::uuid, ${entry.actorRole ?? null}, ${entry.action}, ${entry.resourceType},
        ${entry.resourceId ?? null}, ${entry.success}, ${entry.ip ?? null}, ${details}::jsonb)`;
  }
}
