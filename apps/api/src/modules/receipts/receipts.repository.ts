import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/** A course as its receipt shows it (ReceiptsRepository.forReceipt). */
export interface ReceiptCourse {
  id: string;
  number: number;
  status: string;
  receiptFileId: string | null;
  /** The kept route ([[lat, lng], …]), null until the course's trail is simplified. */
  route: unknown;
  pickupAddress: string;
  pickupLatitude: number;
  pickupLongitude: number;
  deliveryAddress: string;
  deliveryLatitude: number;
  deliveryLongitude: number;
  createdAt: Date;
  pickupTime: Date | null;
  deliveryTime: Date | null;
  finalPrice: number | null;
  estimatedPrice: number;
  paymentMethod: string;
  clientName: string;
  courierName: string | null;
  paymentOrderId: string | null;
  paymentProviderReference: string | null;
}

@Injectable()
export class ReceiptsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCourse(courseId: string) {
    return this.prisma.client.course.findUnique({
      where: { id: courseId },
      include: {
        client: { select: { fullName: true } },
        courier: { select: { fullName: true } },
        payment: { select: { orderId: true, providerReference: true } },
        receiptFile: true,
      },
    });
  }

  /**
   * What the receipt job reads, in one statement: the course's columns the PDF shows, its client's and courier's names
   * and its payment's references. Not `findCourse`: Prisma's include is a query per relation and its model rows cost
   * more to build than the job's PDF needs (the worker's profile, README « Queue »).
   */
  async forReceipt(courseId: string): Promise<ReceiptCourse | null> {
    const [course] = await this.prisma.client.$queryRaw<ReceiptCourse[]>`
      SELECT c.id, c.number, c.status::text AS status, c.receipt_file_id AS "receiptFileId", c.route,
        c.pickup_address AS "pickupAddress", c.pickup_latitude AS "pickupLatitude", c.pickup_longitude AS "pickupLongitude",
        c.delivery_address AS "deliveryAddress", c.delivery_latitude AS "deliveryLatitude", c.delivery_longitude AS "deliveryLongitude",
        c.created_at AS "createdAt", c.pickup_time AS "pickupTime", c.delivery_time AS "deliveryTime",
        c.final_price AS "finalPrice", c.estimated_price AS "estimatedPrice", c.payment_method::text AS "paymentMethod",
        client.full_name AS "clientName", courier.full_name AS "courierName",
        p.order_id AS "paymentOrderId", p.provider_reference AS "paymentProviderReference"
      FROM courses c
        JOIN users client ON client.id = c.client_id
        LEFT JOIN users courier ON courier.id = c.courier_id
        LEFT JOIN payments p ON p.course_id = c.id
      WHERE c.id = ${courseId}::uuid`;
    return course ?? null;
  }

  /**
   * The rendered receipt's file row, linked to its course, in one statement (atomic without a transaction): only while
   * the course has no receipt, so a second rendering (a retried job) neither replaces the first nor adds a row; the
   * file's row is the one already there when its key was recorded before.
   */
  async recordReceipt(courseId: string, storageKey: string, pdf: Buffer): Promise<void> {
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    await this.prisma.client.$executeRaw`
      WITH file AS (
        INSERT INTO stored_files (id, kind, storage_key, mime_type, size_bytes, sha256)
        SELECT gen_random_uuid(), 'receipt'::"FileKind", ${storageKey}::text, 'application/pdf', ${pdf.length}::int, ${sha256}::text
        WHERE NOT EXISTS (SELECT 1 FROM courses WHERE id = ${courseId}::uuid AND receipt_file_id IS NOT NULL)
        ON CONFLICT (storage_key) DO UPDATE SET storage_key = EXCLUDED.storage_key
        RETURNING id)
      UPDATE courses SET receipt_file_id = file.id, updated_at = now()
      FROM file WHERE courses.id = ${courseId}::uuid AND courses.receipt_file_id IS NULL`;
  }
}
