import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OutboxEventInput } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { Prisma, type Course, type Payment, type PaymentMethod, type PaymentProvider, type PaymentStatus, type RefundMethod, type RefundStatus } from '../../generated/prisma/client.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { newestFirst, type PageRequest, type RowsPage, type SqlColumns } from '../../common/pagination/pagination.js';
import { columnOf, COURSE_COLUMNS, isPlainValue } from '../../common/prisma/columns.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { isUuid } from '../../common/validation/params.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { isUniqueViolation } from '../../common/errors/error-response.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { CourseView, CourseWithRelations } from './courses.mapper.js';

/** Lists of courses, newest first (the client's, the courier's history, the back office's). */
export const COURSES_NEWEST_FIRST = newestFirst<Prisma.CourseWhereInput, Prisma.CourseOrderByWithRelationInput>();

/**
 * A course of the client's or courier's list as one row: what its answer shows, its relations flattened (the list
 * is read in raw SQL: through Prisma's query builder it cost twice the database's time, README "Performance").
 */
type CourseListRow = Omit<CourseView, 'client' | 'payment' | 'rating' | 'courier'> & RelationColumns;

/** A course's relations as its answers show them, read flattened beside its columns (RELATION_COLUMNS). */
interface RelationColumns {
  clientName: string;
  courierName: string | null;
  paymentStatus: PaymentStatus | null;
  refundStatus: RefundStatus | null;
  refundAmount: number | null;
  refundMethod: RefundMethod | null;
  rating: number | null;
  ratingComment: string | null;
}

/** The relations of a course `c` its answers show: its client, its courier, its payment and that one's refund, its rating. */
const RELATION_JOINS = Prisma.raw(`JOIN users u ON u.id = c.client_id
  LEFT JOIN users k ON k.id = c.courier_id
  LEFT JOIN payments p ON p.course_id = c.id
  LEFT JOIN refunds r ON r.payment_id = p.id
  LEFT JOIN ratings rt ON rt.course_id = c.id`);
const RELATION_COLUMNS = `u.full_name AS "clientName", k.full_name AS "courierName", p.status AS "paymentStatus", r.status AS "refundStatus",
  r.amount AS "refundAmount", r.method AS "refundMethod", rt.rating, rt.comment AS "ratingComment"`;

/** The relations read with RELATION_COLUMNS, in the shape of the course's answers (its courier by name). */
function relationsOf(row: RelationColumns): Pick<CourseView, 'client' | 'courier' | 'payment' | 'rating'> {
  const { clientName, courierName, paymentStatus, refundStatus, refundAmount, refundMethod, rating, ratingComment } = row;
  return {
    client: { fullName: clientName },
    courier: courierName === null ? null : { fullName: courierName },
    payment: paymentStatus && { status: paymentStatus, refund: refundStatus && { status: refundStatus, amount: refundAmount!, method: refundMethod } },
    rating: rating === null ? null : { rating, comment: ratingComment },
  };
}

const LIST_COLUMNS = Prisma.raw(`c.id, c.number, c.status, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  c.client_id AS "clientId", c.courier_id AS "courierId", c.pickup_address AS "pickupAddress",
  c.pickup_latitude AS "pickupLatitude", c.pickup_longitude AS "pickupLongitude", c.pickup_instructions AS "pickupInstructions",
  c.pickup_contact_phone AS "pickupContactPhone", c.delivery_address AS "deliveryAddress",
  c.delivery_latitude AS "deliveryLatitude", c.delivery_longitude AS "deliveryLongitude",
  c.delivery_instructions AS "deliveryInstructions", c.delivery_contact_phone AS "deliveryContactPhone",
  c.recipient_phone AS "recipientPhone", c.description, c.photo_url AS "photoUrl", c.package_type AS "packageType",
  c.estimated_price AS "estimatedPrice", c.discount, c.final_price AS "finalPrice", c.payment_method AS "paymentMethod",
  c.pickup_time AS "pickupTime", c.delivery_time AS "deliveryTime", c.otp_hash AS "otpHash", c.proof_photo_file_id AS "proofPhotoFileId",
  ${RELATION_COLUMNS}`);
const COURSE_KEYS: SqlColumns<{ createdAt: Date; id: string }> = { createdAt: 'created_at', id: 'id' };
const LISTED_KEYS: SqlColumns<{ createdAt: Date; id: string }> = { createdAt: 'c.created_at', id: 'c.id' };

/** The row becomes the course's view in place, its relations added beside its flat columns: no copy of 30 columns a row. */
function toListed(row: CourseListRow): CourseView {
  return Object.assign(row, relationsOf(row));
}

/** findById's row: the course's columns, its relations' beside them, and its courier's phone. */
type CourseRow = Course & RelationColumns & { courierPhone: string | null };

export type NewCourse = Omit<Prisma.CourseUncheckedCreateInput, 'id' | 'status' | 'paymentMethod'>;

/**
 * How a course is paid: a confirmed payment of its client's, cash on delivery, or a merchant's monthly statement
 * (issue 40: owed until staff settle the month); the last two get their pending payment row made with the course.
 */
export type CoursePayment =
  | { kind: 'paid'; payment: Payment }
  | { kind: 'cash'; orderId: string; amount: number }
  | { kind: 'statement'; orderId: string; amount: number };

const METHOD_OF: Record<Exclude<CoursePayment['kind'], 'paid'>, { provider: PaymentProvider; method: PaymentMethod }> = {
  cash: { provider: 'cash', method: 'cash_on_delivery' },
  statement: { provider: 'statement', method: 'monthly_statement' },
};

export class PaymentClaimLost extends Error {}
export class PromoClaimLost extends Error {}
/** Another order took the same parcel photo first (the unique photo_file_id). */
export class PhotoClaimLost extends Error {}

@Injectable()
export class CoursesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Creates the course and binds its payment, in the caller's transaction, with its outbox events (the recipient's
   * SMS among them). A paid course claims its payment with a conditional update, so a payment serves once
   * even when two requests race; cash on delivery and a merchant's statement get their own pending payment row. A
   * course ordered with a merchant's API key names it in its audit row.
   */
  async create(
    course: NewCourse,
    payment: CoursePayment,
    events: (courseId: string, courseNumber: number) => OutboxEventInput[],
    options: {
      ip?: string;
      /** The transaction to write in: the direct order's (on pg), or a paid order's crediting (Prisma's). */
      tx: SqlTx;
      /** Runs last in the transaction, with the created course (to store the request's answer with it). */
      withCreated?: (tx: SqlTx, course: CourseWithRelations) => Promise<void>;
    },
  ): Promise<CourseWithRelations> {
    const paymentMethod: PaymentMethod = payment.kind === 'paid' ? payment.payment.method : METHOD_OF[payment.kind].method;
    const { ip, withCreated = async () => {} } = options;
    // Plain statements (issue 42), so that an order's transaction may run on pg (SqlTx).
    const write = async (tx: SqlTx) => {
      if (course.promoCodeId) {
        const claimed = await tx.$executeRaw`UPDATE promo_codes SET used_at = ${new Date()} WHERE id = ${course.promoCodeId}::uuid AND used_at IS NULL`;
        if (claimed === 0) throw new PromoClaimLost();
      }
      const created = await this.insertCourse(tx, { ...course, paymentMethod }).catch((error: unknown) => {
        if (course.photoFileId && isUniqueViolation(error)) throw new PhotoClaimLost();
        throw error;
      });
      // Nothing to collect on a course a promo made free.
      const paymentStatus = payment.kind === 'paid' || payment.amount === 0 ? 'succeeded' : 'pending';
      if (payment.kind === 'paid') {
        const claimed = await tx.$executeRaw`
          UPDATE payments SET course_id = ${created.id}::uuid, updated_at = ${new Date()}
          WHERE id = ${payment.payment.id}::uuid AND client_id = ${course.clientId}::uuid AND status = 'succeeded' AND course_id IS NULL`;
        if (claimed === 0) throw new PaymentClaimLost();
      } else {
        // The plain INSERT (issue 42): Prisma's create costs about three times its CPU, on every order.
        const { provider, method } = METHOD_OF[payment.kind];
        const at = new Date();
        await tx.$executeRaw`
          INSERT INTO payments (id, order_id, client_id, provider, method, amount, purpose, currency, status, course_id, created_at, updated_at)
          VALUES (${randomUUID()}::uuid, ${payment.orderId}, ${course.clientId}::uuid, ${provider}::"PaymentProvider", ${method}::"PaymentMethod", ${payment.amount},
            'course', 'GNF', ${paymentStatus}::"PaymentStatus", ${created.id}::uuid, ${at}, ${at})`;
      }
      await this.outbox.add(tx, ...events(created.id, created.number));
      await this.audit.record(
        {
          actorId: course.clientId,
          actorRole: 'client',
          action: 'course_created',
          resourceType: 'course',
          resourceId: created.id,
          success: true,
          ip,
          ...(course.apiKeyId && { details: { api_key_id: course.apiKeyId } }),
        },
        tx,
      );
      // What the answer shows, known without reading it back: a new course has its payment (no refund), no rating, no courier.
      const whole: CourseWithRelations = { ...created, payment: { status: paymentStatus, refund: null }, rating: null, courier: null };
      await withCreated(tx, whole);
      return whole;
    };
    // Every caller writes a course inside its own transaction (UnitOfWork); `tx` stays optional in the type only until
    // OrderDesk.place, which passes its options through, requires it.
    return write(options.tx);
  }

  /**
   * The course's row as `create` with its client's name wrote it: a new id, the number the sequence gives, the status
   * and counts their defaults, the process's time; answered whole (COURSE_COLUMNS) with the client's name.
   */
  private async insertCourse(tx: SqlTx, course: NewCourse & { paymentMethod: PaymentMethod }): Promise<Course & { client: { fullName: string } }> {
    const at = new Date();
    const fields = Object.entries({ id: randomUUID(), ...course, createdAt: at, updatedAt: at }).filter(([, value]) => value !== undefined);
    for (const [field, value] of fields) {
      if (!isPlainValue(value)) throw new Error(`CoursesRepository.insertCourse: ${field} is not a plain value`);
    }
    const [created] = await tx.$queryRaw<(Course & { clientName: string })[]>`
      WITH c AS (
        INSERT INTO courses (${Prisma.raw(fields.map(([field]) => columnOf(field)).join(', '))})
        VALUES (${Prisma.join(fields.map(([, value]) => value))})
        RETURNING *
      )
      SELECT ${COURSE_COLUMNS}, u.full_name AS "clientName" FROM c JOIN users u ON u.id = c.client_id`;
    const { clientName, ...row } = created!;
    return { ...row, client: { fullName: clientName } };
  }

  /**
   * The courses the user ordered or carries, with the given statuses (all when none), and how many match in all. The
   * two sides are read apart and merged (an OR of the two would make PostgreSQL read every course of the user, or
   * walk the whole table's date index), each seeking its own index (client_id or courier_id, created_at, id).
   */
  async listForUser(userId: string, statuses: readonly CourseStatus[] | undefined, page: PageRequest): Promise<RowsPage<CourseView> & { total: number }> {
    const withStatus = statuses ? Prisma.sql`AND status = ANY(${[...statuses]}::"CourseStatus"[])` : Prisma.empty;
    const order = COURSES_NEWEST_FIRST.sqlOrderBy(COURSE_KEYS);
    const after = COURSES_NEWEST_FIRST.sqlAfter(page.cursor, COURSE_KEYS);
    const take = COURSES_NEWEST_FIRST.take(page);
    const [rows, [counted]] = await Promise.all([
      this.prisma.read<CourseListRow>(Prisma.sql`
        SELECT ${LIST_COLUMNS}
        FROM ((SELECT * FROM courses WHERE client_id = ${userId}::uuid ${withStatus} AND ${after} ORDER BY ${order} LIMIT ${take}::int)
              UNION ALL
              (SELECT * FROM courses WHERE courier_id = ${userId}::uuid AND client_id <> ${userId}::uuid ${withStatus} AND ${after}
               ORDER BY ${order} LIMIT ${take}::int)) c
        ${RELATION_JOINS}
        ORDER BY ${COURSES_NEWEST_FIRST.sqlOrderBy(LISTED_KEYS)} LIMIT ${take}::int`),
      // The total from the user's per-status counts (trigger-kept, issue 25), a courier's own order counted once.
      this.prisma.read<{ total: number }>(Prisma.sql`
        SELECT coalesce(sum(as_client + as_courier - as_both), 0)::int AS total FROM user_course_counts WHERE user_id = ${userId}::uuid ${withStatus}`),
    ]);
    return { ...COURSES_NEWEST_FIRST.page(rows.map(toListed), page), total: counted!.total };
  }

  /**
   * A course with the relations its answers show, in one statement (Prisma's `include` made a query of each relation):
   * a hot read (PrismaService.read), behind the client's map, a course's page and its cancellation.
   */
  async findById(id: string): Promise<CourseWithRelations | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.prisma.read<CourseRow>(Prisma.sql`
      SELECT ${COURSE_COLUMNS}, ${Prisma.raw(RELATION_COLUMNS)}, k.phone AS "courierPhone"
      FROM courses c ${RELATION_JOINS}
      WHERE c.id = ${id}::uuid`);
    if (!row) return null;
    const { clientName, courierName, courierPhone, paymentStatus, refundStatus, refundAmount, refundMethod, rating, ratingComment, ...course } = row;
    const relations = relationsOf(row);
    return { ...course, ...relations, courier: relations.courier && { ...relations.courier, phone: courierPhone! } };
  }
}
