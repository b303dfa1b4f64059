import { Injectable } from '@nestjs/common';
import type { WebhookPayload } from '@coursa/contracts';
import type { Prisma, WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { V1_DELIVERY_INCLUDE, type V1DeliveryView } from '../public-api/v1-delivery.mapper.js';

export type NewEndpoint = Pick<WebhookEndpoint, 'merchantId' | 'url' | 'description' | 'eventTypes' | 'secretSealed'>;
export type EndpointChanges = Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'eventTypes' | 'disabledAt' | 'disabledReason' | 'consecutiveFailures'>>;
export type NewDelivery = Pick<WebhookDelivery, 'endpointId' | 'eventType' | 'courseId' | 'outboxEventId'> & { payload: WebhookPayload; nextAttemptAt: Date };

/** A payload is plain JSON (strings, numbers, null, objects of them). */
const row = ({ payload, ...delivery }: NewDelivery) => ({ ...delivery, payload: payload as unknown as Prisma.InputJsonValue });
export type NewAttempt = Pick<WebhookAttempt, 'deliveryId' | 'attemptedAt' | 'statusCode' | 'latencyMs' | 'responseExcerpt' | 'error'>;

/** A delivery with its tries, oldest first: the delivery log's row. */
const WITH_LOG = { log: { orderBy: [{ attemptedAt: 'asc' }, { id: 'asc' }] } } as const satisfies Prisma.WebhookDeliveryInclude;
export type LoggedDelivery = Prisma.WebhookDeliveryGetPayload<{ include: typeof WITH_LOG }>;

/** What the sending job reads: the delivery and where it goes. */
export type DeliveryToSend = WebhookDelivery & {
  endpoint: Pick<WebhookEndpoint, 'id' | 'url' | 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt' | 'disabledAt'>;
};

const DELIVERIES_NEWEST_FIRST = newestFirst<Prisma.WebhookDeliveryWhereInput, Prisma.WebhookDeliveryOrderByWithRelationInput>();

@Injectable()
export class WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  // ───────── endpoints ─────────

  /** Locks the merchant's row: the endpoint creations of one merchant queue there, so each count sees the others. */
  async lockMerchant(tx: Tx, merchantId: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM merchants WHERE user_id = ${merchantId}::uuid FOR UPDATE`;
  }

  countOfMerchant(tx: Tx, merchantId: string): Promise<number> {
    return tx.webhookEndpoint.count({ where: { merchantId } });
  }

  create(tx: Tx, endpoint: NewEndpoint): Promise<WebhookEndpoint> {
    return tx.webhookEndpoint.create({ data: endpoint });
  }

  /** The merchant's endpoints, newest first (ten at most). */
  ofMerchant(merchantId: string): Promise<WebhookEndpoint[]> {
    return this.prisma.client.webhookEndpoint.findMany({ where: { merchantId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /** The merchant's own endpoint; null when it is someone else's or does not exist. */
  findOwn(merchantId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.prisma.client.webhookEndpoint.findFirst({ where: { id, merchantId } });
  }

  /** The same, its row locked for the caller's transaction. */
  async lockOwn(tx: Tx, merchantId: string, id: string): Promise<WebhookEndpoint | null> {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM webhook_endpoints WHERE id = ${id}::uuid AND merchant_id = ${merchantId}::uuid FOR UPDATE`;
    return locked ? tx.webhookEndpoint.findUnique({ where: { id } }) : null;
  }

  update(tx: Tx, id: string, changes: EndpointChanges): Promise<WebhookEndpoint> {
    return tx.webhookEndpoint.update({ where: { id }, data: changes });
  }

  /** A new secret; the one it replaces keeps signing beside it until `previousExpiresAt`. */
  rotateSecret(tx: Tx, id: string, secretSealed: string, previousSecretSealed: string, previousExpiresAt: Date): Promise<WebhookEndpoint> {
    return tx.webhookEndpoint.update({ where: { id }, data: { secretSealed, previousSecretSealed, previousSecretExpiresAt: previousExpiresAt } });
  }

  /** Removes the merchant's own endpoint and its log: false when it is not theirs (or no longer exists). */
  async removeOwn(merchantId: string, id: string): Promise<boolean> {
    return (await this.prisma.client.webhookEndpoint.deleteMany({ where: { id, merchantId } })).count > 0;
  }

  /** The enabled endpoints of a merchant that chose this event (none when the client is no merchant). */
  subscribedTo(merchantId: string, eventType: string): Promise<Pick<WebhookEndpoint, 'id'>[]> {
    return this.prisma.client.webhookEndpoint.findMany({ where: { merchantId, disabledAt: null, eventTypes: { has: eventType } }, select: { id: true } });
  }

  /** Locks an endpoint for the sending job's bookkeeping (its failures in a row); null when it was deleted. */
  async lockForFailures(tx: Tx, id: string): Promise<Pick<WebhookEndpoint, 'id' | 'merchantId' | 'url' | 'consecutiveFailures' | 'disabledAt'> | null> {
    const [endpoint] = await tx.$queryRaw<{ id: string; merchantId: string; url: string; consecutiveFailures: number; disabledAt: Date | null }[]>`
      SELECT id, merchant_id AS "merchantId", url, consecutive_failures AS "consecutiveFailures", disabled_at AS "disabledAt"
      FROM webhook_endpoints WHERE id = ${id}::uuid FOR UPDATE`;
    return endpoint ?? null;
  }

  /** Who to tell that an endpoint was disabled. */
  merchantContact(merchantId: string): Promise<{ businessName: string; user: { fullName: string; email: string | null } } | null> {
    return this.prisma.client.merchant.findUnique({ where: { userId: merchantId }, select: { businessName: true, user: { select: { fullName: true, email: true } } } });
  }

  // ───────── what the events carry ─────────

  /** A course as the public API shows it (the webhook's `data`). */
  courseView(courseId: string): Promise<V1DeliveryView | null> {
    return this.prisma.client.course.findUnique({ where: { id: courseId }, include: V1_DELIVERY_INCLUDE });
  }

  async courseOfRefund(refundId: string): Promise<string | null> {
    return (await this.prisma.client.refund.findUnique({ where: { id: refundId }, select: { courseId: true } }))?.courseId ?? null;
  }

  // ───────── deliveries ─────────

  /**
   * The deliveries of one outbox event, one per endpoint: written once however often the event is relayed (the unique
   * key endpoint + event), and answered with every one of them, new or not.
   */
  async addForEvent(deliveries: NewDelivery[]): Promise<Pick<WebhookDelivery, 'id' | 'status'>[]> {
    if (!deliveries.length) return [];
    await this.prisma.client.webhookDelivery.createMany({ data: deliveries.map(row), skipDuplicates: true });
    return this.prisma.client.webhookDelivery.findMany({
      where: { outboxEventId: deliveries[0]!.outboxEventId, endpointId: { in: deliveries.map((delivery) => delivery.endpointId) } },
      select: { id: true, status: true },
    });
  }

  addOne(delivery: NewDelivery): Promise<LoggedDelivery> {
    return this.prisma.client.webhookDelivery.create({ data: row(delivery), include: WITH_LOG });
  }

  /** An endpoint's deliveries, newest first, each with its tries. */
  pageOfEndpoint(endpointId: string, status: WebhookDeliveryStatus | undefined, page: PageRequest): Promise<RowsPage<LoggedDelivery>> {
    return DELIVERIES_NEWEST_FIRST.read(page, { endpointId, ...(status && { status }) }, (args) => this.prisma.client.webhookDelivery.findMany({ ...args, include: WITH_LOG }));
  }

  /** One of the merchant's deliveries, with its endpoint's state; null when it is someone else's or does not exist. */
  findOwnDelivery(merchantId: string, id: string): Promise<(WebhookDelivery & { endpoint: Pick<WebhookEndpoint, 'disabledAt'> }) | null> {
    return this.prisma.client.webhookDelivery.findFirst({ where: { id, endpoint: { merchantId } }, include: { endpoint: { select: { disabledAt: true } } } });
  }

  withLog(id: string): Promise<LoggedDelivery | null> {
    return this.prisma.client.webhookDelivery.findUnique({ where: { id }, include: WITH_LOG });
  }

  /**
   * Deliveries to send again from now: pending, their tries counted from zero (a new round of retries), the log kept.
   * Answers the ids it reset.
   */
  async resend(where: Prisma.WebhookDeliveryWhereInput, now: Date): Promise<string[]> {
    const reset = await this.prisma.client.webhookDelivery.updateManyAndReturn({
      where,
      data: { status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null },
      select: { id: true },
    });
    return reset.map(({ id }) => id);
  }

  /**
   * The delivery and where it goes, in one statement: the sending job's first read. Raw SQL, as the job's other
   * statements: a webhook is a few milliseconds of work, and Prisma's model queries were most of what Coursa added to it
   * (the worker's profile, README « Queue »).
   */
  async forSending(id: string): Promise<DeliveryToSend | null> {
    const [row] = await this.prisma.client.$queryRaw<(WebhookDelivery & DeliveryToSend['endpoint'])[]>`
      SELECT d.id, d.endpoint_id AS "endpointId", d.event_type AS "eventType", d.course_id AS "courseId",
        d.outbox_event_id AS "outboxEventId", d.payload, d.status::text AS status, d.attempts, d.next_attempt_at AS "nextAttemptAt",
        d.created_at AS "createdAt", d.delivered_at AS "deliveredAt", e.url, e.secret_sealed AS "secretSealed",
        e.previous_secret_sealed AS "previousSecretSealed", e.previous_secret_expires_at AS "previousSecretExpiresAt", e.disabled_at AS "disabledAt"
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = ${id}::uuid`;
    if (!row) return null;
    const { url, secretSealed, previousSecretSealed, previousSecretExpiresAt, disabledAt, ...delivery } = row;
    return { ...delivery, endpoint: { id: delivery.endpointId, url, secretSealed, previousSecretSealed, previousSecretExpiresAt, disabledAt } };
  }

  /**
   * What a delivery must wait for, so that an endpoint gets a course's events in the order they happened: an earlier
   * delivery of the same endpoint and course not yet done (when it is next tried), or an earlier event of the course
   * still being relayed, whose delivery may not be written yet (another worker's relay). Null: nothing, send.
   */
  async earlierUnfinished(delivery: Pick<WebhookDelivery, 'endpointId' | 'courseId' | 'outboxEventId'>): Promise<{ nextAttemptAt: Date | null } | null> {
    if (!delivery.courseId || delivery.outboxEventId === null) return null;
    const [earlier] = await this.prisma.client.$queryRaw<{ nextAttemptAt: Date | null }[]>`
      (SELECT next_attempt_at AS "nextAttemptAt" FROM webhook_deliveries
        WHERE endpoint_id = ${delivery.endpointId}::uuid AND course_id = ${delivery.courseId}::uuid AND status = 'pending'
          AND outbox_event_id < ${delivery.outboxEventId}
        ORDER BY outbox_event_id LIMIT 1)
      UNION ALL
      (SELECT NULL FROM outbox_events
        WHERE published_at IS NULL AND id < ${delivery.outboxEventId} AND aggregate_type = 'course' AND aggregate_id = ${delivery.courseId}
        LIMIT 1)
      LIMIT 1`;
    return earlier ?? null;
  }

  addAttempt(tx: Tx, attempt: NewAttempt): Promise<WebhookAttempt> {
    return tx.webhookAttempt.create({ data: attempt });
  }

  /**
   * The delivery's state after a try, if it is still as the try found it: pending, due at `triedFor`. A replay while it
   * was tried set a new due time: then nothing changes, and false says so.
   */
  async settle(
    tx: Tx,
    id: string,
    triedFor: Date | null,
    change: { status: WebhookDeliveryStatus; attempts: number; nextAttemptAt: Date | null; deliveredAt?: Date },
  ): Promise<boolean> {
    return (await tx.webhookDelivery.updateMany({ where: { id, status: 'pending', nextAttemptAt: triedFor }, data: change })).count > 0;
  }

  /**
   * A try that succeeded, in one statement (atomic without a transaction): the try logged; the delivery succeeded if it
   * is still as the try found it (pending, due at `triedFor`; a replay meanwhile set another due time, and the delivery
   * is then the replay's); and, when it did, its endpoint's failures in a row start again from zero. The same rows as
   * `addAttempt` and `settle` in a transaction, then the endpoint's reset, in one round trip and with no model query.
   */
  async recordSuccess(attempt: NewAttempt, triedFor: Date | null, settled: { attempts: number; deliveredAt: Date }): Promise<void> {
    const due = triedFor?.toISOString() ?? null;
    await this.prisma.client.$executeRaw`
      WITH attempt AS (
        INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
        VALUES (gen_random_uuid(), ${attempt.deliveryId}::uuid, ${attempt.attemptedAt.toISOString()}::timestamp(3), ${attempt.statusCode}::int,
          ${attempt.latencyMs}::int, ${attempt.responseExcerpt}::text, ${attempt.error}::text)),
      settled AS (
        UPDATE webhook_deliveries
        SET status = 'succeeded', attempts = ${settled.attempts}::int, next_attempt_at = NULL, delivered_at = ${settled.deliveredAt.toISOString()}::timestamp(3)
        WHERE id = ${attempt.deliveryId}::uuid AND status = 'pending' AND next_attempt_at IS NOT DISTINCT FROM ${due}::timestamp(3)
        RETURNING endpoint_id)
      UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = ${settled.deliveredAt.toISOString()}::timestamp(3)
      WHERE id IN (SELECT endpoint_id FROM settled) AND consecutive_failures > 0`;
  }

  async isPending(id: string): Promise<boolean> {
    const [row] = await this.prisma.client.$queryRaw<{ pending: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ${id}::uuid AND status = 'pending') AS pending`;
    return row?.pending ?? false;
  }

  /** Gives up on a delivery without trying it (its endpoint was disabled). */
  async abandon(id: string): Promise<void> {
    await this.prisma.client.webhookDelivery.updateMany({ where: { id, status: 'pending' }, data: { status: 'failed', nextAttemptAt: null } });
  }
}
