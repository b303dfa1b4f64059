// The engine bench's data (bench/engine.mjs), written with SQL into coursa_bench_api: clients and available
// independent couriers, each courier with a history of handed-over courses (their commissions, some paid, and ledger
// entries), each client with one course on its way to them, a few hundred courses waiting for a courier around Conakry,
// and, before each write scenario's run, the rows its requests consume (pending courses to accept, assigned courses to
// step, courses at the door to hand over). Access tokens are signed here with the API's key, as its login would.
import { createHmac, createSecretKey } from 'node:crypto';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import { PASSWORD, SECRET_KEY } from './api-support.mjs';

/** The delivery code every seeded course at the door answers to. */
export const OTP = '482913';
const otpHash = createHmac('sha256', SECRET_KEY).update(OTP).digest('hex');
const key = createSecretKey(Buffer.from(SECRET_KEY));

/** An access token such as POST /api/auth/login issues (sub, role, session version), valid an hour. */
export const tokenFor = (user) => jwt.sign({ sub: user.id, role: user.role, sv: 0 }, key, { algorithm: 'HS256', expiresIn: 3600 });

const COURSE_COLUMNS = `id, status, client_id, courier_id, pickup_address, pickup_latitude, pickup_longitude, delivery_address,
  delivery_latitude, delivery_longitude, recipient_phone, description, package_type, distance_km, estimated_price,
  payment_method, otp_hash, assigned_at, pickup_time, delivery_time, final_price, status_at, created_at, updated_at`;

/**
 * `n` courses, course g (1…n) of client `clients[g % clients.length]` and, when given, courier `couriers[g %
 * couriers.length]`, spread over Conakry (Kaloum to Ratoma), each with its payment row; ids in order.
 */
async function insertCourses(db, n, { status, clients, couriers = null, method, paymentStatus, minutesAgo = 30 }) {
  const atStep = (column, steps) => (steps.includes(status) ? `now() - interval '${Math.max(1, minutesAgo - 5)} minutes'` : 'NULL');
  const { rows } = await db.query(
    `INSERT INTO courses (${COURSE_COLUMNS})
     SELECT gen_random_uuid(), $1::"CourseStatus", ($2::uuid[])[1 + g % cardinality($2::uuid[])],
       CASE WHEN $3::uuid[] IS NULL THEN NULL ELSE ($3::uuid[])[1 + g % cardinality($3::uuid[])] END,
       'Marché Madina, Conakry', 9.55 + (g % 97) / 2000.0, -13.66 - (g % 89) / 2000.0,
       'Carrefour Bambeto, Ratoma', 9.62 + (g % 83) / 2000.0, -13.61 - (g % 79) / 2000.0,
       '+22462' || lpad((g % 10000000)::text, 7, '0'), 'Un colis', 'petit', 7, 25000, $4::"PaymentMethod",
       CASE WHEN $1 IN ('pending', 'delivered', 'cancelled') THEN NULL ELSE $5 END,
       ${atStep('assigned_at', ['assigned', 'en_route_pickup', 'collected', 'en_route_delivery', 'delivered'])},
       ${atStep('pickup_time', ['collected', 'en_route_delivery', 'delivered'])},
       ${status === 'delivered' ? "now() - (g % 3000) * interval '1 hour'" : 'NULL'},
       ${status === 'delivered' ? '25000' : 'NULL'},
       now() - interval '${Math.max(1, minutesAgo - 5)} minutes',
       now() - (g % 3000) * interval '1 hour' - interval '${minutesAgo} minutes', now()
     FROM generate_series(1, $6) g ORDER BY g RETURNING id`,
    [status, clients.map((c) => c.id), couriers && couriers.map((c) => c.id), method, otpHash, n],
  );
  const ids = rows.map((row) => row.id);
  const provider = method === 'cash_on_delivery' ? 'cash' : method;
  await db.query(
    `INSERT INTO payments (id, order_id, client_id, provider, method, amount, status, course_id, credited_at, updated_at)
     SELECT gen_random_uuid(), 'BENCH-' || c.number, c.client_id, $2::"PaymentProvider", c.payment_method, 25000, $3::"PaymentStatus", c.id,
       CASE WHEN $3 = 'succeeded' THEN now() END, now()
     FROM courses c WHERE c.id = ANY($1::uuid[])`,
    [ids, provider, paymentStatus],
  );
  return ids;
}

/** The accounts, the couriers' histories, the clients' courses on their way and the waiting courses; the people. */
export async function seedEngine(db, { clients: clientCount = 200, couriers: courierCount = 200, history = 100, waiting = 300 } = {}) {
  const hash = await argon2.hash(PASSWORD);
  const users = async (n, role, prefix, available) =>
    (
      await db.query(
        `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, is_available, updated_at)
         SELECT gen_random_uuid(), $1 || lpad(g::text, 6, '0'), $2, $3 || ' ' || g, $4::"Role", $5 || g, now(), true, $6, now()
         FROM generate_series(1, $7) g ORDER BY g RETURNING id, role`,
        [prefix, hash, role === 'client' ? 'Cliente' : 'Livreur', role, `BE${role.slice(0, 2).toUpperCase()}`, available, n],
      )
    ).rows;
  const clients = await users(clientCount, 'client', '+224620', false);
  const couriers = await users(courierCount, 'independent_delivery', '+224660', true);
  // Each courier's history: courses handed over, their commissions (a third paid) and the ledger's entries.
  const delivered = await insertCourses(db, courierCount * history, { status: 'delivered', clients, couriers, method: 'cash_on_delivery', paymentStatus: 'succeeded', minutesAgo: 600 });
  await db.query(
    `INSERT INTO commissions (id, courier_id, course_id, course_amount, rate_bps, amount, status, paid_at, created_at)
     SELECT gen_random_uuid(), c.courier_id, c.id, 25000, 7000, 17500,
       CASE WHEN c.number % 3 = 0 THEN 'paid' ELSE 'pending' END::"CommissionStatus",
       CASE WHEN c.number % 3 = 0 THEN now() END, c.delivery_time
     FROM courses c WHERE c.id = ANY($1::uuid[])`,
    [delivered],
  );
  await db.query(
    `INSERT INTO courier_ledger_entries (id, courier_id, account, kind, amount, course_id, created_at)
     SELECT gen_random_uuid(), c.courier_id, 'earnings'::"LedgerAccount", 'commission_earned'::"LedgerEntryKind", 17500, c.id, c.delivery_time FROM courses c WHERE c.id = ANY($1::uuid[])
     UNION ALL
     SELECT gen_random_uuid(), c.courier_id, 'cash'::"LedgerAccount", 'cash_collected'::"LedgerEntryKind", 25000, c.id, c.delivery_time FROM courses c WHERE c.id = ANY($1::uuid[])`,
    [delivered],
  );
  await db.query(`UPDATE users u SET total_courses = $2 WHERE u.id = ANY($1::uuid[])`, [couriers.map((c) => c.id), history]);
  // Each client's course on its way to the recipient (what the client's map follows), with its courier.
  const tracked = await insertCourses(db, clientCount, { status: 'en_route_delivery', clients, couriers, method: 'orange_money', paymentStatus: 'succeeded', minutesAgo: 20 });
  // The courses waiting for a courier: what an available courier is offered.
  await insertCourses(db, waiting, { status: 'pending', clients, method: 'orange_money', paymentStatus: 'succeeded', minutesAgo: 10 });
  await db.query('VACUUM ANALYZE');
  return { clients, couriers, tracked };
}

/**
 * The rows `n` requests of a write scenario consume, each request's course and courier: pending courses to accept
 * (paid by mobile money), assigned courses to step to « en route to the pickup », or courses at the door, cash on
 * delivery, to hand over with the code. None for `create`, which makes its own.
 */
export async function prepareWrites(db, scenario, n, { clients, couriers }) {
  const rows = {
    accept: () => insertCourses(db, n, { status: 'pending', clients, method: 'orange_money', paymentStatus: 'succeeded', minutesAgo: 6 }),
    step: () => insertCourses(db, n, { status: 'assigned', clients, couriers, method: 'orange_money', paymentStatus: 'succeeded', minutesAgo: 6 }),
    handover: () => insertCourses(db, n, { status: 'en_route_delivery', clients, couriers, method: 'cash_on_delivery', paymentStatus: 'pending', minutesAgo: 30 }),
  }[scenario];
  if (!rows) return [];
  const ids = await rows();
  await db.query('ANALYZE courses; ANALYZE payments');
  // Course g went to courier g % couriers (insertCourses numbers from 1, in order).
  return ids.map((id, index) => ({ id, courier: couriers[(index + 1) % couriers.length] }));
}
