import { describe, expect, it, jest } from '@jest/globals';
import type { CourseStatus } from '@coursa/domain';
import type { Course } from '../../../generated/prisma/client.js';
import { AssignCourierUseCase } from './assign-courier.use-case.js';

const STAFF = { id: '00000000-0000-4000-8000-00000000a001', role: 'admin' as const, ip: '10.0.0.1' };
const FIRST = '00000000-0000-4000-8000-00000000d001';
const SECOND = '00000000-0000-4000-8000-00000000d002';

function setUp(status: CourseStatus, courierId: string | null, courier: object | null = { id: SECOND, fullName: 'Ousmane Bangoura', role: 'salaried_delivery', isAvailable: true, isActive: true }) {
  const stored = { id: 'course-1', status, courierId, clientId: 'client-1' } as Course;
  const repository = {
    lock: jest.fn(async (_tx: object, id: string) => (id === stored.id ? stored : null)),
    courier: jest.fn(async () => courier),
    changeCourier: jest.fn(async (_tx: object, seen: Course, to: string): Promise<Course | null> => ({ ...seen, courierId: to })),
  };
  const lifecycle = { transition: jest.fn(async (..._args: unknown[]): Promise<unknown> => ({ ok: true, course: { ...stored, status: 'assigned', courierId: SECOND } })) };
  const outbox = { add: jest.fn(async (..._args: unknown[]) => {}) };
  const audit = { record: jest.fn(async (..._args: unknown[]) => {}) };
  const useCase = new AssignCourierUseCase(
    { run: (work: (tx: object) => Promise<unknown>) => work({}) } as never,
    repository as never,
    lifecycle as never,
    outbox as never,
    audit as never,
  );
  return { useCase, repository, lifecycle, outbox, audit };
}

describe('AssignCourierUseCase (issue 38)', () => {
  it('a waiting course moves to assigned through the lifecycle, given to the chosen courier', async () => {
    const t = setUp('pending', null);
    await expect(t.useCase.execute('course-1', SECOND, STAFF)).resolves.toMatchObject({ status: 'assigned', courier_id: SECOND, previous_courier_id: null, message: 'Course assignée à Ousmane Bangoura.' });
    expect(t.lifecycle.transition.mock.calls[0]!.slice(2)).toEqual(['assigned', STAFF, { courierId: SECOND }]);
    expect(t.repository.changeCourier).not.toHaveBeenCalled();
  });

  it('a course in progress changes courier and keeps its status: one event for the sockets and pushes, one audit line', async () => {
    const t = setUp('collected', FIRST);
    await expect(t.useCase.execute('course-1', SECOND, STAFF)).resolves.toMatchObject({ status: 'collected', courier_id: SECOND, previous_courier_id: FIRST });
    expect(t.repository.changeCourier).toHaveBeenCalledWith({}, expect.objectContaining({ id: 'course-1', courierId: FIRST }), SECOND);
    expect(t.outbox.add.mock.calls[0]![1]).toMatchObject({ type: 'course.courier_changed', payload: { courierId: SECOND, previousCourierId: FIRST, status: 'collected' } });
    expect(t.audit.record.mock.calls[0]![0]).toMatchObject({ action: 'course_courier_changed', details: { courier_id: SECOND, previous_courier_id: FIRST } });
  });

  it('refuses, in French, what cannot be: an ended course, the same courier, a courier off duty, a course moved meanwhile', async () => {
    await expect(setUp('delivered', FIRST).useCase.execute('course-1', SECOND, STAFF)).rejects.toMatchObject({ status: 409, code: 'COURSE_NOT_ASSIGNABLE' });
    await expect(setUp('assigned', SECOND).useCase.execute('course-1', SECOND, STAFF)).rejects.toMatchObject({ status: 409, code: 'SAME_COURIER' });
    const offDuty = setUp('assigned', FIRST, { id: SECOND, fullName: 'Ousmane Bangoura', role: 'salaried_delivery', isAvailable: false, isActive: true });
    await expect(offDuty.useCase.execute('course-1', SECOND, STAFF)).rejects.toMatchObject({ status: 409, code: 'COURIER_NOT_AVAILABLE', detail: expect.stringContaining("n'est pas disponible") });
    const client = setUp('assigned', FIRST, { id: SECOND, fullName: 'Awa', role: 'client', isAvailable: false, isActive: true });
    await expect(client.useCase.execute('course-1', SECOND, STAFF)).rejects.toMatchObject({ status: 404, code: 'COURIER_NOT_FOUND' });
    const raced = setUp('assigned', FIRST);
    raced.repository.changeCourier.mockResolvedValueOnce(null);
    await expect(raced.useCase.execute('course-1', SECOND, STAFF)).rejects.toMatchObject({ status: 409, code: 'COURSE_CHANGED' });
    expect(raced.outbox.add).not.toHaveBeenCalled();
  });
});
