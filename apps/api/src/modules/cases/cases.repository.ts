import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@coursa/contracts';
import type { CaseStatus } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { Actor } from '../../common/auth/actor.js';

const PERSON = { select: { fullName: true, phone: true } } as const;
const HANDLER = { select: { fullName: true } } as const;
const DISPUTE_PEOPLE = { client: PERSON, handledBy: HANDLER } as const;
const SUPPORT_PEOPLE = { requester: PERSON, handledBy: HANDLER } as const;

export type StaffDispute = Prisma.DisputeGetPayload<{ include: typeof DISPUTE_PEOPLE }>;
export type StaffSupportRequest = Prisma.SupportRequestGetPayload<{ include: typeof SUPPORT_PEOPLE }>;

export interface CaseChange {
  status: CaseStatus;
  /** Null keeps the note the case has. */
  note: string | null;
  resolvedAt: Date | null;
}

const DISPUTES_NEWEST_FIRST = newestFirst<Prisma.DisputeWhereInput, Prisma.DisputeOrderByWithRelationInput>();
const REQUESTS_NEWEST_FIRST = newestFirst<Prisma.SupportRequestWhereInput, Prisma.SupportRequestOrderByWithRelationInput>();

/** Claims (clients) and support requests (couriers), as staff list and handle them. */
@Injectable()
export class CasesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  listDisputes(status: CaseStatus | undefined, page: PageRequest): Promise<RowsPage<StaffDispute>> {
    return DISPUTES_NEWEST_FIRST.read(page, { status }, (args) => this.prisma.client.dispute.findMany({ ...args, include: DISPUTE_PEOPLE }));
  }

  listSupportRequests(status: CaseStatus | undefined, page: PageRequest): Promise<RowsPage<StaffSupportRequest>> {
    return REQUESTS_NEWEST_FIRST.read(page, { status }, (args) => this.prisma.client.supportRequest.findMany({ ...args, include: SUPPORT_PEOPLE }));
  }

  /** Null when there is no such claim. */
  updateDispute(id: string, change: CaseChange, actor: Actor): Promise<StaffDispute | null> {
    return this.prisma.client.$transaction(async (tx) => {
      const updated = await tx.dispute.updateMany({ where: { id }, data: changeData(change, actor) });
      if (updated.count === 0) return null;
      await this.record(tx, actor, 'dispute_updated', 'dispute', id, change.status);
      return tx.dispute.findUniqueOrThrow({ where: { id }, include: DISPUTE_PEOPLE });
    });
  }

  /** Null when there is no such request. */
  updateSupportRequest(id: string, change: CaseChange, actor: Actor): Promise<StaffSupportRequest | null> {
    return this.prisma.client.$transaction(async (tx) => {
      const updated = await tx.supportRequest.updateMany({ where: { id }, data: changeData(change, actor) });
      if (updated.count === 0) return null;
      await this.record(tx, actor, 'support_request_updated', 'support_request', id, change.status);
      return tx.supportRequest.findUniqueOrThrow({ where: { id }, include: SUPPORT_PEOPLE });
    });
  }

  private record(tx: Tx, actor: Actor, action: AuditAction, resourceType: string, resourceId: string, status: CaseStatus) {
    return this.audit.record({ actorId: actor.id, actorRole: actor.role, action, resourceType, resourceId, success: true, ip: actor.ip, details: { status } }, tx);
  }
}

function changeData(change: CaseChange, actor: Actor) {
  return { status: change.status, handledById: actor.id, staffNote: change.note ?? undefined, resolvedAt: change.resolvedAt };
}
