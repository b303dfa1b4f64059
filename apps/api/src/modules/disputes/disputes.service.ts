import { Injectable } from '@nestjs/common';
import type { ClientDisputesResponse, DisputeCreatedResponse, DisputeDto } from '@coursa/contracts';
import { CASE_STATUS_LABELS, courseNumber, DISPUTE_TYPE_LABELS } from '@coursa/domain';
import type { CreateDisputeInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { DisputesRepository, type ClientDispute } from './disputes.repository.js';

@Injectable()
export class DisputesService {
  constructor(
    private readonly disputes: DisputesRepository,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /** A client opens a claim on one of their own courses, whatever its status. */
  async open(client: AuthUser, input: CreateDisputeInput, ip?: string): Promise<DisputeCreatedResponse> {
    const course = await this.disputes.findCourse(input.course_id);
    if (!course || course.clientId !== client.id) throw CourseErrors.notFound();
    // Staff are told through the outbox, in the transaction that stores the claim with its audit row.
    const dispute = await this.uow.run(async (tx) => {
      const created = await this.disputes.create(tx, { courseId: input.course_id, clientId: client.id, type: input.dispute_type, reason: input.reason, description: input.description });
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'dispute',
        aggregateId: created.id,
        payload: { kind: 'claim', message: `Nouvelle réclamation : ${created.reason}` },
      });
      await this.audit.record(
        {
          actorId: client.id,
          actorRole: 'client',
          action: 'dispute_created',
          resourceType: 'dispute',
          resourceId: created.id,
          success: true,
          ip,
          details: { courseId: input.course_id, type: input.dispute_type },
        },
        tx,
      );
      return created;
    });
    return { message: 'Réclamation enregistrée avec succès!', dispute: toDisputeDto(dispute) };
  }

  /** The client's claims and where each stands, newest first (a page). */
  async list(client: AuthUser, page: PageRequest): Promise<ClientDisputesResponse> {
    const { rows, nextCursor } = await this.disputes.listForClient(client.id, page);
    return { disputes: rows.map(toDisputeDto), next_cursor: nextCursor };
  }
}

function toDisputeDto(dispute: ClientDispute): DisputeDto {
  return {
    id: dispute.id,
    course_id: dispute.courseId,
    course_number: courseNumber(dispute.course.number),
    dispute_type: dispute.type,
    dispute_type_label: DISPUTE_TYPE_LABELS[dispute.type],
    reason: dispute.reason,
    description: dispute.description,
    status: dispute.status,
    status_label: CASE_STATUS_LABELS[dispute.status],
    staff_note: dispute.staffNote,
    created_at: dispute.createdAt.toISOString(),
    updated_at: dispute.updatedAt.toISOString(),
    resolved_at: dispute.resolvedAt?.toISOString() ?? null,
  };
}
