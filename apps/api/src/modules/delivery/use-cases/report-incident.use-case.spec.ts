import { describe, expect, it, jest } from '@jest/globals';
import type { CourseStatus } from '@coursa/domain';
import { ReportIncidentUseCase } from './report-incident.use-case.js';

const COURIER = { id: '00000000-0000-4000-8000-00000000d001', role: 'independent_delivery' as const, ip: '10.0.0.9' };
const AT = new Date('2026-11-25T10:00:00.000Z');

function setUp(status: CourseStatus | null) {
  const delivery = {
    lockCourse: jest.fn(async (..._args: unknown[]) => (status ? { id: 'course-1', number: 123, status } : null)),
    createIncident: jest.fn(async (_tx: object, incident: object) => ({ id: 'case-1', ...incident })),
  };
  const outbox = { add: jest.fn(async (..._args: unknown[]) => {}) };
  const audit = { record: jest.fn(async (..._args: unknown[]) => {}) };
  const useCase = new ReportIncidentUseCase({ run: (work: (tx: object) => Promise<unknown>) => work({}) } as never, delivery as never, outbox as never, audit as never);
  return { useCase, delivery, outbox, audit };
}

describe('ReportIncidentUseCase (issue 38)', () => {
  it('opens a case with the kind, the words, the position and its time; staff are told and it is audited', async () => {
    const t = setUp('en_route_delivery');
    const position = { latitude: 9.5092, longitude: -13.7122, at: AT };
    await expect(t.useCase.execute(COURIER, 'course-1', { kind: 'recipient_absent', note: 'Ne répond pas', position, occurredAt: null })).resolves.toEqual({
      message: 'Incident signalé : le support va vous contacter.',
      support_request_id: 'case-1',
    });
    expect(t.delivery.createIncident.mock.calls[0]![1]).toEqual({
      courseId: 'course-1',
      requesterId: COURIER.id,
      issue: 'Destinataire absent : Ne répond pas',
      incidentKind: 'recipient_absent',
      latitude: 9.5092,
      longitude: -13.7122,
      positionAt: AT,
      occurredAt: null,
    });
    expect(t.outbox.add.mock.calls[0]![1]).toMatchObject({ type: 'staff.notice', payload: { kind: 'support', message: 'Incident CRS-000123 : Destinataire absent : Ne répond pas' } });
    expect(t.audit.record.mock.calls[0]![0]).toMatchObject({ action: 'incident_reported', resourceId: 'course-1', details: { kind: 'recipient_absent', support_request_id: 'case-1' } });
  });

  it('without a known position, the case says so (null), not a made-up place', async () => {
    const t = setUp('collected');
    await t.useCase.execute(COURIER, 'course-1', { kind: 'accident', position: null, occurredAt: null });
    expect(t.delivery.createIncident.mock.calls[0]![1]).toMatchObject({ issue: 'Accident', latitude: null, longitude: null, positionAt: null });
  });

  it('refuses « Autre » without words, before the parcel is collected, and on a course no longer his', async () => {
    await expect(setUp('collected').useCase.execute(COURIER, 'course-1', { kind: 'other', position: null, occurredAt: null })).rejects.toMatchObject({ status: 400, code: 'INCIDENT_TEXT_REQUIRED' });
    const early = setUp('en_route_pickup');
    await expect(early.useCase.execute(COURIER, 'course-1', { kind: 'accident', position: null, occurredAt: null })).rejects.toMatchObject({ status: 409, code: 'INCIDENT_NOT_EXPECTED' });
    expect(early.delivery.createIncident).not.toHaveBeenCalled();
    await expect(setUp(null).useCase.execute(COURIER, 'course-1', { kind: 'accident', position: null, occurredAt: null })).rejects.toMatchObject({ status: 404 });
  });
});
