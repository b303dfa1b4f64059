import { Injectable } from '@nestjs/common';
import type { Course, Dispute, Prisma } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';

export type NewDispute = Pick<Dispute, 'courseId' | 'clientId' | 'type' | 'reason' | 'description'>;

const CLAIMS_NEWEST_FIRST = newestFirst<Prisma.DisputeWhereInput, Prisma.DisputeOrderByWithRelationInput>();

@Injectable()
export class DisputesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  findCourse(id: string): Promise<Pick<Course, 'clientId'> | null> {
    return this.prisma.client.course.findUnique({ where: { id }, select: { clientId: true } });
  }

  create(dispute: NewDispute, ip: string | undefined): Promise<Dispute> {
    return this.prisma.client.$transaction(async (tx) => {
      const created = await tx.dispute.create({ data: dispute });
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'dispute',
        aggregateId: created.id,
        payload: { kind: 'claim', message: `Nouvelle réclamation : ${created.reason}` },
      });
      await this.audit.record(
        {
          actorId: dispute.clientId,
          actorRole: 'client',
          action: 'dispute_created',
          resourceType: 'dispute',
          resourceId: created.id,
          success: true,
          ip,
          details: { courseId: dispute.courseId, type: dispute.type },
        },
        tx,
      );
      return created;
    });
  }

  /** The client's claims, newest first, a page at a time. */
  listForClient(clientId: string, page: PageRequest): Promise<RowsPage<Dispute>> {
    return CLAIMS_NEWEST_FIRST.read(page, { clientId }, (args) => this.prisma.client.dispute.findMany(args));
  }
}
