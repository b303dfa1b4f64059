import { Injectable } from '@nestjs/common';
import type { ClientDisputesResponse, DisputeCreatedResponse, DisputeDto } from '@coursa/contracts';
import { CASE_STATUS_LABELS, DISPUTE_TYPE_LABELS } from '@coursa/domain';
import type { CreateDisputeInput } from '@coursa/contracts/schemas';
import type { Dispute } from '../../generated/prisma/client.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { DisputesRepository } from './disputes.repository.js';

@Injectable()
export class DisputesService {
  constructor(private readonly disputes: DisputesRepository) {}

  /** A client opens a claim on one of their own courses, whatever its status. */
  async open(client: AuthUser, input: CreateDisputeInput, ip?: string): Promise<DisputeCreatedResponse> {
    const course = await this.disputes.findCourse(input.course_id);
    if (!course || course.clientId !== client.id) throw CourseErrors.notFound();
    const dispute = await this.disputes.create(
      { courseId: input.course_id, clientId: client.id, type: input.dispute_type, reason: input.reason, description: input.description },
      ip,
    );
    return { message: 'Réclamation enregistrée avec succès!', dispute: toDisputeDto(dispute) };
  }

  /** The client's claims and where each stands, newest first (a page). */
  async list(client: AuthUser, page: PageRequest): Promise<ClientDisputesResponse> {
    const { rows, nextCursor } = await this.disputes.listForClient(client.id, page);
    return { disputes: rows.map(toDisputeDto), next_cursor: nextCursor };
  }
}

function toDisputeDto(dispute: Dispute): DisputeDto {
  return {
    id: dispute.id,
    course_id: dispute.courseId,
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
