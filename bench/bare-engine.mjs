// The engine bench's baseline (bench/engine.mjs): bare Fastify + `pg` (+ ioredis where Coursa reads Redis) answering
// the same routes with the same statements, in the same transactions and the same order, as Coursa does today (read
// off PostgreSQL's statement log of one request each: `node bench/statements.mjs`), prepared once per connection as
// Coursa's are, and the same JSON: the answers' pure mappings and
// rules come from the same modules (libs/domain, the course mapper, the SMS texts), so what differs is what runs around
// them — Nest's pipeline, guards and interceptors, Prisma's query engine and its mapping of rows, the app's hooks.
// Like bench/bare-api.mjs, it checks the JWT (same library, key and algorithm) and does no session lookup (Coursa's
// is served from its in-process cache), and it answers errors in the shortest way: the bench sends none.
import { createHmac, createSecretKey, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import {
  cashToCollect,
  commissionFor,
  COURSE_STATUS_LABELS,
  COURSES_PER_FREE_DELIVERY,
  courierBalances,
  courseNumber,
  distanceKm,
  estimatePrice,
  isOverCashCap,
  nextWeeklyRun,
  POINTS_PER_COURSE,
  priceToPay,
  toGuineanMobile,
  tripKm,
} from '@coursa/domain';
import { toCourseDto, toTrackingDto } from '../apps/api/src/modules/courses/courses.mapper.ts';
import { deliveryCodeSms, trackingLinkSms } from '../apps/api/src/modules/notifications/sms-texts.ts';

// timestamp(3) columns hold UTC, as Prisma writes them.
pg.types.setTypeParser(1114, (text) => new Date(`${text.replace(' ', 'T')}Z`));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const SECRET = process.env.SECRET_KEY;
const key = createSecretKey(Buffer.from(SECRET));
const hmac = (value) => createHmac('sha256', SECRET).update(value).digest('hex');
const RATE_INDEPENDENT = 0.7;
const CASH_CAP = 500_000;
const PUBLIC_URL = process.env.PUBLIC_URL ?? 'http://127.0.0.1';

/** Every column of a course, named as Prisma names them (its `SELECT` of a whole row). */
const COURSE = `c.id, c.number, c.status::text, c.client_id AS "clientId", c.courier_id AS "courierId", c.pickup_address AS "pickupAddress",
  c.pickup_latitude AS "pickupLatitude", c.pickup_longitude AS "pickupLongitude", c.pickup_instructions AS "pickupInstructions",
  c.pickup_contact_phone AS "pickupContactPhone", c.pickup_place_id AS "pickupPlaceId", c.delivery_address AS "deliveryAddress",
  c.delivery_latitude AS "deliveryLatitude", c.delivery_longitude AS "deliveryLongitude", c.delivery_instructions AS "deliveryInstructions",
  c.delivery_contact_phone AS "deliveryContactPhone", c.delivery_place_id AS "deliveryPlaceId", c.merchant_reference AS "merchantReference",
  c.api_key_id AS "apiKeyId", c.tracking_token_sealed AS "trackingTokenSealed", c.recipient_phone AS "recipientPhone", c.description,
  c.photo_url AS "photoUrl", c.photo_file_id AS "photoFileId", c.package_type AS "packageType", c.distance_km AS "distanceKm",
  c.estimated_price AS "estimatedPrice", c.discount, c.final_price AS "finalPrice", c.payment_method::text AS "paymentMethod",
  c.promo_code_id AS "promoCodeId", c.otp_hash AS "otpHash", c.otp_attempts AS "otpAttempts", c.otp_generated_at AS "otpGeneratedAt",
  c.assigned_at AS "assignedAt", c.pickup_time AS "pickupTime", c.delivery_time AS "deliveryTime", c.route, c.status_at AS "statusAt",
  c.cancelled_at AS "cancelledAt", c.cancel_reason AS "cancelReason", c.hand_back_count AS "handBackCount",
  c.tracking_token_hash AS "trackingTokenHash", c.receipt_file_id AS "receiptFileId", c.proof_photo_file_id AS "proofPhotoFileId",
  c.created_at AS "createdAt", c.updated_at AS "updatedAt", c.arriving_sms_at AS "arrivingSmsAt"`;
/** What the courier's offer shows of a course (Coursa's OFFERED_FIELDS, in DeliveryRepository). */
const OFFERED = `c.id, c.number, c.estimated_price AS "estimatedPrice", c.discount, c.final_price AS "finalPrice",
  c.payment_method::text AS "paymentMethod", c.pickup_address AS "pickupAddress", c.pickup_latitude AS "pickupLatitude",
  c.pickup_longitude AS "pickupLongitude", c.pickup_instructions AS "pickupInstructions", c.delivery_address AS "deliveryAddress",
  c.delivery_latitude AS "deliveryLatitude", c.delivery_longitude AS "deliveryLongitude", c.delivery_instructions AS "deliveryInstructions",
  c.description, c.package_type AS "packageType", c.created_at AS "createdAt"`;
const COURSE_BY_ID = `SELECT ${COURSE} FROM courses c WHERE c.id = $1 LIMIT 1`;
const AUDIT = `INSERT INTO audit_logs (id, at, actor_id, actor_role, action, resource_type, resource_id, success, ip, details)
  VALUES ($1, $2, $3, $4, $5, 'course', $6, true, $7, $8)`;
const OUTBOX = (rows) =>
  `INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, created_at, attempts) VALUES ${Array.from({ length: rows }, (_, i) => `($${i * 5 + 1}, 'course', $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`).join(', ')}`;
const outboxValues = (events, at) => events.flatMap((event) => [event.type, event.aggregateId, JSON.stringify(event.payload), at, 0]);

/** One transaction on one connection. */
async function transaction(work) {
  const client = await pool.connect();
  try {
    await query(client, 'BEGIN', []);
    const result = await work(client);
    await query(client, 'COMMIT', []);
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Every statement prepared once per connection and named by its text, as Coursa's (PrismaService). */
const names = new Map();
function query(db, text, values) {
  let name = names.get(text);
  if (!name) names.set(text, (name = `bare_${names.size}`));
  return db.query({ name, text, values });
}
const one = async (statement, values, db = pool) => (await query(db, statement, values)).rows[0] ?? null;

/** The courier's course alone (DeliveryRepository.findForCourier). */
const courierCourse = (id, courierId) => one(`SELECT ${COURSE} FROM courses c WHERE c.id = $1 AND c.courier_id = $2 LIMIT 1`, [id, courierId]);

/** The course with what its answer shows (client, payment and its refund, rating, courier), in one statement (CoursesRepository.findById). */
async function courseWithRelations(id) {
  const row = await one(
    `SELECT ${COURSE}, u.full_name AS "clientName", k.full_name AS "courierName", k.phone AS "courierPhone",
       p.status AS "paymentStatus", r.status AS "refundStatus", r.amount AS "refundAmount", r.method AS "refundMethod",
       rt.rating AS "ratingValue", rt.comment AS "ratingComment"
     FROM courses c
     JOIN users u ON u.id = c.client_id
     LEFT JOIN users k ON k.id = c.courier_id
     LEFT JOIN payments p ON p.course_id = c.id
     LEFT JOIN refunds r ON r.payment_id = p.id
     LEFT JOIN ratings rt ON rt.course_id = c.id
     WHERE c.id = $1::uuid`,
    [id],
  );
  if (!row) return null;
  const { clientName, courierName, courierPhone, paymentStatus, refundStatus, refundAmount, refundMethod, ratingValue, ratingComment, ...course } = row;
  return {
    ...course,
    client: { fullName: clientName },
    courier: courierName === null ? null : { fullName: courierName, phone: courierPhone },
    payment: paymentStatus && { status: paymentStatus, refund: refundStatus && { status: refundStatus, amount: refundAmount, method: refundMethod } },
    rating: ratingValue === null ? null : { rating: ratingValue, comment: ratingComment },
  };
}

const statusEvent = (course, to) => ({
  type: 'course.status',
  aggregateId: course.id,
  payload: { courseId: course.id, courseNumber: course.number, clientId: course.clientId, courierId: course.courierId, status: to, movedBy: 'courier' },
});

/**
 * The lifecycle's move as Coursa makes it (CourseLifecycle.moveSeen): the course as the caller read it, the conditional
 * update answering the moved row, then the move's effects (`effects`), its outbox events and its audit line, in one
 * transaction.
 */
function move(seen, to, actor, fields, action, effects = async () => []) {
  return transaction(async (tx) => {
    const at = new Date();
    const sets = Object.keys(fields).map((column, i) => `${column} = $${i + 1}, `);
    const values = Object.values(fields).map((value) => (value === AT ? at : value));
    const n = values.length;
    const courierTest = seen.courierId === null ? 'courier_id IS NULL' : `courier_id = $${n + 5}`;
    const moved = await one(
      `UPDATE courses c SET ${sets.join('')}status_at = $${n + 1}, status = $${n + 2}::"CourseStatus", updated_at = now() WHERE id = $${n + 3} AND status = $${n + 4}::"CourseStatus" AND ${courierTest} RETURNING ${COURSE}`,
      [...values, at, to, seen.id, seen.status, ...(seen.courierId === null ? [] : [seen.courierId])],
      tx,
    );
    if (!moved) return null;
    const events = [statusEvent(moved, to), ...(await effects(tx, moved, at))];
    await query(tx, OUTBOX(events.length), outboxValues(events, at));
    await query(tx, AUDIT, [randomUUID(), at, actor.id, actor.role, action, seen.id, actor.ip, JSON.stringify({ from: seen.status, status: to })]);
    return moved;
  });
}
/** Stands for the move's time in `fields`. */
const AT = Symbol('at');

/**
 * A move with no effect of its own as Coursa makes it (CourseLifecycle.moveAlone): the conditional update, its outbox
 * event and its audit line in one statement, each record written only if the course moved.
 */
async function moveAlone(seen, to, actor, fields, action) {
  const at = new Date();
  const expected = { ...seen, courierId: 'courier_id' in fields ? fields.courier_id : seen.courierId };
  const values = [...Object.values(fields).map((value) => (value === AT ? at : value)), at, to, new Date(), seen.id, seen.status, seen.courierId];
  const n = Object.keys(fields).length;
  const sets = Object.keys(fields).map((column, i) => `${column} = $${i + 1}, `).join('');
  const event = statusEvent(expected, to);
  const e = values.length;
  values.push(event.type, event.aggregateId, JSON.stringify(event.payload), at);
  const a = values.length;
  values.push(randomUUID(), at, actor.id, actor.role, action, seen.id, actor.ip, JSON.stringify({ from: seen.status, status: to }));
  return one(
    `WITH moved AS (
       UPDATE courses c SET ${sets}status_at = $${n + 1}, status = $${n + 2}::"CourseStatus", updated_at = $${n + 3}
       WHERE c.id = $${n + 4}::uuid AND c.status = $${n + 5}::"CourseStatus" AND c.courier_id IS NOT DISTINCT FROM $${n + 6}::uuid
       RETURNING ${COURSE}
     ), record_0 AS (
       INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, created_at, attempts)
       SELECT * FROM (VALUES ($${e + 1}::text, 'course'::text, $${e + 2}::text, $${e + 3}::jsonb, $${e + 4}::timestamp(3), 0)) AS event WHERE EXISTS (SELECT 1 FROM moved)
     ), record_1 AS (
       INSERT INTO audit_logs (id, at, actor_id, actor_role, action, resource_type, resource_id, success, ip, details)
       SELECT $${a + 1}::uuid, $${a + 2}::timestamp(3), $${a + 3}::uuid, $${a + 4}::text, $${a + 5}::text, 'course'::text, $${a + 6}::text, true, $${a + 7}::text, $${a + 8}::jsonb
       WHERE EXISTS (SELECT 1 FROM moved)
     )
     SELECT * FROM moved`,
    values,
  );
}

const app = Fastify();
app.setErrorHandler((error, request, reply) => {
  console.error(request.url, error);
  void reply.code(500).send({});
});
app.decorateRequest('user', null);
app.addHook('onRequest', async (request, reply) => {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  try {
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Error('no token');
    const claims = jwt.verify(token, key, { algorithms: ['HS256'] });
    request.user = { id: claims.sub, role: claims.role, ip: request.ip };
  } catch {
    return reply.code(401).send({ detail: 'Session expirée.', code: 'SESSION_EXPIRED' });
  }
});

// The client's list: a page and the total (CoursesRepository.listForUser), as bench/bare-api.mjs, with today's SQL.
const PAGE = `SELECT c.id, c.number, c.status, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
    c.client_id AS "clientId", c.courier_id AS "courierId", c.pickup_address AS "pickupAddress",
    c.pickup_latitude AS "pickupLatitude", c.pickup_longitude AS "pickupLongitude", c.pickup_instructions AS "pickupInstructions",
    c.pickup_contact_phone AS "pickupContactPhone", c.delivery_address AS "deliveryAddress",
    c.delivery_latitude AS "deliveryLatitude", c.delivery_longitude AS "deliveryLongitude",
    c.delivery_instructions AS "deliveryInstructions", c.delivery_contact_phone AS "deliveryContactPhone",
    c.recipient_phone AS "recipientPhone", c.description, c.photo_url AS "photoUrl", c.package_type AS "packageType",
    c.estimated_price AS "estimatedPrice", c.discount, c.final_price AS "finalPrice", c.payment_method AS "paymentMethod",
    c.pickup_time AS "pickupTime", c.delivery_time AS "deliveryTime", c.otp_hash AS "otpHash", c.proof_photo_file_id AS "proofPhotoFileId",
    u.full_name AS "clientName", k.full_name AS "courierName", p.status AS "paymentStatus", r.status AS "refundStatus", r.amount AS "refundAmount",
    r.method AS "refundMethod", rt.rating, rt.comment AS "ratingComment"
  FROM ((SELECT * FROM courses WHERE client_id = $1::uuid AND TRUE ORDER BY created_at DESC, id DESC LIMIT $2::int)
        UNION ALL
        (SELECT * FROM courses WHERE courier_id = $1::uuid AND client_id <> $1::uuid AND TRUE ORDER BY created_at DESC, id DESC LIMIT $2::int)) c
  JOIN users u ON u.id = c.client_id
  LEFT JOIN users k ON k.id = c.courier_id
  LEFT JOIN payments p ON p.course_id = c.id
  LEFT JOIN refunds r ON r.payment_id = p.id
  LEFT JOIN ratings rt ON rt.course_id = c.id
  ORDER BY c.created_at DESC, c.id DESC LIMIT $2::int`;
const COUNT = 'SELECT coalesce(sum(as_client + as_courier - as_both), 0)::int AS total FROM user_course_counts WHERE user_id = $1::uuid';
app.get('/api/courses', async (request, reply) => {
  const { user } = request;
  const limit = Math.min(100, Math.max(1, Number(request.query.limit) || 20));
  const [page, count] = await Promise.all([query(pool, PAGE, [user.id, limit + 1]), query(pool, COUNT, [user.id])]);
  const rows = page.rows.slice(0, limit);
  if (page.rows.length > limit) {
    const last = rows.at(-1);
    const cursor = Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url');
    reply.header('link', `</api/courses?limit=${limit}&cursor=${cursor}>; rel="next"`);
  }
  reply.header('x-total-count', String(count.rows[0].total));
  return rows.map((row) =>
    toCourseDto(
      {
        ...row,
        client: { fullName: row.clientName },
        courier: row.courierName === null ? null : { fullName: row.courierName },
        payment: row.paymentStatus && { status: row.paymentStatus, refund: row.refundStatus && { status: row.refundStatus, amount: row.refundAmount, method: row.refundMethod } },
        rating: row.rating === null ? null : { rating: row.rating, comment: row.ratingComment },
      },
      user,
    ),
  );
});

// The client's map: the course with its relations, the courier's live position from Redis.
app.get('/api/courses/:id/tracking', async (request, reply) => {
  const { user } = request;
  const course = await courseWithRelations(request.params.id);
  if (!course || course.clientId !== user.id) return reply.code(404).send({ detail: 'Course introuvable.', code: 'COURSE_NOT_FOUND' });
  const stored = course.courierId ? await redis.get(`${process.env.REDIS_PREFIX}:positions:${course.courierId}`) : null;
  return toTrackingDto(course, user, stored && JSON.parse(stored));
});

// A courier's offer: available? over the cash cap? his live position, then the oldest pending courses.
app.get('/api/delivery/available-courses', async (request, reply) => {
  const { user } = request;
  const limit = Math.min(100, Math.max(1, Number(request.query.limit) || 20));
  const available = await one('SELECT id, is_available FROM users WHERE id = $1 LIMIT 1', [user.id]);
  if (!available?.is_available) return [];
  const sums = await one('SELECT courier_id, earnings, cash, deposited FROM courier_balances WHERE courier_id = $1 LIMIT 1', [user.id]);
  const overCap = isOverCashCap(courierBalances({ earnings: Number(sums?.earnings ?? 0), cash: Number(sums?.cash ?? 0), deposited: Number(sums?.deposited ?? 0) }), CASH_CAP);
  await redis.get(`${process.env.REDIS_PREFIX}:positions:${user.id}`);
  const youngSince = new Date(Date.now() - 60_000);
  const { rows } = await query(
    pool,
    `SELECT ${OFFERED} FROM courses c WHERE c.status = 'pending' AND c.courier_id IS NULL ${overCap ? "AND c.payment_method <> 'cash_on_delivery'" : ''} AND c.created_at <= $1
     ORDER BY c.created_at ASC, c.id ASC LIMIT $2`,
    [youngSince, limit + 1],
  );
  const page = rows.slice(0, limit);
  if (rows.length > limit) {
    const last = page.at(-1);
    const cursor = Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url');
    reply.header('link', `</api/delivery/available-courses?cursor=${cursor}>; rel="next"`);
  }
  return page.map((course) => ({
    id: course.id,
    course_id: courseNumber(course.number),
    estimated_price: course.estimatedPrice,
    earnings: commissionFor(priceToPay(course), RATE_INDEPENDENT),
    price_to_pay: priceToPay(course),
    cash_to_collect: cashToCollect(course),
    trip_km: tripKm(course),
    pickup_location: { address: course.pickupAddress, latitude: course.pickupLatitude, longitude: course.pickupLongitude, instructions: course.pickupInstructions },
    delivery_location: { address: course.deliveryAddress, latitude: course.deliveryLatitude, longitude: course.deliveryLongitude, instructions: course.deliveryInstructions },
    description: course.description,
    package_type: course.packageType,
    created_at: course.createdAt.toISOString(),
    distance_km: null,
  }));
});

// The courier's earnings: commission totals by status and the ledger's balances, side by side.
app.get('/api/delivery/earnings', async (request) => {
  const { user } = request;
  const [groups, sums] = await Promise.all([
    query(pool, 'SELECT SUM(amount) AS amount, SUM(count) AS count, status::text FROM commission_sums WHERE courier_id = $1 GROUP BY status', [user.id]),
    one('SELECT courier_id, earnings, cash, deposited FROM courier_balances WHERE courier_id = $1 LIMIT 1', [user.id]),
  ]);
  const totals = { pending: { amount: 0, count: 0 }, paid: { amount: 0, count: 0 } };
  for (const group of groups.rows) totals[group.status] = { amount: Number(group.amount ?? 0), count: Number(group.count ?? 0) };
  const balances = courierBalances({ earnings: Number(sums?.earnings ?? 0), cash: Number(sums?.cash ?? 0), deposited: Number(sums?.deposited ?? 0) });
  return {
    ...balances,
    cash_cap: CASH_CAP,
    over_cash_cap: isOverCashCap(balances, CASH_CAP),
    pending_amount: totals.pending.amount,
    pending_courses: totals.pending.count,
    paid_amount: totals.paid.amount,
    paid_courses: totals.paid.count,
    total_amount: totals.pending.amount + totals.paid.amount,
    total_courses: totals.pending.count + totals.paid.count,
    next_payment_date: nextWeeklyRun(new Date()).toISOString(),
    commission_rate: RATE_INDEPENDENT,
    payment_frequency: 'weekly',
  };
});

// A client orders a course paid in cash: course, payment, the recipient's two SMS and the event, the audit line, and
// the course answered with its client's name, in one transaction (OrderDesk.place, CoursesRepository.create).
app.post('/api/courses', async (request, reply) => {
  const { user } = request;
  const order = request.body;
  const recipientPhone = toGuineanMobile(order.recipient_phone);
  const price = estimatePrice(order.pickup_location, order.delivery_location);
  const otp = Array.from({ length: 6 }, () => randomInt(10)).join('');
  const trackingToken = randomBytes(16).toString('base64url');
  const now = new Date();
  const sender = { fullName: `Cliente` };
  const course = await transaction(async (tx) => {
    // The course written and answered whole with its client's name, in one statement (CoursesRepository.insertCourse).
    const { clientName, ...course } = await one(
      `WITH c AS (
         INSERT INTO courses (id, status, client_id, pickup_address, pickup_latitude, pickup_longitude, pickup_instructions, pickup_contact_phone,
           pickup_place_id, delivery_address, delivery_latitude, delivery_longitude, delivery_instructions, delivery_contact_phone, delivery_place_id,
           recipient_phone, description, photo_url, package_type, distance_km, estimated_price, discount, payment_method, otp_hash, otp_attempts,
           otp_generated_at, hand_back_count, tracking_token_hash, created_at, updated_at)
         VALUES ($1, 'pending', $2, $3, $4, $5, $6, NULL, NULL, $7, $8, $9, $10, NULL, NULL, $11, $12, NULL, $13, $14, $15, 0, 'cash_on_delivery', $16, 0, $17, 0, $18, $17, $17)
         RETURNING *
       )
       SELECT ${COURSE}, u.full_name AS "clientName" FROM c JOIN users u ON u.id = c.client_id`,
      [randomUUID(), user.id, order.pickup_location.address, order.pickup_location.latitude, order.pickup_location.longitude, order.pickup_location.instructions ?? null,
        order.delivery_location.address, order.delivery_location.latitude, order.delivery_location.longitude, order.delivery_location.instructions ?? null,
        recipientPhone, order.description ?? null, order.package_type ?? null, distanceKm(order.pickup_location, order.delivery_location), price, hmac(otp), now, hmac(trackingToken)],
      tx,
    );
    await query(
      tx,
      `INSERT INTO payments (id, order_id, client_id, provider, method, amount, purpose, currency, status, course_id, created_at, updated_at)
       VALUES ($1, $2, $3, 'cash', 'cash_on_delivery', $4, 'course', 'GNF', 'pending', $5, $6, $6)`,
      [randomUUID(), `COD_${Date.now()}_${randomBytes(6).toString('base64url')}`, user.id, price, course.id, now],
    );
    const events = [
      { type: 'sms', aggregateId: course.id, payload: { to: recipientPhone, kind: 'delivery_otp', text: deliveryCodeSms({ senderName: sender.fullName, code: otp }) } },
      { type: 'sms', aggregateId: course.id, payload: { to: recipientPhone, kind: 'tracking_link', text: trackingLinkSms({ url: `${PUBLIC_URL}/suivi/${trackingToken}` }) } },
      {
        type: 'course.created',
        aggregateId: course.id,
        payload: { courseId: course.id, courseNumber: course.number, clientId: user.id, estimatedPrice: price, pickupAddress: order.pickup_location.address, deliveryAddress: order.delivery_location.address, createdAt: now.toISOString() },
      },
    ];
    await query(tx, OUTBOX(3), outboxValues(events, now));
    await query(tx, AUDIT, [randomUUID(), new Date(), user.id, user.role, 'course_created', course.id, request.ip, null]);
    return { ...course, client: { id: user.id, fullName: clientName }, payment: { status: 'pending', refund: null }, rating: null, courier: null };
  });
  reply.code(201);
  return toCourseDto(course, user);
});

// A courier accepts a waiting course: available? a cash course? then the lifecycle's move to `assigned`.
app.post('/api/delivery/accept-course/:id', async (request, reply) => {
  const { user } = request;
  const id = request.params.id;
  const available = await one('SELECT id, is_available FROM users WHERE id = $1 LIMIT 1', [user.id]);
  if (!available?.is_available) return reply.code(409).send({ detail: 'indisponible' });
  const course = await one(COURSE_BY_ID, [id]);
  if (!course) return reply.code(409).send({ detail: 'Cette course a déjà été prise.' });
  if (course.paymentMethod === 'cash_on_delivery') {
    const sums = await one('SELECT courier_id, earnings, cash, deposited FROM courier_balances WHERE courier_id = $1 LIMIT 1', [user.id]);
    if (isOverCashCap(courierBalances({ earnings: Number(sums?.earnings ?? 0), cash: Number(sums?.cash ?? 0), deposited: Number(sums?.deposited ?? 0) }), CASH_CAP)) return reply.code(409).send({});
  }
  const moved = await moveAlone(course, 'assigned', user, { courier_id: user.id, assigned_at: AT }, 'course_accepted');
  if (!moved) return reply.code(409).send({ detail: 'Cette course a déjà été prise.' });
  return { message: 'Course acceptée.', course_id: moved.id, status: moved.status };
});

// A courier's step: his course with its relations, then the lifecycle's move.
app.post('/api/delivery/course/:id/update-status', async (request, reply) => {
  const { user } = request;
  const to = request.query.new_status;
  const course = await courierCourse(request.params.id, user.id);
  if (!course) return reply.code(404).send({});
  const moved = await moveAlone(course, to, user, {}, 'course_status_changed');
  if (!moved) return reply.code(409).send({});
  return { message: 'Statut mis à jour.', status: to, status_label: COURSE_STATUS_LABELS[to] };
});

// The handover: his course, a try reserved, the code compared, then the move to `delivered` with its effects — the cash
// collected, the client's points, the courier's commission and ledger entries, his count — and the flag of a handover
// with no recent position.
app.post('/api/delivery/course/:id/verify-otp', async (request, reply) => {
  const { user } = request;
  const course = await courierCourse(request.params.id, user.id);
  if (!course || course.status !== 'en_route_delivery') return reply.code(404).send({});
  const tries = await one(
    `UPDATE courses SET otp_attempts = otp_attempts + 1, updated_at = $1 WHERE id = $2 AND courier_id = $3 AND status = 'en_route_delivery' AND otp_hash IS NOT NULL AND otp_attempts < 5 RETURNING id, otp_attempts`,
    [new Date(), course.id, user.id],
  );
  if (!tries) return reply.code(423).send({});
  const actual = Buffer.from(hmac(request.body.otp), 'hex');
  const expected = Buffer.from(course.otpHash ?? '', 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return reply.code(400).send({});
  const moved = await move(course, 'delivered', user, { delivery_time: AT, final_price: course.estimatedPrice - course.discount, otp_hash: null }, 'course_delivered', async (tx, done, at) => {
    const price = done.finalPrice ?? 0;
    await query(tx, `UPDATE payments SET status = 'succeeded', credited_at = $1, updated_at = now() WHERE course_id = $2 AND provider = 'cash' AND status = 'pending'`, [at, done.id]);
    await query(tx, `INSERT INTO loyalty_entries (id, user_id, points, reason, course_id, created_at) VALUES ($1, $2, $3, 'course_delivered', $4, now())`, [
      randomUUID(),
      done.clientId,
      POINTS_PER_COURSE,
      done.id,
    ]);
    await query(tx, 'UPDATE users SET loyalty_points = loyalty_points + $1, updated_at = now() WHERE id = $2', [POINTS_PER_COURSE, done.clientId]);
    const counted = await one(`SELECT count(*)::int AS n FROM loyalty_entries WHERE user_id = $1 AND reason = 'course_delivered'`, [done.clientId], tx);
    if (counted.n % COURSES_PER_FREE_DELIVERY === 0) {
      await query(tx, `INSERT INTO promo_codes (id, code, type, value, owner_id, expires_at, reason) VALUES ($1, $2, 'percentage', 100, $3, $4, 'free_delivery_milestone')`, [
        randomUUID(),
        `GRATUIT-${randomBytes(6).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`,
        done.clientId,
        new Date(at.getTime() + 90 * 86400_000),
      ]);
    }
    await query(tx, 'UPDATE referrals SET rewarded_at = $1 WHERE referred_id = $2 AND rewarded_at IS NULL RETURNING referrer_id', [at, done.clientId]);
    const amount = commissionFor(price, RATE_INDEPENDENT);
    await query(tx, 
      `INSERT INTO commissions (id, courier_id, course_id, course_amount, rate_bps, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', now())`,
      [randomUUID(), user.id, done.id, price, RATE_INDEPENDENT * 10_000, amount],
    );
    // One statement per entry, as the lifecycle adds them (CommissionsService, then LedgerService.cashCollected).
    const ledger = `INSERT INTO courier_ledger_entries (id, courier_id, account, kind, amount, course_id, created_at) VALUES ($1, $2, $3::"LedgerAccount", $4::"LedgerEntryKind", $5, $6, now()) ON CONFLICT DO NOTHING`;
    await query(tx, ledger, [randomUUID(), user.id, 'earnings', 'commission_earned', amount, done.id]);
    if (done.paymentMethod === 'cash_on_delivery') await query(tx, ledger, [randomUUID(), user.id, 'cash', 'cash_collected', price, done.id]);
    await query(tx, 'UPDATE users SET total_courses = total_courses + 1, updated_at = now() WHERE id = $1', [user.id]);
    return [{ type: 'course.delivered', aggregateId: done.id, payload: { courseId: done.id, clientId: done.clientId, courierId: done.courierId } }];
  });
  if (!moved) return reply.code(409).send({});
  const last = await redis.get(`${process.env.REDIS_PREFIX}:fix:${user.id}`);
  if (!last) {
    await query(pool, AUDIT, [randomUUID(), new Date(), user.id, user.role, 'delivery_flagged', course.id, request.ip, JSON.stringify({ reason: 'no_position' })]);
  }
  return { message: '🎉 Livraison validée avec succès !' };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare engine ready');
// Exits on SIGTERM through process.exit, so that a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => process.exit(0));
