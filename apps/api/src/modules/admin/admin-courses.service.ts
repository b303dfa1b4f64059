import { Injectable } from '@nestjs/common';
import { fileUrl, type AdminCourseDto, type AdminCoursesResponse, type AvailableCourierDto, type CourierAssignedResponse, type Page } from '@coursa/contracts';
import { courseNumber, readHandoverFlag, readPositionFlag, searchTerms, statusesOf, type CourseStatus } from '@coursa/domain';
import type { AdminCourseListInput, CourseStatusInput } from '@coursa/contracts/schemas';
import type { PageRequest } from '../../common/pagination/pagination.js';
import { AssignCourierUseCase } from '../courses/use-cases/assign-courier.use-case.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { AdminErrors } from './admin.errors.js';
import { CourseLifecycle } from '../courses/course-lifecycle.service.js';
import { AdminCoursesRepository } from './admin-courses.repository.js';

@Injectable()
export class AdminCoursesService {
  constructor(
    private readonly courses: AdminCoursesRepository,
    private readonly lifecycle: CourseLifecycle,
    private readonly assignCourier: AssignCourierUseCase,
  ) {}

  /** The couriers staff may give a course to (issue 38): available and active, by name. */
  async availableCouriers(page: PageRequest): Promise<Page<'couriers', AvailableCourierDto>> {
    const { rows, nextCursor } = await this.courses.availableCouriers(page);
    const couriers = rows.map((courier) => ({
      id: courier.id,
      full_name: courier.fullName,
      phone: courier.phone,
      role: courier.role,
      active_courses: courier._count.courierCourses,
    }));
    return { couriers, next_cursor: nextCursor };
  }

  /** Staff give a waiting course to a courier, or one in progress to another (issue 38). */
  assign(staff: AuthUser, id: string, courierId: string, ip?: string): Promise<CourierAssignedResponse> {
    return this.assignCourier.execute(id, courierId, { id: staff.id, role: staff.role, ip });
  }

  /** Newest first, a page at a time: every course of the status filter, or those a search finds (`q`, issue 38). */
  async list(query: AdminCourseListInput): Promise<AdminCoursesResponse> {
    const statuses = query.status && statusesOf(query.status);
    const page = query.q ? await this.courses.search(searchTerms(query.q), statuses, query) : await this.courses.list(statuses, query);
    const flags = await this.courses.flags(page.rows.map((course) => course.id));
    const courses = page.rows.map((course) => ({
      id: course.id,
      course_number: courseNumber(course.number),
      status: course.status,
      client_id: course.clientId,
      client_name: course.client.fullName,
      client_phone: course.client.phone,
      assigned_delivery_person_id: course.courierId,
      delivery_person_name: course.courier?.fullName ?? null,
      delivery_person_phone: course.courier?.phone ?? null,
      recipient_phone: course.recipientPhone,
      created_at: course.createdAt.toISOString(),
      estimated_price: course.estimatedPrice,
      payment_method: course.paymentMethod,
      price_to_pay: course.estimatedPrice - course.discount,
      pickup_location: { address: course.pickupAddress, latitude: course.pickupLatitude, longitude: course.pickupLongitude },
      delivery_location: { address: course.deliveryAddress, latitude: course.deliveryLatitude, longitude: course.deliveryLongitude },
      description: course.description,
      handover_flag: handoverFlagOf(flags.get(course.id)?.delivery_flagged),
      position_flag: positionFlagOf(flags.get(course.id)?.position_flagged),
      proof_photo_url: course.proofPhotoFileId && fileUrl(course.proofPhotoFileId),
      hand_back_count: course.handBackCount,
    }));
    return { courses, next_cursor: page.nextCursor, total: page.total };
  }

  /**
   * Staff close a course that is not final (spec §4). Delivering it by hand charges what the client owes; a cash
   * course asks whether its courier collected the cash, which is then his to hand over (issue 34). It credits neither
   * loyalty points nor a commission: closing is an administrative act, not a handover, and the courier's commission
   * for it can be added by hand later.
   */
  async changeStatus(staff: AuthUser, id: string, input: CourseStatusInput, ip?: string): Promise<{ message: string; status: CourseStatus }> {
    const closed = await this.lifecycle.move(id, input.new_status, { id: staff.id, role: staff.role, ip }, { reason: input.reason, cashCollected: input.cash_collected });
    if (!closed.ok) {
      if (closed.refusal === 'not_found') throw CourseErrors.notFound();
      if (closed.refusal === 'needs_cash_answer') throw AdminErrors.cashAnswerNeeded();
      // Final already, or someone else moved it meanwhile: say where it is now.
      throw AdminErrors.courseClosed(closed.status!);
    }
    return { message: 'Statut mis à jour avec succès', status: input.new_status };
  }
}

/** The flag an audit line's details hold, as the course list gives it. */
function handoverFlagOf(details: unknown): AdminCourseDto['handover_flag'] {
  const flag = readHandoverFlag(details);
  return flag && { kind: flag.kind, distance_m: flag.distance_m };
}

/** The impossible move an audit line's details hold, as the course list gives it. */
function positionFlagOf(details: unknown): AdminCourseDto['position_flag'] {
  const move = readPositionFlag(details);
  return move && { distance_m: move.distance_m, seconds: move.seconds };
}
