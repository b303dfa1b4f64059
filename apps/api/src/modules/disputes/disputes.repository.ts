import { Injectable } from '@nestjs/common';
import type { Course, Dispute, Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

export type NewDispute = Pick<Dispute, 'courseId' | 'clientId' | 'type' | 'reason' | 'description'>;

/** A claim with its course's number, how the client reads which course it is about (issue 38). */
const WITH_COURSE_NUMBER = { course: { select: { number: true } } } as const;
export type ClientDispute = Prisma.DisputeGetPayload<{ include: typeof WITH_COURSE_NUMBER }>;

const CLAIMS_NEWEST_FIRST = newestFirst<Prisma.DisputeWhereInput, Prisma.DisputeOrderByWithRelationInput>();

@Injectable()
export class DisputesRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCourse(id: string): Promise<Pick<Course, 'clientId'> | null> {
    return this.prisma.client.course.findUnique({ where: { id }, select: { clientId: true } });
  }

  create(tx: Tx, dispute: NewDispute): Promise<ClientDispute> {
    return tx.dispute.create({ data: dispute, include: WITH_COURSE_NUMBER });
  }

  /** The client's claims, newest first, a page at a time. */
  listForClient(clientId: string, page: PageRequest): Promise<RowsPage<ClientDispute>> {
    return CLAIMS_NEWEST_FIRST.read(page, { clientId }, (args) => this.prisma.client.dispute.findMany({ ...args, include: WITH_COURSE_NUMBER }));
  }
}
