import { Injectable } from '@nestjs/common';
import type { IncidentReportedResponse } from '@coursa/contracts';
import { courseNumber, INCIDENT_KIND_LABELS, INCIDENT_STATUSES, reasonText, type IncidentKind } from '@coursa/domain';
import type { Actor } from '../../../common/auth/actor.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { DeliveryErrors } from '../delivery.errors.js';
import { DeliveryRepository } from '../delivery.repository.js';

export interface IncidentReport {
  kind: IncidentKind;
  note?: string;
  /** Where the courier was (his phone's position, else his last live one) and when it was measured; null: unknown. */
  position: { latitude: number; longitude: number; at: Date | null } | null;
  /** When the phone made the report (checked plausible by the caller), null when sent at once. */
  occurredAt: Date | null;
}

/**
 * A courier's incident after collecting the parcel (issue 38): it opens a support request, a case for staff only, with
 * its kind, the courier's words, his position and its time; staff are told live, and it is audited. The course is
 * read again under its lock: reported only while it is still his and collected.
 */
@Injectable()
export class ReportIncidentUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly delivery: DeliveryRepository,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  async execute(courier: Actor, courseId: string, report: IncidentReport): Promise<IncidentReportedResponse> {
    const label = INCIDENT_KIND_LABELS[report.kind];
    const text = reasonText(label, report.kind, report.note);
    if (!text) throw DeliveryErrors.incidentNeedsText();
    return this.uow.run(async (tx) => {
      const course = await this.delivery.lockCourse(tx, courseId, courier.id);
      if (!course) throw DeliveryErrors.notFound();
      if (!INCIDENT_STATUSES.includes(course.status)) throw DeliveryErrors.incidentNotExpected(course.status);
      const request = await this.delivery.createIncident(tx, {
        courseId: course.id,
        requesterId: courier.id,
        issue: text,
        incidentKind: report.kind,
        latitude: report.position?.latitude ?? null,
        longitude: report.position?.longitude ?? null,
        positionAt: report.position?.at ?? null,
        occurredAt: report.occurredAt,
      });
      await this.outbox.add(tx, {
        type: 'staff.notice',
        aggregateType: 'support_request',
        aggregateId: request.id,
        payload: { kind: 'support', message: `Incident ${courseNumber(course.number)} : ${text.slice(0, 120)}` },
      });
      await this.audit.record(
        {
          actorId: courier.id,
          actorRole: courier.role,
          action: 'incident_reported',
          resourceType: 'course',
          resourceId: course.id,
          success: true,
          ip: courier.ip,
          details: { kind: report.kind, support_request_id: request.id, ...(report.position && { latitude: report.position.latitude, longitude: report.position.longitude }) },
        },
        tx,
      );
      return { message: 'Incident signalé : le support va vous contacter.', support_request_id: request.id };
    });
  }
}
