import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES, KM_PER_DEGREE, type CourseStatus, type HandoverFlag } from '@coursa/domain';
import { Prisma, type Course, type Payment, type SupportRequest, type User } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { columnsOf, COURSE_COLUMNS } from '../../common/prisma/columns.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import type { Actor } from '../../common/auth/actor.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { COURSES_NEWEST_FIRST } from '../courses/courses.repository.js';

/** Where a courier stands when reading the pending courses (see listPending). */
export interface PendingOffer {
  from: { latitude: number; longitude: number } | null;
  radiusKm: number;
  youngSince: Date;
}

/**
 * What the offer shows of a course (DeliveryService.availableCourses): 17 of its 45 columns. Every courier waiting for
 * work reads a page of them every few seconds; the other columns would be parsed and collected for nothing (issue 42).
 */
const OFFERED_FIELDS = {
  id: true,
  number: true,
  estimatedPrice: true,
  discount: true,
  finalPrice: true,
  paymentMethod: true,
  pickupAddress: true,
  pickupLatitude: true,
  pickupLongitude: true,
  pickupInstructions: true,
  deliveryAddress: true,
  deliveryLatitude: true,
  deliveryLongitude: true,
  deliveryInstructions: true,
  description: true,
  packageType: true,
  createdAt: true,
} as const satisfies Partial<Record<keyof Course, true>>;
export type OfferedCourse = Pick<Course, keyof typeof OFFERED_FIELDS>;
const OFFERED_COLUMNS = columnsOf(OFFERED_FIELDS, 'c');

/** For a courier with a live position: the nearest pickup first (whole metres), then by id. */
const NEAREST_FIRST = new Keyset<{ distanceM: number; id: string }>([
  { field: 'distanceM', order: 'asc', kind: 'integer' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);
const NEAREST_COLUMNS = { distanceM: 'distance_m', id: 'id' };

const WITH_CLIENT = {
  client: { select: { fullName: true, phone: true } },
  payment: { select: { status: true } },
  commission: { select: { amount: true } },
  rating: { select: { rating: true, comment: true } },
} as const;

/** Pending courses are offered oldest first: the longest wait on top. */
const OLDEST_FIRST = new Keyset<Pick<Course, 'createdAt' | 'id'>>([
  { field: 'createdAt', order: 'asc', kind: 'date' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);
const OLDEST_COLUMNS = { createdAt: 'c.created_at', id: 'c.id' };

/** A course of the courier's history names its courier (himself) as every course answer does (CourseDto). */
const IN_HISTORY = { ...WITH_CLIENT, courier: { select: { fullName: true } } } as const;

export type CourierCourse = Course & {
  client: Pick<User, 'fullName' | 'phone'>;
  payment: Pick<Payment, 'status'> | null;
  commission: { amount: number } | null;
};

@Injectable()
export class DeliveryRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  async toggleAvailability(courierId: string): Promise<boolean> {
    const [row] = await this.prisma.client.$queryRaw<{ is_available: boolean }[]>`
      UPDATE users SET is_available = NOT is_available, updated_at = now() WHERE id = ${courierId}::uuid RETURNING is_available`;
    return row!.is_available;
  }

  /** A hot read (PrismaService.read): the offer and accepting ask it first. */
  async isAvailable(courierId: string): Promise<boolean> {
    const [courier] = await this.prisma.read<{ isAvailable: boolean }>(Prisma.sql`SELECT is_available AS "isAvailable" FROM users WHERE id = ${courierId}::uuid`);
    return courier?.isAvailable ?? false;
  }

  /**
   * The pending courses a courier is offered, without the cash-on-delivery ones when `cash` is false. `offer.youngSince`: a course created after it is still offered only to
   * the couriers near its pickup (issue 24). A courier with a live position (`offer.from`) gets them nearest first,
   * each with its distance (the straight line, as `straightLineKm` measures it), the young ones only within
   * `offer.radiusKm`; one without, oldest first and only those past the delay.
   */
  async listPending(cash: boolean, page: PageRequest, offer: PendingOffer): Promise<RowsPage<OfferedCourse & { distanceM: number | null }>> {
    // Hot reads (PrismaService.read): every courier waiting for work asks for them.
    const cashFilter = cash ? Prisma.sql`TRUE` : Prisma.sql`c.payment_method <> 'cash_on_delivery'`;
    if (!offer.from) {
      const oldest = await this.prisma.read<OfferedCourse>(Prisma.sql`
        SELECT ${OFFERED_COLUMNS} FROM courses c
        WHERE c.status = 'pending' AND c.courier_id IS NULL AND ${cashFilter} AND c.created_at <= ${offer.youngSince.toISOString()}::timestamp(3)
          AND ${OLDEST_FIRST.sqlAfter(page.cursor, OLDEST_COLUMNS)}
        ORDER BY ${OLDEST_FIRST.sqlOrderBy(OLDEST_COLUMNS)}
        LIMIT ${OLDEST_FIRST.take(page)}`);
      const cut = OLDEST_FIRST.page(oldest, page);
      // Each row is the page's own: its distance added in place, not copied with its columns.
      return { ...cut, rows: cut.rows.map((course) => Object.assign(course, { distanceM: null })) };
    }
    const { latitude, longitude } = offer.from;
    const found = await this.prisma.read<{ id: string; distanceM: number }>(Prisma.sql`
      WITH offered AS (
        SELECT c.id, c.created_at,
          round(${KM_PER_DEGREE * 1000}::float8 * sqrt(power(c.pickup_latitude - ${latitude}::float8, 2) + power(c.pickup_longitude - ${longitude}::float8, 2)))::int AS distance_m
        FROM courses c
        WHERE c.status = 'pending' AND c.courier_id IS NULL AND ${cashFilter}
      )
      SELECT id, distance_m AS "distanceM" FROM offered
      WHERE (created_at <= ${offer.youngSince.toISOString()}::timestamp(3) OR distance_m <= ${Math.round(offer.radiusKm * 1000)})
        AND ${NEAREST_FIRST.sqlAfter(page.cursor, NEAREST_COLUMNS)}
      ORDER BY ${NEAREST_FIRST.sqlOrderBy(NEAREST_COLUMNS)}
      LIMIT ${NEAREST_FIRST.take(page)}`);
    const cut = NEAREST_FIRST.page(found, page);
    const courses = new Map(
      (await this.prisma.read<OfferedCourse>(Prisma.sql`SELECT ${OFFERED_COLUMNS} FROM courses c WHERE c.id = ANY(${cut.rows.map((row) => row.id)}::uuid[])`)).map((course) => [course.id, course]),
    );
    return { ...cut, rows: cut.rows.flatMap((row) => (courses.has(row.id) ? [Object.assign(courses.get(row.id)!, { distanceM: row.distanceM })] : [])) };
  }

  /** A course as it is now (a courier accepting it: whether it is cash, and what the lifecycle moves). */
  async findCourse(courseId: string): Promise<Course | null> {
    const [course] = await this.prisma.read<Course>(Prisma.sql`SELECT ${COURSE_COLUMNS} FROM courses c WHERE c.id = ${courseId}::uuid`);
    return course ?? null;
  }

  /**
   * The courier's course alone: what his steps, his handover and their checks read, as a hot read (PrismaService.read);
   * the screen that shows the client asks for it too (findForCourierWithClient).
   */
  async findForCourier(courseId: string, courierId: string): Promise<Course | null> {
    const [course] = await this.prisma.read<Course>(Prisma.sql`
      SELECT ${COURSE_COLUMNS} FROM courses c WHERE c.id = ${courseId}::uuid AND c.courier_id = ${courierId}::uuid`);
    return course ?? null;
  }

  /** The courier's course with its client's name and phone (his navigation screen). */
  findForCourierWithClient(courseId: string, courierId: string): Promise<(Course & { client: Pick<User, 'fullName' | 'phone'> }) | null> {
    return this.prisma.client.course.findFirst({ where: { id: courseId, courierId }, include: { client: WITH_CLIENT.client } });
  }

  /** The courier's courses with the given statuses (all when none), newest first, and how many match in all. */
  async history(
    courierId: string,
    statuses: readonly CourseStatus[] | undefined,
    page: PageRequest,
  ): Promise<RowsPage<CourierCourse & { courier: { fullName: string } | null }> & { total: number }> {
    const where: Prisma.CourseWhereInput = { courierId, ...(statuses && { status: { in: [...statuses] } }) };
    const [rows, counts] = await Promise.all([
      COURSES_NEWEST_FIRST.read(page, where, (args) => this.prisma.client.course.findMany({ ...args, include: IN_HISTORY })),
      // The total from the courier's per-status counts (trigger-kept, issue 25), not a count of their year of courses.
      this.prisma.client.userCourseCount.aggregate({ where: { userId: courierId, ...(statuses && { status: { in: [...statuses] } }) }, _sum: { asCourier: true } }),
    ]);
    return { ...rows, total: counts._sum.asCourier ?? 0 };
  }

  /** A handover whose place says something is wrong (issue 24): an audit line on the course, with what was measured. */
  async flagHandover(courseId: string, actor: Actor, flag: HandoverFlag): Promise<void> {
    await this.audit.record({ actorId: actor.id, actorRole: actor.role, action: 'delivery_flagged', resourceType: 'course', resourceId: courseId, success: true, ip: actor.ip, details: flag });
  }

  /**
   * Locks the courier's course for its proof photo (two uploads at once take turns): its status and the proof photo it
   * has, with the photo's fingerprint; null when the course is not theirs.
   */
  async lockForProof(tx: Tx, courseId: string, courierId: string): Promise<{ status: CourseStatus; proofPhotoFileId: string | null; proofSha256: string | null } | null> {
    const [course] = await tx.$queryRaw<{ status: CourseStatus; proofPhotoFileId: string | null }[]>`
      SELECT status, proof_photo_file_id AS "proofPhotoFileId" FROM courses
      WHERE id = ${courseId}::uuid AND courier_id = ${courierId}::uuid FOR UPDATE`;
    if (!course) return null;
    // Read after the lock, in its own statement: a photo kept by the upload that held the lock is seen.
    const photo = course.proofPhotoFileId ? await tx.storedFile.findUnique({ where: { id: course.proofPhotoFileId }, select: { sha256: true } }) : null;
    return { ...course, proofSha256: photo?.sha256 ?? null };
  }

  setProofPhoto(tx: Tx, courseId: string, fileId: string) {
    return tx.course.update({ where: { id: courseId }, data: { proofPhotoFileId: fileId }, select: { id: true } });
  }

  /**
   * Counts one try before comparing, atomically, so parallel guesses cannot exceed the limit: the tries used with this
   * one, or null when none is left (or the course is no longer this courier's, under way, with a code).
   */
  async reserveOtpAttempt(courseId: string, courierId: string, maxAttempts: number): Promise<number | null> {
    // A hot write (every handover's first statement, PrismaService.write): one conditional update, its own transaction.
    const [reserved] = await this.prisma.write<{ otpAttempts: number }>(Prisma.sql`
      UPDATE courses SET otp_attempts = otp_attempts + 1, updated_at = ${new Date()}
      WHERE id = ${courseId}::uuid AND courier_id = ${courierId}::uuid AND status = 'en_route_delivery' AND otp_hash IS NOT NULL AND otp_attempts < ${maxAttempts}
      RETURNING otp_attempts AS "otpAttempts"`);
    return reserved ? reserved.otpAttempts : null;
  }

  /**
   * A new delivery code replaces the old one (which dies), if the course is still the courier's and under way: the
   * course, or null.
   */
  async replaceOtp(tx: Tx, courseId: string, courierId: string, otpHash: string, at: Date): Promise<Course | null> {
    const replaced = await tx.course.updateMany({
      where: { id: courseId, courierId, status: { in: [...ACTIVE_STATUSES] } },
      data: { otpHash, otpAttempts: 0, otpGeneratedAt: at },
    });
    return replaced.count === 0 ? null : tx.course.findUniqueOrThrow({ where: { id: courseId } });
  }

  /** Locks the course while it is this courier's (issue 38: an incident is reported on his course as it is now). */
  async lockCourse(tx: Tx, courseId: string, courierId: string): Promise<Course | null> {
    const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM courses WHERE id = ${courseId}::uuid AND courier_id = ${courierId}::uuid FOR UPDATE`;
    return row ? tx.course.findUnique({ where: { id: row.id } }) : null;
  }

  /** Stores a courier's incident (issue 38): a support request with its kind and his position. */
  createIncident(tx: Tx, incident: Pick<Prisma.SupportRequestUncheckedCreateInput, 'courseId' | 'requesterId' | 'issue' | 'incidentKind' | 'latitude' | 'longitude' | 'positionAt' | 'occurredAt'>): Promise<SupportRequest> {
    return tx.supportRequest.create({ data: incident });
  }

  /**
   * Whether this courier had the course and lost it (issue 38): handed it back, or staff gave it to another. His
   * late or offline calls on it are then told so, not « introuvable ».
   */
  async wasCourierOf(courseId: string, courierId: string): Promise<boolean> {
    const lost = await this.prisma.client.auditLog.findFirst({
      where: { resourceType: 'course', resourceId: courseId, action: { in: ['course_courier_changed', 'course_handed_back'] }, details: { path: ['previous_courier_id'], equals: courierId } },
      select: { id: true },
    });
    return lost !== null;
  }

  /**
   * The place book's places a course names for its ends (issue 39), by id: their names and the instructions staff wrote;
   * none that staff hid since.
   */
  async shownPlaces(ids: readonly (string | null)[]): Promise<Map<string, { name: string; instructions: string | null }>> {
    const wanted = ids.filter((id): id is string => id !== null);
    if (!wanted.length) return new Map();
    const places = await this.prisma.client.place.findMany({ where: { id: { in: wanted }, hidden: false }, select: { id: true, name: true, instructions: true } });
    return new Map(places.map(({ id, ...place }) => [id, place]));
  }

  /** Stores a courier's support request. */
  createSupportRequest(tx: Tx, courseId: string, requesterId: string, issue: string, occurredAt: Date | null = null): Promise<SupportRequest> {
    return tx.supportRequest.create({ data: { courseId, requesterId, issue, occurredAt } });
  }
}
