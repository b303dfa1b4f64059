// The soak's year of data (bench/soak.mjs): what a year of a busy Conakry platform leaves in the database, written
// with set-based SQL (INSERT … SELECT over generate_series or over the rows written before it, never row by row).
// Every row is built from rows that exist, so foreign keys hold by construction; their per-row checks are skipped
// while filling (session_replication_role = replica), which is most of the cost of a bulk INSERT … SELECT.
//
// At SOAK_SCALE = 1: 500 couriers, 20 000 clients, 2 000 000 courses over 365 days (demand growing from 0.6× to 1.4×
// the mean over the year, 07:00–21:00 with a noon peak), each with what the app writes for it: its payment, refund
// when a paid course was cancelled, rating (60 % of deliveries), commission, weekly payouts, ledger lines, loyalty
// points and free-delivery codes, audit lines and outbox events of each step, idempotency records of the client's
// order and the courier's steps, sessions; and the couriers' trail over the last `trailDays` days: one position
// every `trailStepSeconds` while on a course (accepted → delivered).
import pg from 'pg';

/** Commune centres (libs/domain CONAKRY_COMMUNES), where pickups and deliveries are scattered (the load's too). */
export const COMMUNES = [
  ['Kaloum', 9.5092, -13.7122],
  ['Dixinn', 9.5482, -13.6792],
  ['Matam', 9.5456, -13.6566],
  ['Ratoma', 9.6106, -13.6236],
  ['Matoto', 9.5769, -13.612],
];
const sqlArray = (values, type) => `(ARRAY[${values.map((v) => (typeof v === 'string' ? `'${v}'` : v)).join(', ')}]::${type}[])`;
const ZONE_NAME = sqlArray(COMMUNES.map((c) => `${c[0]}, Conakry`), 'text');
const ZONE_LAT = sqlArray(COMMUNES.map((c) => c[1]), 'float8');
const ZONE_LNG = sqlArray(COMMUNES.map((c) => c[2]), 'float8');

/** Fill sizes at a scale; the load's own accounts count among the couriers and clients. */
export function fillSizes(scale, load) {
  return {
    couriers: Math.max(load.couriers, Math.round(500 * scale)),
    clients: Math.max(load.clients, Math.round(20_000 * scale)),
    courses: Math.round(2_000_000 * scale),
  };
}

/**
 * The tables the fill writes millions of rows to: their indexes are built once at the end rather than row by row. Not
 * the outbox's: the running worker reads it as soon as events commit, and its keys come in order.
 */
const BIG_TABLES = ['courses', 'payments', 'ratings', 'commissions', 'courier_ledger_entries', 'loyalty_entries', 'sessions',
  'idempotency_records', 'audit_logs', 'courier_positions'];

/**
 * The triggers whose work the fill does itself (issue 25's per-status course counts, the analytics and audit rollups,
 * the accounts per role, and the money rollups: each courier's ledger sums, the commissions per status, month and
 * courier). The users' UPDATE trigger fires on role and anonymized_at only, which the fill's update of users' totals
 * leaves alone.
 */
const KNOWN_TRIGGERS = ['audit_logs.audit_logs_rolled_up', 'client_order_marks.client_order_marks_rolled_up',
  'commissions.commissions_rolled_up', 'commissions.commissions_summed', 'courier_ledger_entries.courier_ledger_entries_summed',
  'courses.courses_rolled_up', 'courses.courses_rollups_moved',
  'courses.courses_status_counted', 'courses.courses_status_moved', 'courses.courses_user_count_moved', 'courses.courses_user_counted',
  'ratings.ratings_rolled_up', 'users.users_role_counted', 'users.users_role_moved'];

/**
 * Fills the database at `url` (already holding the load's accounts and phase A's rows; the app idle), then VACUUM
 * ANALYZE. Returns the sizes and the duration of every step.
 */
export async function fillYear(url, { scale, trailDays, trailStepSeconds, load, log = console.log }) {
  const sizes = fillSizes(scale, load);
  // Two sessions, one core each: the trail, the outbox and the accounts' sessions on one, the rest on the other.
  const [main, side] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  await Promise.all([main.connect(), side.connect()]);
  const steps = {};
  const started = Date.now();
  try {
    for (const db of [main, side]) {
      await db.query(`SET session_replication_role = replica; SET synchronous_commit = off;
        SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SET max_parallel_maintenance_workers = 0`);
    }
    const { rows: [now] } = await main.query(`SELECT (now() AT TIME ZONE 'UTC')::timestamp(3) AS t0,
      (SELECT coalesce(max(number), 0) FROM courses) AS base, EXISTS (SELECT 1 FROM information_schema.columns
        WHERE table_name = 'courses' AND column_name = 'route') AS has_route,
      to_regprocedure('courier_positions_ensure_partitions(date, date)') IS NOT NULL AS partitioned,
      to_regclass('course_status_counts') IS NOT NULL AS status_counts,
      to_regprocedure('analytics_rollups_rebuild()') IS NOT NULL AS rollups,
      to_regprocedure('money_rollups_rebuild()') IS NOT NULL AS money_rollups,
      to_regprocedure('user_role_counts_rebuild()') IS NOT NULL AS role_counts,
      to_regprocedure('user_course_counts_rebuild()') IS NOT NULL AS user_course_counts,
      ARRAY(SELECT c.relname || '.' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
          -- Those an INSERT fires (the fill's only UPDATE is of users' totals).
          AND (t.tgtype & 4 <> 0 OR (c.relname = 'users' AND t.tgtype & 16 <> 0)) ORDER BY 1) AS triggers`);
    // Every statement reads the same moment and the first fill course number from these session settings.
    for (const db of [main, side]) await db.query(`SELECT set_config('soak.t0', $1, false), set_config('soak.base', $2, false)`, [now.t0.toISOString(), String(now.base)]);

    /** Runs one statement, logs and records its rows and seconds. */
    const step = async (name, sql, params = [], db = main) => {
      const at = Date.now();
      const result = await db.query(sql, params);
      const seconds = Math.round((Date.now() - at) / 100) / 10;
      steps[name] = { rows: result.rowCount ?? 0, seconds };
      log(`  fill ${name}: ${(result.rowCount ?? 0).toLocaleString('en')} rows in ${seconds} s`);
    };
    /** Runs statements on both sessions, each taking the next one left. */
    const bothSessions = async (name, statements) => {
      const at = Date.now();
      const queue = [...statements];
      await Promise.all([main, side].map(async (db) => {
        for (let sql = queue.shift(); sql; sql = queue.shift()) await db.query(sql);
      }));
      steps[name] = { statements: statements.length, seconds: Math.round((Date.now() - at) / 100) / 10 };
      log(`  fill ${name}: ${statements.length} statements in ${steps[name].seconds} s`);
    };

    const rebuild = await dropIndexes(main);
    await people(step, sizes, load);
    await courses(step, sizes, now.has_route);
    // Triggers do not fire while filling: what those on courses keep (course_status_counts, user_course_counts, and
    // below the analytics rollups), on users (user_role_counts) and on the money tables (below) is counted afresh, as
    // their migrations did for the rows there before them. Any other trigger is reported, its work not done.
    if (now.status_counts) {
      await step('course_status_counts', `INSERT INTO course_status_counts (status, count) SELECT status, count(*) FROM courses GROUP BY status
        ON CONFLICT (status) DO UPDATE SET count = EXCLUDED.count`);
    }
    if (now.role_counts) await step('user_role_counts', 'SELECT user_role_counts_rebuild()');
    if (now.user_course_counts) await step('user_course_counts', 'SELECT user_course_counts_rebuild()');
    const unreplayed = now.triggers.filter((name) => !KNOWN_TRIGGERS.includes(name));
    if (unreplayed.length) log(`  fill: WARNING, triggers not fired by the fill and not made up for: ${unreplayed.join(', ')}`);
    await Promise.all([
      money(step).then(() => history(step)),
      positions(step, side, { trailDays, trailStepSeconds, partitioned: now.partitioned }).then(() => outbox(step, side)).then(() => sessions(step, side)),
    ]);
    // The analytics and audit rollups, and the money rollups (courier_balances, commission_sums), counted afresh from
    // the rows just filled by the functions their migrations backfilled them with.
    if (now.rollups) await step('analytics_rollups', 'SELECT analytics_rollups_rebuild()');
    if (now.money_rollups) await step('money_rollups', 'SELECT money_rollups_rebuild()');
    await main.query('DROP TABLE soak_fill_clients, soak_fill_couriers');
    await bothSessions('indexes', rebuild);
    const { rows: tables } = await main.query(`SELECT c.oid::regclass::text AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY (SELECT coalesce(sum(pg_relation_size(t.relid)), 0) FROM pg_partition_tree(c.oid) t) DESC`);
    await bothSessions('vacuum_analyze', tables.map((table) => `VACUUM (ANALYZE) ${table.name}`));
    return {
      ...sizes,
      trail_days: trailDays,
      trail_step_seconds: trailStepSeconds,
      trail_partitioned: now.partitioned,
      routes_filled: now.has_route,
      triggers_not_made_up_for: unreplayed,
      seconds: Math.round((Date.now() - started) / 1000),
      steps,
    };
  } finally {
    await Promise.all([main.end(), side.end()]);
  }
}

/**
 * Drops the big tables' indexes (and their primary keys and unique constraints that no foreign key needs) and returns
 * the statements that make them again, exactly as the migrations made them.
 */
async function dropIndexes(db) {
  const { rows } = await db.query(`SELECT t.relname AS table_name, i.relname AS index_name, con.conname, pg_get_constraintdef(con.oid) AS condef,
      pg_get_indexdef(i.oid) AS indexdef
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.conrelid = x.indrelid AND con.contype IN ('p', 'u')
    WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = x.indexrelid)`, [BIG_TABLES]);
  for (const row of rows) {
    await db.query(row.conname ? `ALTER TABLE "${row.table_name}" DROP CONSTRAINT "${row.conname}"` : `DROP INDEX "${row.index_name}"`);
  }
  // A partitioned table's index is made on every partition by the same statement without ONLY.
  return rows.map((row) => (row.conname ? `ALTER TABLE "${row.table_name}" ADD CONSTRAINT "${row.conname}" ${row.condef}` : row.indexdef.replace(' ON ONLY ', ' ON ')));
}

const T0 = `current_setting('soak.t0')::timestamp`;
const BASE = `current_setting('soak.base')::int`;
/** The fill's courses, not phase A's. */
const FILLED = `c.number > ${BASE}`;

/** Couriers (with their KYC file), clients (10 % referred), a few staff, and the lookup tables the courses draw from. */
async function people(step, sizes, load) {
  const couriers = sizes.couriers - load.couriers;
  const clients = sizes.clients - load.clients;
  const users = `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms,
    terms_accepted_at, is_available, created_at, updated_at)`;
  // Accounts opened over the year before the present; one in five couriers is online now.
  await step('couriers', `${users}
    SELECT gen_random_uuid(), '+22467' || lpad(g::text, 7, '0'), 'x', 'Livreur ' || g,
      (CASE WHEN g % 4 = 0 THEN 'salaried_delivery' ELSE 'independent_delivery' END)::"Role", 'FILLK' || g, t, true, t, g % 5 = 0, t, t
    FROM generate_series(1, $1::int) g, LATERAL (SELECT ${T0} - interval '380 days' * random() AS t) at`, [couriers]);
  await step('clients', `${users}
    SELECT gen_random_uuid(), '+22461' || lpad(g::text, 7, '0'), 'x', 'Client ' || g, 'client', 'FILLC' || g, t, true, t, false, t, t
    FROM generate_series(1, $1::int) g, LATERAL (SELECT ${T0} - interval '400 days' * power(random(), 0.8) AS t) at`, [clients]);
  await step('staff', `${users}
    SELECT gen_random_uuid(), '+22464' || lpad(g::text, 7, '0'), 'x', 'Agent ' || g,
      (CASE WHEN g <= 2 THEN 'support' ELSE 'admin' END)::"Role", 'FILLS' || g, t, true, t, false, t, t
    FROM generate_series(1, 6) g, LATERAL (SELECT ${T0} - interval '400 days' * random() AS t) at`);
  await step('referrals', `WITH referred AS (
      SELECT id, created_at, row_number() OVER () AS n FROM users WHERE phone LIKE '+22461%' AND random() < 0.1),
    pairs AS (SELECT r.id AS referred, r.created_at, (SELECT u.id FROM users u WHERE u.phone = '+22461' || lpad((1 + (r.n * 7919) % $1::int)::text, 7, '0')) AS referrer FROM referred r)
    INSERT INTO referrals (id, referrer_id, referred_id, rewarded_at, created_at)
    SELECT gen_random_uuid(), referrer, referred, created_at + interval '3 days', created_at FROM pairs WHERE referrer <> referred`, [clients]);
  await step('id_photos', `INSERT INTO stored_files (id, kind, storage_key, mime_type, size_bytes, sha256, created_at)
    SELECT md5('photo' || u.id)::uuid, 'id_photo', 'kyc/' || u.id || '.jpg', 'image/jpeg', 180000 + (random() * 200000)::int, md5(u.id::text) || md5(u.phone), u.created_at
    FROM users u WHERE u.role IN ('salaried_delivery', 'independent_delivery') AND NOT EXISTS (SELECT 1 FROM courier_profiles p WHERE p.user_id = u.id)`);
  await step('courier_profiles', `INSERT INTO courier_profiles (user_id, vehicle_type, id_type, id_number, id_expiry_date, id_photo_id,
      emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, address, experience_years, bank_name, created_at, updated_at)
    SELECT u.id, 'moto', 'carte_identite', 'GN' || u.number, (${T0} + interval '3 years')::date, md5('photo' || u.id)::uuid,
      'Contact ' || u.number, '+22462' || lpad(u.number::text, 7, '0'), 'parent', 'Ratoma, Conakry', 2, 'orange_money', u.created_at, u.created_at
    FROM users u WHERE u.role IN ('salaried_delivery', 'independent_delivery') AND NOT EXISTS (SELECT 1 FROM courier_profiles p WHERE p.user_id = u.id)`);
  // Courses pick their client by a random rank (some clients order far more than others) and their courier evenly.
  await step('lookup_tables', `CREATE UNLOGGED TABLE soak_fill_clients AS
      SELECT (row_number() OVER (ORDER BY random()) - 1)::int AS n, id FROM users WHERE role = 'client';
    CREATE UNLOGGED TABLE soak_fill_couriers AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id, role FROM users WHERE role IN ('salaried_delivery', 'independent_delivery');
    CREATE UNIQUE INDEX ON soak_fill_clients (n); CREATE UNIQUE INDEX ON soak_fill_couriers (n);
    ANALYZE soak_fill_clients; ANALYZE soak_fill_couriers`);
}

/**
 * The courses, inserted in the order they were created (numbers follow time, as they do in the app). Older than three
 * hours: 90.5 % delivered, the rest cancelled (40 % of those after a courier took them); the last three hours hold the
 * open ones, by age: waiting, on their way, or done.
 */
async function courses(step, sizes, hasRoute) {
  // A delivered course's simplified route (issue 25), when the column exists: 8 points from pickup to delivery,
  // written out in the statement (an aggregate per row costs more than the rest of the course).
  const point = (k) => `jsonb_build_array(round((s.plat + (s.dlat - s.plat) * ${k / 7}) * 1e5) / 1e5, round((s.plng + (s.dlng - s.plng) * ${k / 7}) * 1e5) / 1e5)`;
  const route = hasRoute ? `, CASE WHEN s.status = 'delivered' THEN jsonb_build_array(${Array.from({ length: 8 }, (_, k) => point(k)).join(', ')}) END` : '';
  await step('courses', `
    WITH drawn AS (
      SELECT g,
        -- Where in the year (inverse of the growing demand's distribution) and when in the day (07:00–21:00, noon peak).
        date_trunc('day', ${T0}) - interval '364 days' + floor((sqrt(0.36 + 1.6 * random()) - 0.6) / 0.8 * 365) * interval '1 day'
          + (7 + 14 * (random() + random() + random()) / 3) * interval '1 hour' AS at,
        random() AS r_status, random() AS r_pay, floor(power(random(), 1.6) * $2::int)::int AS client_n,
        floor(random() * $3::int)::int AS courier_n, 1 + floor(random() * 5)::int AS zp, 1 + floor(random() * 5)::int AS zd,
        (random() - 0.5) * 0.03 AS jp1, (random() - 0.5) * 0.03 AS jp2, (random() - 0.5) * 0.03 AS jd1, (random() - 0.5) * 0.03 AS jd2,
        random() AS r1, random() AS r2, random() AS r3, random() AS r4
      FROM generate_series(1, $1::int) g
    ),
    aged AS (
      -- Today's orders drawn after the present moment go to the same hour yesterday.
      SELECT d.*, CASE WHEN at >= ${T0} THEN at - interval '1 day' ELSE at END AS created
      FROM drawn d
    ),
    placed AS (
      SELECT a.*, ${T0} - a.created AS age,
        ${ZONE_LAT}[zp] + jp1 AS plat, ${ZONE_LNG}[zp] + jp2 AS plng, ${ZONE_LAT}[zd] + jd1 AS dlat, ${ZONE_LNG}[zd] + jd2 AS dlng
      FROM aged a
    ),
    statused AS (
      SELECT p.*, (CASE
          WHEN age > interval '3 hours' THEN CASE WHEN r_status < 0.905 THEN 'delivered' ELSE 'cancelled' END
          WHEN age < interval '15 minutes' THEN CASE WHEN r_status < 0.7 THEN 'pending' ELSE 'assigned' END
          WHEN age < interval '45 minutes' THEN (ARRAY['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'])[1 + floor(r_status * 4)::int]
          ELSE CASE WHEN r_status < 0.85 THEN 'delivered' WHEN r_status < 0.93 THEN 'cancelled' ELSE 'en_route_delivery' END
        END)::"CourseStatus" AS status,
        round(111 * sqrt(power(dlat - plat, 2) + power(dlng - plng, 2)))::int AS km
      FROM placed p
    ),
    s AS (
      SELECT st.*,
        -- Steps: accepted 1–10 min after the order, collected 8–20 min later, delivered 10–35 min after that (open
        -- courses: the steps they reached, within their age); a cancelled course, 2–30 min after the order.
        CASE WHEN status IN ('delivered') OR (status = 'cancelled' AND r4 < 0.4) THEN created + (1 + 9 * r1) * interval '1 minute'
             WHEN status NOT IN ('pending', 'cancelled') THEN created + age * 0.2 END AS assigned_at,
        CASE WHEN status = 'delivered' THEN created + (1 + 9 * r1 + 8 + 12 * r2) * interval '1 minute'
             WHEN status IN ('collected', 'en_route_delivery') THEN created + age * 0.6 END AS pickup_time,
        CASE WHEN status = 'delivered' THEN least(created + (1 + 9 * r1 + 8 + 12 * r2 + 10 + 25 * r3) * interval '1 minute', ${T0} - interval '1 second') END AS delivery_time,
        CASE WHEN status = 'cancelled' THEN created + (2 + 28 * r1) * interval '1 minute' END AS cancelled_at
      FROM statused st
    )
    INSERT INTO courses (id, status, client_id, courier_id, pickup_address, pickup_latitude, pickup_longitude, delivery_address,
      delivery_latitude, delivery_longitude, recipient_phone, description, package_type, distance_km, estimated_price, final_price,
      payment_method, otp_hash, otp_generated_at, assigned_at, pickup_time, delivery_time, status_at, cancelled_at, cancel_reason,
      tracking_token_hash, created_at, updated_at ${hasRoute ? ', route' : ''})
    SELECT gen_random_uuid(), s.status, cl.id, CASE WHEN s.assigned_at IS NOT NULL THEN co.id END,
      ${ZONE_NAME}[zp], plat, plng, ${ZONE_NAME}[zd], dlat, dlng, '+22462' || lpad(floor(r4 * 1e7)::text, 7, '0'),
      (ARRAY['Documents', 'Colis', 'Repas', 'Vêtements', 'Médicaments', NULL, NULL, NULL])[1 + floor(r2 * 8)::int],
      (ARRAY['petit', 'moyen', 'grand', NULL])[1 + floor(r3 * 4)::int],
      km, 5000 + 1000 * km, CASE WHEN s.status = 'delivered' THEN 5000 + 1000 * km END,
      (CASE WHEN r_pay < 0.40 THEN 'cash_on_delivery' WHEN r_pay < 0.75 THEN 'orange_money' WHEN r_pay < 0.90 THEN 'mtn_momo'
            WHEN r_pay < 0.97 THEN 'paycard' ELSE 'card' END)::"PaymentMethod",
      CASE WHEN s.status NOT IN ('delivered', 'cancelled') THEN md5('otp' || g) END, created,
      assigned_at, pickup_time, delivery_time,
      coalesce(delivery_time, cancelled_at, pickup_time, assigned_at, created), cancelled_at,
      CASE WHEN cancelled_at IS NOT NULL THEN (ARRAY['Annulée par le client', 'Destinataire absent', 'Commande en double'])[1 + floor(r3 * 3)::int] END,
      md5('track' || g || ${T0}), created, coalesce(delivery_time, cancelled_at, pickup_time, assigned_at, created)
      ${route}
    FROM s
    JOIN soak_fill_clients cl ON cl.n = s.client_n
    JOIN soak_fill_couriers co ON co.n = s.courier_n
    ORDER BY created`, [sizes.courses, sizes.clients, sizes.couriers]);
}

/** Payments, refunds, ratings, commissions, weekly runs and payouts, the couriers' ledger and cash deposits, loyalty. */
async function money(step) {
  await step('payments', `INSERT INTO payments (id, order_id, client_id, provider, method, amount, status, provider_reference, payer_phone,
      course_id, credited_at, created_at, updated_at)
    SELECT gen_random_uuid(),
      CASE WHEN cash THEN 'COD_' ELSE 'COURSE_' END || (extract(epoch FROM c.created_at) * 1000)::bigint || '_' || c.number,
      c.client_id, (CASE WHEN cash THEN 'cash' ELSE c.payment_method::text END)::"PaymentProvider", c.payment_method, c.estimated_price,
      (CASE WHEN cash THEN CASE WHEN c.status = 'delivered' THEN 'succeeded' ELSE 'pending' END
            WHEN c.status <> 'cancelled' THEN 'succeeded'
            WHEN c.cancelled_at > ${T0} - interval '2 days' THEN 'refund_pending' ELSE 'refunded' END)::"PaymentStatus",
      CASE WHEN NOT cash THEN 'PR' || c.number END, CASE WHEN NOT cash THEN '+22462' || lpad((c.number % 10000000)::text, 7, '0') END,
      c.id, CASE WHEN NOT cash THEN c.created_at WHEN c.status = 'delivered' THEN c.delivery_time END,
      c.created_at - CASE WHEN cash THEN interval '0' ELSE interval '1 minute' END, c.status_at
    FROM courses c, LATERAL (SELECT c.payment_method = 'cash_on_delivery' AS cash) m WHERE ${FILLED}`);
  await step('refunds', `INSERT INTO refunds (id, payment_id, course_id, client_id, amount, method, status, reference, phone, provider, completed_at, created_at)
    SELECT gen_random_uuid(), p.id, p.course_id, p.client_id, p.amount,
      (CASE WHEN p.provider = 'mtn_momo' THEN 'provider' ELSE 'wallet' END)::"RefundMethod",
      (CASE WHEN p.status = 'refunded' THEN 'completed' WHEN p.provider = 'mtn_momo' THEN 'processing' ELSE 'to_do' END)::"RefundStatus",
      'RF-' || p.order_id, p.payer_phone, p.provider, CASE WHEN p.status = 'refunded' THEN c.cancelled_at + interval '1 day' END, c.cancelled_at
    FROM payments p JOIN courses c ON c.id = p.course_id WHERE ${FILLED} AND p.status IN ('refunded', 'refund_pending')`);
  await step('ratings', `INSERT INTO ratings (id, course_id, client_id, courier_id, rating, comment, created_at)
    SELECT gen_random_uuid(), c.id, c.client_id, c.courier_id,
      CASE WHEN r < 0.55 THEN 5 WHEN r < 0.85 THEN 4 WHEN r < 0.95 THEN 3 WHEN r < 0.98 THEN 2 ELSE 1 END,
      CASE WHEN r > 0.9 THEN 'Livreur en retard' WHEN r < 0.1 THEN 'Très rapide, merci !' END,
      least(c.delivery_time + interval '20 minutes' * random(), ${T0})
    FROM courses c, LATERAL (SELECT random() AS r) x WHERE ${FILLED} AND c.status = 'delivered' AND random() < 0.6`);
  // Weekly runs: every week before the current one is paid out; a payout per courier and week, its id derived from
  // both so that the commissions can point to it as they are written.
  const week = `date_trunc('week', c.delivery_time)`;
  const payoutId = `md5(c.courier_id::text || extract(epoch FROM ${week})::bigint)::uuid`;
  const rate = `CASE WHEN k.role = 'salaried_delivery' THEN 1500 ELSE 7000 END`;
  const paid = `${week} < date_trunc('week', ${T0})`;
  await step('commission_runs', `INSERT INTO commission_runs (id, iso_week, started_at, finished_at)
    SELECT md5('run' || extract(epoch FROM w)::bigint)::uuid, to_char(w, 'IYYY-"W"IW'), w + interval '7 days 2 hours', w + interval '7 days 2 hours 4 minutes'
    FROM generate_series(date_trunc('week', ${T0} - interval '366 days'), date_trunc('week', ${T0}) - interval '1 week', interval '1 week') w`);
  await step('payouts', `INSERT INTO payouts (id, courier_id, run_id, period_start, period_end, total_courses, total_commission, phone, reference,
      status, provider, provider_reference, attempts, completed_at, created_at)
    SELECT ${payoutId}, c.courier_id, md5('run' || extract(epoch FROM ${week})::bigint)::uuid, ${week}, ${week} + interval '7 days',
      count(*), sum(floor(c.final_price * ${rate} / 10000)), min(u.phone), 'PO-' || left(${payoutId}::text, 18), 'completed',
      (CASE WHEN min(u.phone) LIKE '+22466%' THEN 'mtn_momo' ELSE 'orange_money' END)::"PaymentProvider", 'TX' || left(md5(${payoutId}::text), 16), 1,
      ${week} + interval '7 days 3 hours', ${week} + interval '7 days 2 hours'
    FROM courses c JOIN soak_fill_couriers k ON k.id = c.courier_id JOIN users u ON u.id = c.courier_id
    WHERE ${FILLED} AND c.status = 'delivered' AND ${paid}
    GROUP BY c.courier_id, k.role, ${week}`);
  await step('commissions', `INSERT INTO commissions (id, courier_id, course_id, course_amount, rate_bps, amount, status, payout_id, paid_at, created_at)
    SELECT gen_random_uuid(), c.courier_id, c.id, c.final_price, ${rate}, floor(c.final_price * ${rate} / 10000),
      (CASE WHEN ${paid} THEN 'paid' ELSE 'pending' END)::"CommissionStatus", CASE WHEN ${paid} THEN ${payoutId} END,
      CASE WHEN ${paid} THEN ${week} + interval '7 days 3 hours' END, c.delivery_time
    FROM courses c JOIN soak_fill_couriers k ON k.id = c.courier_id WHERE ${FILLED} AND c.status = 'delivered'`);
  await step('cash_deposits', `INSERT INTO cash_deposits (id, courier_id, amount, method, status, credited_at, created_at)
    SELECT md5('cash' || c.courier_id || extract(epoch FROM ${week})::bigint)::uuid, c.courier_id, sum(c.final_price),
      (CASE WHEN random() < 0.7 THEN 'mobile_money' ELSE 'office' END)::"CashDepositMethod", 'credited',
      ${week} + interval '7 days 5 hours', ${week} + interval '7 days 4 hours'
    FROM courses c WHERE ${FILLED} AND c.status = 'delivered' AND c.payment_method = 'cash_on_delivery' AND ${paid}
    GROUP BY c.courier_id, ${week}`);
  await step('ledger_entries', `INSERT INTO courier_ledger_entries (id, courier_id, account, kind, amount, course_id, payout_id, deposit_id, created_at)
    SELECT gen_random_uuid(), courier_id, 'earnings'::"LedgerAccount", 'commission_earned'::"LedgerEntryKind", amount, course_id, NULL::uuid, NULL::uuid, created_at
      FROM commissions cm
      WHERE EXISTS (SELECT 1 FROM courses c WHERE c.id = cm.course_id AND ${FILLED})
    UNION ALL
    SELECT gen_random_uuid(), c.courier_id, 'cash', 'cash_collected', c.final_price, c.id, NULL, NULL, c.delivery_time FROM courses c
      WHERE ${FILLED} AND c.status = 'delivered' AND c.payment_method = 'cash_on_delivery'
    UNION ALL
    SELECT gen_random_uuid(), courier_id, 'earnings', 'payout_sent', -total_commission, NULL, id, NULL, completed_at FROM payouts
      WHERE reference LIKE 'PO-%'
    UNION ALL
    SELECT gen_random_uuid(), courier_id, 'cash', 'cash_deposited', -amount, NULL, NULL, id, credited_at FROM cash_deposits
      WHERE status = 'credited' AND recorded_by_id IS NULL AND payment_id IS NULL`);
  await step('loyalty_entries', `INSERT INTO loyalty_entries (id, user_id, points, reason, course_id, created_at)
    SELECT gen_random_uuid(), c.client_id, 10, 'course_delivered', c.id, c.delivery_time FROM courses c WHERE ${FILLED} AND c.status = 'delivered'`);
  // A free delivery every 10 courses delivered; the older ones used or expired. 64 bits of md5 per code: with 40, two
  // of the year's 180 000 codes were the same about once in 70 fills (it happened).
  await step('promo_codes', `INSERT INTO promo_codes (id, code, type, value, owner_id, reason, expires_at, used_at, created_at)
    SELECT gen_random_uuid(), 'GRATUIT-' || upper(left(md5(x.client_id::text || k), 16)), 'percentage', 100, x.client_id, 'free_delivery_milestone',
      t + interval '60 days', CASE WHEN random() < 0.6 AND t < ${T0} - interval '7 days' THEN t + interval '5 days' END, t
    FROM (SELECT client_id, count(*) AS delivered, min(delivery_time) AS first, max(delivery_time) AS last FROM courses c
          WHERE ${FILLED} AND c.status = 'delivered' GROUP BY client_id) x,
      generate_series(1, (x.delivered / 10)::int) k, LATERAL (SELECT x.first + (x.last - x.first) * k * 10 / x.delivered AS t) at`);
  await step('user_totals', `UPDATE users u SET total_courses = t.courses, loyalty_points = t.points, rating = t.rating, rating_count = t.ratings
    FROM (SELECT u2.id, coalesce(d.courses, 0) AS courses, coalesce(d.points, 0) AS points, r.rating, coalesce(r.ratings, 0) AS ratings
          FROM users u2
          LEFT JOIN (SELECT client_id AS id, count(*) AS courses, 10 * count(*) AS points FROM courses WHERE status = 'delivered' GROUP BY client_id
                     UNION ALL
                     SELECT courier_id, count(*), 0 FROM courses WHERE status = 'delivered' AND courier_id IS NOT NULL GROUP BY courier_id) d ON d.id = u2.id
          LEFT JOIN (SELECT courier_id AS id, avg(rating) AS rating, count(*) AS ratings FROM ratings GROUP BY courier_id) r ON r.id = u2.id) t
    WHERE u.id = t.id AND (t.courses > 0 OR t.ratings > 0)`);
}

/**
 * What the app writes beside the courses as they move: disputes, support requests, early payment requests, the
 * idempotency records of every order and courier step, and the audit lines of every step.
 */
async function history(step) {
  await step('disputes', `INSERT INTO disputes (id, course_id, client_id, type, reason, status, handled_by_id, resolved_at, created_at, updated_at)
    SELECT gen_random_uuid(), c.id, c.client_id, (ARRAY['delivery_issue', 'payment_issue', 'damage', 'other'])[1 + floor(random() * 4)::int]::"DisputeType",
      'Colis abîmé à la livraison', (CASE WHEN c.delivery_time > ${T0} - interval '3 days' THEN 'open' ELSE 'resolved' END)::"CaseStatus",
      NULL, CASE WHEN c.delivery_time <= ${T0} - interval '3 days' THEN c.delivery_time + interval '2 days' END, c.delivery_time + interval '2 hours', c.delivery_time + interval '2 days'
    FROM courses c WHERE ${FILLED} AND c.status = 'delivered' AND random() < 0.003`);
  await step('support_requests', `INSERT INTO support_requests (id, course_id, requester_id, issue, status, resolved_at, created_at, updated_at)
    SELECT gen_random_uuid(), c.id, c.courier_id, 'Client injoignable au point de retrait',
      (CASE WHEN c.status_at > ${T0} - interval '1 day' THEN 'open' ELSE 'resolved' END)::"CaseStatus",
      CASE WHEN c.status_at <= ${T0} - interval '1 day' THEN c.status_at + interval '1 hour' END, c.assigned_at + interval '5 minutes', c.status_at
    FROM courses c WHERE ${FILLED} AND c.courier_id IS NOT NULL AND random() < 0.005`);
  await step('payout_requests', `INSERT INTO payout_requests (id, courier_id, amount, reason, status, handled_at, created_at)
    SELECT gen_random_uuid(), k.id, 50000 + 5000 * floor(random() * 20)::int, 'Avance pour réparation de la moto',
      (CASE WHEN g = 1 AND random() < 0.2 THEN 'pending' WHEN random() < 0.8 THEN 'approved' ELSE 'rejected' END)::"PayoutRequestStatus",
      ${T0} - interval '1 day' * (g * 60) + interval '1 day', ${T0} - interval '1 day' * (g * 60)
    FROM soak_fill_couriers k, generate_series(1, 3) g`);
  // The web app sends an Idempotency-Key with every order and every courier step (its offline outbox).
  await step('idempotency_records', `INSERT INTO idempotency_records (user_id, key, route, request_hash, status_code, response_body, created_at)
    SELECT c.client_id, 'COURSE_' || (extract(epoch FROM c.created_at) * 1000)::bigint || '_' || c.number, 'POST /api/courses', md5('req' || c.id), 201,
      jsonb_build_object('id', c.id, 'status', 'pending', 'client_id', c.client_id, 'estimated_price', c.estimated_price, 'distance_km', c.distance_km,
        'pickup_location', jsonb_build_object('address', c.pickup_address, 'latitude', c.pickup_latitude, 'longitude', c.pickup_longitude),
        'delivery_location', jsonb_build_object('address', c.delivery_address, 'latitude', c.delivery_latitude, 'longitude', c.delivery_longitude),
        'recipient_phone', c.recipient_phone, 'payment_method', c.payment_method, 'created_at', c.created_at), c.created_at
    FROM courses c WHERE ${FILLED}
    UNION ALL
    SELECT c.courier_id, 'offline-' || c.number || '-' || s.step, s.route, md5(s.step || c.id), 200, s.body, s.at
    FROM courses c, LATERAL (VALUES
      ('en_route_pickup', 'POST /api/delivery/course/:id/update-status', '{"message":"Statut mis à jour.","status":"en_route_pickup","status_label":"En route (retrait)"}'::jsonb, c.assigned_at + interval '1 minute'),
      ('collected', 'POST /api/delivery/course/:id/update-status', '{"message":"Statut mis à jour.","status":"collected","status_label":"Colis récupéré"}'::jsonb, c.pickup_time),
      ('en_route_delivery', 'POST /api/delivery/course/:id/update-status', '{"message":"Statut mis à jour.","status":"en_route_delivery","status_label":"En route (livraison)"}'::jsonb, c.pickup_time + interval '1 minute'),
      ('otp', 'POST /api/delivery/course/:id/verify-otp', '{"message":"🎉 Livraison validée avec succès !"}'::jsonb, c.delivery_time)
    ) s(step, route, body, at) WHERE ${FILLED} AND c.status = 'delivered'`);
  // Audit lines of every step (who, when, from which status), logins (about one per four orders, and a courier's each
  // working day) and ratings.
  const ip = `'41.223.' || (c.number % 251) || '.' || (c.number % 241)`;
  await step('audit_logs', `INSERT INTO audit_logs (id, at, actor_id, actor_role, action, resource_type, resource_id, success, ip, details)
    SELECT gen_random_uuid(), e.at, e.actor, e.role, e.action, e.resource_type, e.resource_id, true, ${ip}, e.details
    FROM courses c LEFT JOIN soak_fill_couriers k ON k.id = c.courier_id,
    LATERAL (VALUES
      (c.created_at, c.client_id, 'client', 'course_created', 'course', c.id::text, NULL::jsonb),
      (CASE WHEN c.number % 4 = 0 THEN c.created_at - interval '2 minutes' END, c.client_id, 'client', 'login', 'user', c.client_id::text, NULL),
      (c.assigned_at, c.courier_id, k.role::text, 'course_accepted', 'course', c.id::text, '{"from":"pending","status":"assigned"}'::jsonb),
      (CASE WHEN c.pickup_time IS NOT NULL OR c.status = 'en_route_pickup' THEN c.assigned_at + interval '1 minute' END, c.courier_id, k.role::text,
        'course_status_changed', 'course', c.id::text, '{"from":"assigned","status":"en_route_pickup"}'),
      (c.pickup_time, c.courier_id, k.role::text, 'course_status_changed', 'course', c.id::text, '{"from":"en_route_pickup","status":"collected"}'),
      (CASE WHEN c.delivery_time IS NOT NULL OR c.status = 'en_route_delivery' THEN c.pickup_time + interval '1 minute' END, c.courier_id, k.role::text,
        'course_status_changed', 'course', c.id::text, '{"from":"collected","status":"en_route_delivery"}'),
      (c.delivery_time, c.courier_id, k.role::text, 'course_delivered', 'course', c.id::text, '{"from":"en_route_delivery","status":"delivered"}'),
      (c.cancelled_at, c.client_id, 'client', 'course_cancelled', 'course', c.id::text,
        jsonb_build_object('from', CASE WHEN c.assigned_at IS NULL THEN 'pending' ELSE 'assigned' END, 'status', 'cancelled', 'reason', c.cancel_reason))
    ) e(at, actor, role, action, resource_type, resource_id, details)
    WHERE ${FILLED} AND e.at IS NOT NULL
    UNION ALL
    SELECT gen_random_uuid(), r.created_at, r.client_id, 'client', 'course_rated', 'course', r.course_id::text, true, NULL, jsonb_build_object('rating', r.rating)
    FROM ratings r`);
}

/** Sessions, activation tokens and password reset codes: what the accounts leave behind. */
async function sessions(step, db) {
  // Sessions: a rotated refresh token per two client orders and eight per courier working day; most expired long ago.
  await step('sessions', `INSERT INTO sessions (id, user_id, family_id, token_hash, expires_at, rotated_at, revoked_at, ip, user_agent, created_at)
    SELECT gen_random_uuid(), who, md5(who::text || day)::uuid, md5(random()::text || who || at), at + interval '30 days', at + interval '15 minutes',
      NULL, '41.223.' || floor(random() * 255) || '.' || floor(random() * 255), 'Mozilla/5.0 (Linux; Android 13) Coursa', at
    FROM (SELECT c.client_id AS who, c.created_at AS at, c.created_at::date AS day FROM courses c WHERE ${FILLED} AND c.number % 2 = 0
          UNION ALL
          SELECT k.id, d + interval '8 hours' + interval '80 minutes' * h, d::date FROM soak_fill_couriers k,
            generate_series(date_trunc('day', ${T0} - interval '365 days'), ${T0} - interval '1 day', interval '1 day') d, generate_series(0, 7) h
          WHERE random() < 0.85) s`, [], db);
  await step('activation_tokens', `INSERT INTO activation_tokens (id, user_id, token_hash, expires_at, used_at, created_at)
    SELECT gen_random_uuid(), id, md5('act' || id), created_at + interval '24 hours', created_at + interval '10 minutes', created_at
    FROM users WHERE role = 'client' AND phone LIKE '+22461%'`, [], db);
  await step('password_reset_codes', `INSERT INTO password_reset_codes (id, user_id, channel, code_hash, expires_at, used_at, created_at)
    SELECT gen_random_uuid(), id, 'sms', md5('reset' || id), t + interval '15 minutes', t + interval '3 minutes', t
    FROM users, LATERAL (SELECT ${T0} - interval '365 days' * random() AS t) at WHERE random() < 0.05`, [], db);
}

/** The outbox events of every step, all published long ago. */
async function outbox(step, db) {
  // The outbox: the order's two text messages (wiped once relayed), course.created, each step's course.status, course.delivered.
  const status = (value) => `jsonb_build_object('courseId', c.id, 'clientId', c.client_id, 'courierId', c.courier_id, 'status', ${value})`;
  await step('outbox_events', `INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, created_at, published_at)
    SELECT e.type, 'course', c.id::text, e.payload, e.at, e.at + interval '300 milliseconds'
    FROM courses c, LATERAL (VALUES
      ('sms', c.created_at, '{}'::jsonb),
      ('sms', c.created_at, '{}'),
      ('course.created', c.created_at, jsonb_build_object('courseId', c.id, 'clientId', c.client_id, 'estimatedPrice', c.estimated_price,
        'pickupAddress', c.pickup_address, 'deliveryAddress', c.delivery_address, 'createdAt', c.created_at)),
      ('course.status', c.assigned_at, ${status("'assigned'")}),
      ('course.status', CASE WHEN c.pickup_time IS NOT NULL OR c.status = 'en_route_pickup' THEN c.assigned_at + interval '1 minute' END, ${status("'en_route_pickup'")}),
      ('course.status', c.pickup_time, ${status("'collected'")}),
      ('course.status', CASE WHEN c.delivery_time IS NOT NULL OR c.status = 'en_route_delivery' THEN c.pickup_time + interval '1 minute' END, ${status("'en_route_delivery'")}),
      ('course.status', coalesce(c.delivery_time, c.cancelled_at), ${status('c.status')}),
      ('course.delivered', c.delivery_time, jsonb_build_object('courseId', c.id, 'clientId', c.client_id, 'courierId', c.courier_id))
    ) e(type, at, payload)
    WHERE ${FILLED} AND e.at IS NOT NULL`, [], db);
}

/**
 * The couriers' trail over the last `trailDays` days: a position every `trailStepSeconds` from the moment a courier
 * accepted a course to its delivery, riding from near the pickup to it, then to the delivery point, with GPS noise.
 * When the table is partitioned by day (issue 25), the days' partitions are made first.
 */
async function positions(step, db, { trailDays, trailStepSeconds, partitioned }) {
  if (partitioned) {
    await step('trail_partitions', `SELECT courier_positions_ensure_partitions((${T0} - $1::int * interval '1 day')::date - 1, ${T0}::date + 7)`, [trailDays], db);
  }
  await step('courier_positions', `INSERT INTO courier_positions (courier_id, course_id, latitude, longitude, heading, speed, accuracy, recorded_at)
    SELECT c.courier_id, c.id,
      CASE WHEN t < c.pickup_time THEN c.pickup_latitude - 0.01 * (1 - f1) ELSE c.pickup_latitude + (c.delivery_latitude - c.pickup_latitude) * f2 END + (random() - 0.5) * 0.0003,
      CASE WHEN t < c.pickup_time THEN c.pickup_longitude - 0.01 * (1 - f1) ELSE c.pickup_longitude + (c.delivery_longitude - c.pickup_longitude) * f2 END + (random() - 0.5) * 0.0003,
      floor(random() * 360), 12 + floor(random() * 30), 5 + floor(random() * 25), t
    FROM courses c
    CROSS JOIN LATERAL generate_series(c.assigned_at, c.delivery_time, $2::int * interval '1 second') t
    CROSS JOIN LATERAL (SELECT extract(epoch FROM t - c.assigned_at) / greatest(1, extract(epoch FROM c.pickup_time - c.assigned_at)) AS f1,
      extract(epoch FROM t - c.pickup_time) / greatest(1, extract(epoch FROM c.delivery_time - c.pickup_time)) AS f2) f
    WHERE ${FILLED} AND c.status = 'delivered' AND c.delivery_time >= ${T0} - $1::int * interval '1 day'
    ORDER BY c.number`, [trailDays, trailStepSeconds], db);
}
