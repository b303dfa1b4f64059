import { Injectable } from '@nestjs/common';
import type { Course, Dispute, Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

export type NewDispute = Pick<Dispute, 'courseId' | 'clientId' | 'type' | 'reason' | 'description'>;

const CLAIMS_NEWEST_FIRST = newestFirst<Prisma.DisputeWhereInput, Prisma.DisputeOrderByWithRelationInput>();

@Injectable()
export class DisputesRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCourse(id: string): Promise<Pick<Course, 'clientId'> | null> {
    return this.prisma.client.course.findUnique({ where: { id }, select: { clientId: true } });
  }

  create(tx: Tx, dispute: NewDispute): Promise<Dispute> {
    return tx.dispute.create({ data: dispute });
  }

  /** The client's claims, newest first, a page at a time. */
  listForClient(clientId: string, page: PageRequest): Promise<RowsPage<Dispute>> {
    return CLAIMS_NEWEST_FIRST.read(page, { clientId }, (args) => this.prisma.client.dispute.findMany(args));
  }
}
