import { Injectable } from '@nestjs/common';
import type { CourierAssignedResponse } from '@coursa/contracts';
import { checkCourierChange, isCourier } from '@coursa/domain';
import type { Actor } from '../../../common/auth/actor.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { CourseLifecycleRepository } from '../course-lifecycle.repository.js';
import { CourseLifecycle } from '../course-lifecycle.service.js';
import { CourseErrors } from '../courses.errors.js';

/**
 * Staff give a course to a courier (issue 38): a waiting one moves to assigned (the lifecycle's table: staff's
 * pending → assigned); one in progress changes courier and keeps its status (libs/domain `checkCourierChange`). The
 * course's row is locked first, so of two clicks or two staff the second sees the first's result; the courier must be
 * an available, active courier. A courier change writes one `course.courier_changed` event (both couriers, the client
 * and ops are told; the first courier's positions stop going to the course) and one audit line.
 */
@Injectable()
export class AssignCourierUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly courses: CourseLifecycleRepository,
    private readonly lifecycle: CourseLifecycle,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  execute(courseId: string, courierId: string, staff: Actor): Promise<CourierAssignedResponse> {
    return this.uow.run(async (tx) => {
      const course = await this.courses.lock(tx, courseId);
      if (!course) throw CourseErrors.notFound();
      const courier = await this.courses.courier(tx, courierId);
      if (!courier || !isCourier(courier.role)) throw CourseErrors.courierNotFound();
      if (!courier.isAvailable || !courier.isActive) throw CourseErrors.courierNotAvailable(courier.fullName);
      const answer = (status: CourierAssignedResponse['status'], previous: string | null): CourierAssignedResponse => ({
        message: previous ? `Course confiée à ${courier.fullName}.` : `Course assignée à ${courier.fullName}.`,
        course_id: course.id,
        status,
        courier_id: courier.id,
        courier_name: courier.fullName,
        previous_courier_id: previous,
      });

      if (course.status === 'pending') {
        const assigned = await this.lifecycle.transition(tx, course, 'assigned', staff, { courierId: courier.id });
        if (!assigned.ok) throw CourseErrors.changedMeanwhile();
        return answer('assigned', null);
      }

      const refusal = checkCourierChange(course, courier.id, staff);
      if (refusal === 'same_courier') throw CourseErrors.sameCourier();
      if (refusal) throw CourseErrors.notAssignable(course.status);
      const previous = course.courierId!;
      const changed = await this.courses.changeCourier(tx, course, courier.id);
      if (!changed) throw CourseErrors.changedMeanwhile();
      await this.outbox.add(tx, {
        type: 'course.courier_changed',
        aggregateType: 'course',
        aggregateId: course.id,
        payload: { courseId: course.id, courseNumber: course.number, clientId: course.clientId, status: course.status, courierId: courier.id, courierName: courier.fullName, previousCourierId: previous },
      });
      await this.audit.record(
        {
          actorId: staff.id,
          actorRole: staff.role,
          action: 'course_courier_changed',
          resourceType: 'course',
          resourceId: course.id,
          success: true,
          ip: staff.ip,
          details: { status: course.status, courier_id: courier.id, previous_courier_id: previous },
        },
        tx,
      );
      return answer(course.status, previous);
    });
  }
}
