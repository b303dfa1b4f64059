import { Injectable } from '@nestjs/common';
import type {
  AuditAction,
  DisputeUpdatedResponse,
  StaffDisputeDto,
  StaffDisputesResponse,
  StaffSupportRequestDto,
  StaffSupportRequestsResponse,
  SupportRequestUpdatedResponse,
} from '@coursa/contracts';
import { fileUrl } from '@coursa/contracts';
import { CASE_STATUS_LABELS, DISPUTE_TYPE_LABELS, INCIDENT_KIND_LABELS, INCIDENT_KINDS, courseNumber, type CaseStatus, type IncidentKind } from '@coursa/domain';
import type { CaseListInput, UpdateCaseInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CaseErrors } from './cases.errors.js';
import { CasesRepository, type CaseChange, type StaffDispute, type StaffSupportRequest } from './cases.repository.js';

const CLOSED: readonly CaseStatus[] = ['resolved', 'rejected'];

@Injectable()
export class CasesService {
  constructor(
    private readonly cases: CasesRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Newest first, a page at a time. */
  async disputes(query: CaseListInput): Promise<StaffDisputesResponse> {
    const { rows, nextCursor } = await this.cases.listDisputes(query.status, query);
    return { disputes: rows.map(toDisputeDto), next_cursor: nextCursor };
  }

  /** Newest first, a page at a time. */
  async supportRequests(query: CaseListInput): Promise<StaffSupportRequestsResponse> {
    const { rows, nextCursor } = await this.cases.listSupportRequests(query.status, query);
    return { support_requests: rows.map(toSupportRequestDto), next_cursor: nextCursor };
  }

  async updateDispute(staff: AuthUser, id: string, input: UpdateCaseInput, ip?: string): Promise<DisputeUpdatedResponse> {
    const change = this.change(input);
    const dispute = await this.uow.run(async (tx) => {
      const dispute = await this.cases.updateDispute(tx, id, change, staff.id);
      if (dispute) await this.record(tx, staff, ip, 'dispute_updated', 'dispute', id, change.status);
      return dispute;
    });
    if (!dispute) throw CaseErrors.disputeNotFound();
    return { message: 'Réclamation mise à jour.', dispute: toDisputeDto(dispute) };
  }

  async updateSupportRequest(staff: AuthUser, id: string, input: UpdateCaseInput, ip?: string): Promise<SupportRequestUpdatedResponse> {
    const change = this.change(input);
    const request = await this.uow.run(async (tx) => {
      const request = await this.cases.updateSupportRequest(tx, id, change, staff.id);
      if (request) await this.record(tx, staff, ip, 'support_request_updated', 'support_request', id, change.status);
      return request;
    });
    if (!request) throw CaseErrors.supportRequestNotFound();
    return { message: 'Demande de support mise à jour.', support_request: toSupportRequestDto(request) };
  }

  /** The audit row of a handled case, in the transaction that changed it. */
  private record(tx: Tx, staff: AuthUser, ip: string | undefined, action: AuditAction, resourceType: string, resourceId: string, status: CaseStatus) {
    return this.audit.record({ actorId: staff.id, actorRole: staff.role, action, resourceType, resourceId, success: true, ip, details: { status } }, tx);
  }

  /** A case is resolved when it closes (resolved or rejected) and open again when it moves back. */
  private change(input: UpdateCaseInput): CaseChange {
    return { status: input.status, note: input.note, resolvedAt: CLOSED.includes(input.status) ? this.clock.now() : null };
  }
}

function caseFields(row: StaffDispute | StaffSupportRequest) {
  return {
    id: row.id,
    course_id: row.courseId,
    course_number: row.course ? courseNumber(row.course.number) : null,
    status: row.status,
    status_label: CASE_STATUS_LABELS[row.status],
    staff_note: row.staffNote,
    handled_by_name: row.handledBy?.fullName ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

function toDisputeDto(dispute: StaffDispute): StaffDisputeDto {
  return {
    ...caseFields(dispute),
    client_name: dispute.client.fullName,
    client_phone: dispute.client.phone,
    dispute_type: dispute.type,
    dispute_type_label: DISPUTE_TYPE_LABELS[dispute.type],
    reason: dispute.reason,
    description: dispute.description,
    proof_photo_url: dispute.course.proofPhotoFileId && fileUrl(dispute.course.proofPhotoFileId),
  };
}

function toSupportRequestDto(request: StaffSupportRequest): StaffSupportRequestDto {
  const kind = (INCIDENT_KINDS as readonly string[]).includes(request.incidentKind ?? '') ? (request.incidentKind as IncidentKind) : null;
  return {
    ...caseFields(request),
    courier_name: request.requester.fullName,
    courier_phone: request.requester.phone,
    issue: request.issue,
    incident_kind: kind,
    incident_label: kind && INCIDENT_KIND_LABELS[kind],
    position:
      request.latitude === null || request.longitude === null
        ? null
        : { latitude: request.latitude, longitude: request.longitude, at: request.positionAt?.toISOString() ?? null },
  };
}
