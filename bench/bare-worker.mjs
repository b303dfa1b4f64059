// The baselines of the queue scenario (bench/queue.mjs): a bare BullMQ worker per job kind (BENCH_KIND), at the same
// concurrency as Coursa's worker for that queue, doing the same work as Coursa's job without Nest or Prisma: the same
// rows read and written through `pg` (a pool of 10 with JIT off, as Prisma's adapter is set up), the same libraries.
//   sms      `notifications`, a no-op handler: the log driver's line is Coursa's own cost (README « Queue »), kept in
//            the comparison as it always was.
//   receipt  `receipts`: the course read, Coursa's own renderReceipt (pdfkit), the file written as StorageService
//            writes it, and the same transaction (receipt already there?, the stored file's upsert, the course's link).
//   webhook  `webhooks`: the delivery and its endpoint read, the order check, the secret opened (AES-GCM, as SecretBox),
//            the body signed with standardwebhooks, POSTed over node:http as HttpWebhookSender does (no keep-alive,
//            same headers, timeout), the try logged and the delivery settled in one transaction, then the pending check.
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDecipheriv, createHash } from 'node:crypto';
import http from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
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
      `SELECT c.*, cl.full_name AS client_name, co.full_name AS courier_name, p.order_id, p.provider_reference
       FROM courses c JOIN users cl ON cl.id = c.client_id LEFT JOIN users co ON co.id = c.courier_id
         LEFT JOIN payments p ON p.course_id = c.id
       WHERE c.id = $1`,
      [courseId],
    );
    if (!course || course.status !== 'delivered' || course.receipt_file_id || !course.delivery_time) return;
    const points = readRoute(course.route)?.points ?? null;
    const pdf = await renderReceipt({
      courseNumber: courseNumber(course.number),
      courseId: course.id,
      pickupAddress: course.pickup_address,
      deliveryAddress: course.delivery_address,
      createdAt: course.created_at,
      pickupTime: course.pickup_time,
      deliveryTime: course.delivery_time,
      price: course.final_price ?? course.estimated_price,
      paymentMethod: course.payment_method,
      paymentReference: course.provider_reference ?? course.order_id ?? '—',
      clientName: course.client_name,
      courierName: course.courier_name ?? '—',
      route: points && { points, pickup: [course.pickup_latitude, course.pickup_longitude], delivery: [course.delivery_latitude, course.delivery_longitude] },
    });
    const key = `receipts/${course.id}.pdf`;
    const path = resolve(root, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, pdf);
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query('SELECT receipt_file_id FROM courses WHERE id = $1', [course.id]);
      if (!rows[0].receipt_file_id) {
        const {
          rows: [file],
        } = await client.query(
          `INSERT INTO stored_files (id, kind, storage_key, mime_type, size_bytes, sha256) VALUES (gen_random_uuid(), 'receipt', $1, 'application/pdf', $2, $3)
           ON CONFLICT (storage_key) DO UPDATE SET storage_key = EXCLUDED.storage_key RETURNING id`,
          [key, pdf.length, createHash('sha256').update(pdf).digest('hex')],
        );
        await client.query('UPDATE courses SET receipt_file_id = $2, updated_at = now() WHERE id = $1', [course.id, file.id]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
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
      `SELECT d.*, e.url, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at, e.disabled_at
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
      [deliveryId],
    );
    if (!delivery || delivery.status !== 'pending' || delivery.disabled_at) throw new Error('bench: unexpected delivery state');
    const now = new Date();
    if (delivery.next_attempt_at > now) throw new Error('bench: delivery not due');
    const { rows: earlier } = await db.query(
      `(SELECT next_attempt_at FROM webhook_deliveries
         WHERE endpoint_id = $1::uuid AND course_id = $2::uuid AND status = 'pending' AND outbox_event_id < $3
         ORDER BY outbox_event_id LIMIT 1)
       UNION ALL
       (SELECT NULL FROM outbox_events
         WHERE published_at IS NULL AND id < $3 AND aggregate_type = 'course' AND aggregate_id = $4
         LIMIT 1)
       LIMIT 1`,
      [delivery.endpoint_id, delivery.course_id, delivery.outbox_event_id, delivery.course_id],
    );
    if (earlier.length) throw new Error('bench: delivery waits for an earlier one');
    const secrets = [open(delivery.secret_sealed), ...(delivery.previous_secret_sealed && delivery.previous_secret_expires_at > now ? [open(delivery.previous_secret_sealed)] : [])];
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
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, NULL)`,
        [delivery.id, now, status, latencyMs, text ? text.slice(0, 500) : null],
      );
      const settled = await client.query(
        `UPDATE webhook_deliveries SET status = 'succeeded', attempts = $2, next_attempt_at = NULL, delivered_at = $3
         WHERE id = $1 AND status = 'pending' AND next_attempt_at IS NOT DISTINCT FROM $4`,
        [delivery.id, delivery.attempts + 1, new Date(), delivery.next_attempt_at],
      );
      if (settled.rowCount) await client.query('UPDATE webhook_endpoints SET consecutive_failures = 0, updated_at = now() WHERE id = $1 AND consecutive_failures > 0', [delivery.endpoint_id]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE id = $1 AND status = 'pending'`, [delivery.id]);
  };
}

const handlers = { sms: async () => async () => {}, receipt: receiptHandler, webhook: webhookHandler };
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
