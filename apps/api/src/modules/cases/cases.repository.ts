import { Injectable } from '@nestjs/common';
import type { CaseStatus } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

const PERSON = { select: { fullName: true, phone: true } } as const;
const HANDLER = { select: { fullName: true } } as const;
/**
 * With the disputed course's number and proof of delivery photo: what settles « je n'ai rien reçu » (issue 37); a
 * case names its course by number (issue 38).
 */
const DISPUTE_PEOPLE = { client: PERSON, handledBy: HANDLER, course: { select: { number: true, proofPhotoFileId: true } } } as const;
const SUPPORT_PEOPLE = { requester: PERSON, handledBy: HANDLER, course: { select: { number: true } } } as const;

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
  constructor(private readonly prisma: PrismaService) {}

  listDisputes(status: CaseStatus | undefined, page: PageRequest): Promise<RowsPage<StaffDispute>> {
    return DISPUTES_NEWEST_FIRST.read(page, { status }, (args) => this.prisma.client.dispute.findMany({ ...args, include: DISPUTE_PEOPLE }));
  }

  listSupportRequests(status: CaseStatus | undefined, page: PageRequest): Promise<RowsPage<StaffSupportRequest>> {
    return REQUESTS_NEWEST_FIRST.read(page, { status }, (args) => this.prisma.client.supportRequest.findMany({ ...args, include: SUPPORT_PEOPLE }));
  }

  /** Null when there is no such claim. */
  async updateDispute(tx: Tx, id: string, change: CaseChange, handledById: string): Promise<StaffDispute | null> {
    const updated = await tx.dispute.updateMany({ where: { id }, data: changeData(change, handledById) });
    if (updated.count === 0) return null;
    return tx.dispute.findUniqueOrThrow({ where: { id }, include: DISPUTE_PEOPLE });
  }

  /** Null when there is no such request. */
  async updateSupportRequest(tx: Tx, id: string, change: CaseChange, handledById: string): Promise<StaffSupportRequest | null> {
    const updated = await tx.supportRequest.updateMany({ where: { id }, data: changeData(change, handledById) });
    if (updated.count === 0) return null;
    return tx.supportRequest.findUniqueOrThrow({ where: { id }, include: SUPPORT_PEOPLE });
  }
}

function changeData(change: CaseChange, handledById: string) {
  return { status: change.status, handledById, staffNote: change.note ?? undefined, resolvedAt: change.resolvedAt };
}
