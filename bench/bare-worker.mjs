// The baselines of the queue scenario (bench/queue.mjs): a bare BullMQ worker per job kind (BENCH_KIND), at the same
// concurrency as Coursa's worker for that queue, doing the same work as Coursa's job without Nest or Prisma: the same
// rows read and written through `pg` (a pool of 10 with JIT off, as Prisma's adapter is set up), the same libraries.
//   sms      `notifications`: the per-phone hourly limit counted in Redis with HourlyLimits' own script, and the
//            message's line appended to OUTBOX_FILE as the log driver writes it, both gathered per event-loop turn with
//            Coursa's PerTurnBatch (one script call, one write for the jobs that woke up together). BENCH_SMS=noop: a
//            no-op handler instead, the comparison the README kept until issue 42 (a worker that does nothing).
// Each statement is the one Coursa's repository sends (ReceiptsRepository, WebhooksRepository), word for word.
//   receipt  `receipts`: the course read, Coursa's own renderReceipt (pdfkit), the file written as StorageService
//            writes it, and the statement that records it (the stored file's upsert and the course's link, once).
//   webhook  `webhooks`: the delivery and its endpoint read, the order check, the secret opened (AES-GCM, as SecretBox),
//            the body signed with standardwebhooks, POSTed over node:http as HttpWebhookSender does (no keep-alive,
//            same headers, timeout), the statement that logs the try and settles the delivery, then the pending check.
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDecipheriv, createHash } from 'node:crypto';
import http from 'node:http';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const KIND = process.env.BENCH_KIND ?? 'sms';
const QUEUES = { sms: 'notifications', receipt: 'receipts', webhook: 'webhooks' };
const CONCURRENCY = { sms: 50, receipt: 10, webhook: 50 };

async function database() {
  const { default: pg } = await import('pg');
  return new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
}

async function receiptHandler() {
  const db = await database();
  // Coursa's own PDF and number format (TypeScript, through the loader startProcess uses): the same bytes to write.
  const { renderReceipt } = await import('../apps/api/src/modules/receipts/receipt-pdf.ts');
  const { courseNumber, readRoute } = await import('@coursa/domain');
  const root = resolve(process.env.STORAGE_DIR);
  return async ({ data: { courseId } }) => {
    const {
      rows: [course],
    } = await db.query(
      `SELECT c.id, c.number, c.status::text AS status, c.receipt_file_id AS "receiptFileId", c.route,
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
      WHERE c.id = $1::uuid`,
      [courseId],
    );
    if (!course || course.status !== 'delivered' || course.receiptFileId || !course.deliveryTime) return;
    const points = readRoute(course.route)?.points ?? null;
    const pdf = await renderReceipt({
      courseNumber: courseNumber(course.number),
      courseId: course.id,
      pickupAddress: course.pickupAddress,
      deliveryAddress: course.deliveryAddress,
      createdAt: course.createdAt,
      pickupTime: course.pickupTime,
      deliveryTime: course.deliveryTime,
      price: course.finalPrice ?? course.estimatedPrice,
      paymentMethod: course.paymentMethod,
      paymentReference: course.paymentProviderReference ?? course.paymentOrderId ?? '—',
      clientName: course.clientName,
      courierName: course.courierName ?? '—',
      route: points && { points, pickup: [course.pickupLatitude, course.pickupLongitude], delivery: [course.deliveryLatitude, course.deliveryLongitude] },
    });
    const key = `receipts/${course.id}.pdf`;
    const path = resolve(root, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, pdf);
    await db.query(
      `WITH file AS (
        INSERT INTO stored_files (id, kind, storage_key, mime_type, size_bytes, sha256)
        SELECT gen_random_uuid(), 'receipt'::"FileKind", $2::text, 'application/pdf', $3::int, $4::text
        WHERE NOT EXISTS (SELECT 1 FROM courses WHERE id = $1::uuid AND receipt_file_id IS NOT NULL)
        ON CONFLICT (storage_key) DO UPDATE SET storage_key = EXCLUDED.storage_key
        RETURNING id)
      UPDATE courses SET receipt_file_id = file.id, updated_at = now()
      FROM file WHERE courses.id = $1::uuid AND courses.receipt_file_id IS NULL`,
      [course.id, key, pdf.length, createHash('sha256').update(pdf).digest('hex')],
    );
  };
}

async function webhookHandler() {
  const db = await database();
  const { Webhook } = await import('standardwebhooks');
  const key = createHash('sha256').update(`coursa:secret-box:${process.env.SECRET_KEY}`).digest();
  const open = (sealed) => {
    const [, iv, tag, text] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
  };
  const post = (url, headers, body) =>
    new Promise((resolvePost, reject) => {
      const payload = Buffer.from(body, 'utf8');
      const request = http.request(
        new URL(url),
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Coursa-Webhooks/1', 'content-length': String(payload.length) }, agent: false },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            clearTimeout(timer);
            resolvePost({ status: response.statusCode, text: Buffer.concat(chunks).subarray(0, 4096).toString('utf8') });
          });
        },
      );
      const timer = setTimeout(() => request.destroy(new Error('timeout')), 10_000);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(payload);
    });
  return async ({ data: { deliveryId } }) => {
    const {
      rows: [delivery],
    } = await db.query(
      `SELECT d.id, d.endpoint_id AS "endpointId", d.event_type AS "eventType", d.course_id AS "courseId",
        d.outbox_event_id AS "outboxEventId", d.payload, d.status::text AS status, d.attempts, d.next_attempt_at AS "nextAttemptAt",
        d.created_at AS "createdAt", d.delivered_at AS "deliveredAt", e.url, e.secret_sealed AS "secretSealed",
        e.previous_secret_sealed AS "previousSecretSealed", e.previous_secret_expires_at AS "previousSecretExpiresAt", e.disabled_at AS "disabledAt"
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1::uuid`,
      [deliveryId],
    );
    if (!delivery || delivery.status !== 'pending' || delivery.disabledAt) throw new Error('bench: unexpected delivery state');
    const now = new Date();
    if (delivery.nextAttemptAt > now) throw new Error('bench: delivery not due');
    const { rows: earlier } = await db.query(
      `(SELECT next_attempt_at FROM webhook_deliveries
         WHERE endpoint_id = $1::uuid AND course_id = $2::uuid AND status = 'pending' AND outbox_event_id < $3
         ORDER BY outbox_event_id LIMIT 1)
       UNION ALL
       (SELECT NULL FROM outbox_events
         WHERE published_at IS NULL AND id < $3 AND aggregate_type = 'course' AND aggregate_id = $4
         LIMIT 1)
       LIMIT 1`,
      [delivery.endpointId, delivery.courseId, delivery.outboxEventId, delivery.courseId],
    );
    if (earlier.length) throw new Error('bench: delivery waits for an earlier one');
    const secrets = [open(delivery.secretSealed), ...(delivery.previousSecretSealed && delivery.previousSecretExpiresAt > now ? [open(delivery.previousSecretSealed)] : [])];
    const body = JSON.stringify(delivery.payload);
    const webhookId = `msg_${delivery.id}`;
    const headers = {
      'webhook-id': webhookId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, now, body)).join(' '),
    };
    const started = performance.now();
    const { status, text } = await post(delivery.url, headers, body);
    const latencyMs = Math.round(performance.now() - started);
    if (status < 200 || status >= 300) throw new Error(`bench: receiver answered ${status}`);
    const deliveredAt = new Date();
    await db.query(
      `WITH attempt AS (
        INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
        VALUES (gen_random_uuid(), $1::uuid, $2::timestamp(3), $3::int, $4::int, $5::text, $6::text)),
      settled AS (
        UPDATE webhook_deliveries
        SET status = 'succeeded', attempts = $7::int, next_attempt_at = NULL, delivered_at = $8::timestamp(3)
        WHERE id = $1::uuid AND status = 'pending' AND next_attempt_at IS NOT DISTINCT FROM $9::timestamp(3)
        RETURNING endpoint_id)
      UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = $8::timestamp(3)
      WHERE id IN (SELECT endpoint_id FROM settled) AND consecutive_failures > 0`,
      [delivery.id, now.toISOString(), status, latencyMs, text ? text.slice(0, 500) : null, null, delivery.attempts + 1, deliveredAt.toISOString(), delivery.nextAttemptAt?.toISOString() ?? null],
    );
    await db.query(`SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1::uuid AND status = 'pending') AS pending`, [delivery.id]);
  };
}

async function smsHandler() {
  if (process.env.BENCH_SMS === 'noop') return async () => {};
  // Coursa's own script and per-turn batching (plain modules, no Nest): the same Redis work, gathered the same way.
  const { TAKE } = await import('../apps/api/src/modules/notifications/hourly-limits.script.ts');
  const { PerTurnBatch } = await import('../apps/api/src/common/batching/per-turn-batch.ts');
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  redis.defineCommand('take', { lua: TAKE });
  const perHour = Number(process.env.SMS_PER_PHONE_PER_HOUR);
  const takes = new PerTurnBatch((keys) => redis.take(keys.length, ...keys, ...keys.map(() => perHour)));
  await mkdir(dirname(process.env.OUTBOX_FILE), { recursive: true });
  const file = await open(process.env.OUTBOX_FILE, 'a');
  const lines = new PerTurnBatch((batch) => file.appendFile(batch.join('')));
  return async (job) => {
    const { to, text, kind } = job.data;
    if (await takes.add(`${process.env.REDIS_PREFIX}:sms-sent:${to.toLowerCase()}`)) throw new Error('over the hourly limit');
    await lines.add(`${JSON.stringify({ at: new Date().toISOString(), channel: 'sms', to, subject: undefined, text, kind })}\n`);
  };
}

const handlers = { sms: smsHandler, receipt: receiptHandler, webhook: webhookHandler };
const worker = new Worker(QUEUES[KIND], await handlers[KIND](), {
  connection: new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null }),
  prefix: process.env.REDIS_PREFIX,
  concurrency: CONCURRENCY[KIND],
});
await worker.waitUntilReady();
console.log('ready');
process.on('SIGTERM', async () => {
  await worker.close();
  process.exit(0);
});
