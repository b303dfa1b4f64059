import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACTIVE_STATUSES, CONAKRY_COMMUNES, flatKm, OUTSIDE_CONAKRY, TARGET_DELIVERY_MINUTES, ZONE_RADIUS_KM, type CourseStatus } from '@coursa/domain';
import { createAccount, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 25: the rollups analytics and audit statistics read (migration 20261125224352_analytics_rollups), and each
// user's course counts the lists' totals read (20261125231000_user_course_counts), give exactly what the raw rows give,
// over any range, whatever was inserted, moved, changed or deleted, and in parallel.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A seeded pseudo-random sequence (mulberry32), so that a failure shows again on the next run. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (max: number) => Math.floor(next() * max), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

/** The zone rule as libs/domain describes it: the nearest commune centre, or OUTSIDE_CONAKRY beyond ZONE_RADIUS_KM. */
function zoneOf(point: { latitude: number; longitude: number }) {
  const nearest = [...CONAKRY_COMMUNES].sort((a, b) => flatKm(point, a) - flatKm(point, b))[0]!;
  return flatKm(point, nearest) <= ZONE_RADIUS_KM ? nearest.name : OUTSIDE_CONAKRY;
}

const sql = <T>(query: string, ...values: unknown[]) => app.db.$queryRawUnsafe<T[]>(query, ...values);

/** Each rollup's figures over [a, b): from its `_in` function, and the same computed from the raw rows. */
const FIGURES = {
  courses: {
    rollup: `SELECT zone, sum(orders)::int AS orders, sum(delivered)::int AS delivered, sum(cancelled)::int AS cancelled
             FROM course_hours_in($1, $2) GROUP BY zone HAVING sum(orders) <> 0 OR sum(delivered) <> 0 OR sum(cancelled) <> 0 ORDER BY zone`,
    raw: `SELECT course_zone(pickup_latitude, pickup_longitude) AS zone, count(*)::int AS orders,
                 count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
          FROM courses WHERE created_at >= $1 AND created_at < $2 GROUP BY 1 ORDER BY 1`,
  },
  // The same orders counted without their zones (the previous period's, for the growth).
  orders: {
    rollup: `SELECT coalesce(sum(orders), 0)::int AS orders FROM course_orders_in($1, $2)`,
    raw: `SELECT count(*)::int AS orders FROM courses WHERE created_at >= $1 AND created_at < $2`,
  },
  hoursOfDay: {
    rollup: `SELECT extract(hour FROM hour)::int AS hour, sum(orders)::int AS orders FROM course_hours_in($1, $2) GROUP BY 1 HAVING sum(orders) <> 0 ORDER BY 1`,
    raw: `SELECT extract(hour FROM created_at)::int AS hour, count(*)::int AS orders FROM courses WHERE created_at >= $1 AND created_at < $2 GROUP BY 1 ORDER BY 1`,
  },
  deliveries: {
    rollup: `SELECT coalesce(sum(deliveries), 0)::int AS deliveries, coalesce(sum(revenue), 0)::float8 AS revenue, coalesce(sum(timed), 0)::int AS timed,
                    round(coalesce(sum(timed_seconds), 0)::numeric, 3)::float8 AS seconds, coalesce(sum(on_time), 0)::int AS on_time
             FROM delivery_hours_in($1, $2)`,
    raw: `SELECT count(*)::int AS deliveries, coalesce(sum(final_price), 0)::float8 AS revenue, count(assigned_at)::int AS timed,
                 round(coalesce(sum(extract(epoch FROM delivery_time - assigned_at)), 0)::numeric, 3)::float8 AS seconds,
                 count(*) FILTER (WHERE delivery_time - assigned_at <= make_interval(mins => ${TARGET_DELIVERY_MINUTES}))::int AS on_time
          FROM courses WHERE status = 'delivered' AND delivery_time >= $1 AND delivery_time < $2`,
  },
  // Per courier, from a on (every period shown ends now): the range's end is not a parameter.
  couriers: {
    rollup: `SELECT courier_id::text, sum(deliveries)::int AS deliveries, sum(revenue)::float8 AS revenue
             FROM courier_deliveries_since($1) GROUP BY 1 HAVING sum(deliveries) <> 0 OR sum(revenue) <> 0 ORDER BY 1`,
    raw: `SELECT courier_id::text, count(*)::int AS deliveries, coalesce(sum(final_price), 0)::float8 AS revenue
          FROM courses WHERE status = 'delivered' AND courier_id IS NOT NULL AND delivery_time >= $1 GROUP BY 1 ORDER BY 1`,
    since: true,
  },
  ratings: {
    rollup: `SELECT coalesce(sum(ratings), 0)::int AS ratings, coalesce(sum(stars), 0)::int AS stars FROM rating_hours_in($1, $2)`,
    raw: `SELECT count(*)::int AS ratings, coalesce(sum(rating), 0)::int AS stars FROM ratings WHERE created_at >= $1 AND created_at < $2`,
  },
  commissions: {
    rollup: `SELECT coalesce(sum(amount), 0)::float8 AS amount FROM commission_hours_in($1, $2)`,
    raw: `SELECT coalesce(sum(amount), 0)::float8 AS amount FROM commissions WHERE created_at >= $1 AND created_at < $2`,
  },
  // Clients who ordered (again) in the range: whose latest order (the one before it) is in it; ranges ending now.
  clients: {
    rollup: `SELECT coalesce(sum(ordering), 0)::int AS ordering, coalesce(sum(repeating), 0)::int AS repeating FROM client_mark_hours_in($1, $2)`,
    raw: `SELECT count(*) FILTER (WHERE last_order_at >= $1 AND last_order_at < $2)::int AS ordering,
                 count(*) FILTER (WHERE previous_order_at >= $1 AND previous_order_at < $2)::int AS repeating FROM client_order_marks`,
  },
  actions: {
    rollup: `SELECT action, sum(count)::int AS count FROM audit_hours_in($1, $2) GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 1`,
    raw: `SELECT action, count(*)::int AS count FROM audit_logs WHERE at >= $1 AND at < $2 GROUP BY 1 ORDER BY 1`,
  },
  actors: {
    rollup: `SELECT actor_id::text, sum(count)::int AS count FROM audit_actor_days_in($1, $2) GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 1`,
    raw: `SELECT actor_id::text, count(*)::int AS count FROM audit_logs WHERE actor_id IS NOT NULL AND at >= $1 AND at < $2 GROUP BY 1 ORDER BY 1`,
  },
} as const;

/** Each rollup table against the same rows computed from the raw table (rows summing to nothing left out). */
const TABLES = {
  course_hours: ['hour, zone, orders, delivered, cancelled', 'orders <> 0 OR delivered <> 0 OR cancelled <> 0'],
  delivery_hours: ['hour, deliveries, revenue, timed, round(timed_seconds::numeric, 3), on_time', 'deliveries <> 0'],
  rating_hours: ['hour, ratings, stars', 'ratings <> 0'],
  commission_hours: ['hour, amount', 'amount <> 0'],
  audit_hours: ['hour, action, count', 'count <> 0'],
  audit_actor_days: ['day, actor_id, count', 'count <> 0'],
  client_mark_hours: ['hour, ordering, repeating', 'ordering <> 0 OR repeating <> 0'],
} as const;

async function expectTablesKept() {
  for (const [table, [columns, kept]] of Object.entries(TABLES)) {
    const stored = await sql<Record<string, unknown>>(`SELECT ${columns} FROM ${table} WHERE ${kept} ORDER BY 1, 2`);
    const recomputed = await sql<Record<string, unknown>>(`SELECT ${columns} FROM ${table}_between('-infinity', 'infinity') ORDER BY 1, 2`);
    expect([table, stored]).toEqual([table, recomputed]);
  }
  // Each courier's running totals: each row holds everything they delivered up to its hour's end, and each hour they
  // delivered in has its row (an hour whose deliveries were corrected away keeps one, carrying the same totals).
  expect(
    await sql(`SELECT t.courier_id::text, t.hour, t.deliveries, t.revenue::float8, raw.deliveries AS raw_deliveries, raw.revenue::float8 AS raw_revenue
      FROM courier_delivery_totals t
      CROSS JOIN LATERAL (SELECT count(*)::int AS deliveries, coalesce(sum(c.final_price), 0)::bigint AS revenue FROM courses c
        WHERE c.status = 'delivered' AND c.courier_id = t.courier_id AND c.delivery_time < t.hour + interval '1 hour') raw
      WHERE (t.deliveries, t.revenue) IS DISTINCT FROM (raw.deliveries, raw.revenue)`),
  ).toEqual([]);
  expect(
    await sql(`SELECT d.courier_id::text, d.hour FROM courier_delivery_hours_between('-infinity', 'infinity') d
      WHERE NOT EXISTS (SELECT 1 FROM courier_delivery_totals t WHERE t.courier_id = d.courier_id AND t.hour = d.hour)`),
  ).toEqual([]);
  // And each courier's latest totals: everything they delivered (at a known time).
  expect(
    await sql(`SELECT l.courier_id::text, l.deliveries, raw.deliveries AS raw_deliveries FROM courier_delivery_latest l
      CROSS JOIN LATERAL (SELECT count(*)::int AS deliveries, coalesce(sum(c.final_price), 0)::bigint AS revenue FROM courses c
        WHERE c.status = 'delivered' AND c.courier_id = l.courier_id AND c.delivery_time IS NOT NULL) raw
      WHERE (l.deliveries, l.revenue) IS DISTINCT FROM (raw.deliveries, raw.revenue)`),
  ).toEqual([]);
  expect(
    await sql(`SELECT DISTINCT courier_id::text FROM courses WHERE status = 'delivered' AND courier_id IS NOT NULL AND delivery_time IS NOT NULL
      AND courier_id NOT IN (SELECT courier_id FROM courier_delivery_latest)`),
  ).toEqual([]);
  const marks = await sql(`SELECT client_id::text, last_order_at, previous_order_at FROM client_order_marks ORDER BY 1`);
  const latest = await sql(`
    SELECT client_id::text, (array_agg(created_at ORDER BY created_at DESC))[1] AS last_order_at, (array_agg(created_at ORDER BY created_at DESC))[2] AS previous_order_at
    FROM courses GROUP BY client_id ORDER BY 1`);
  expect(marks).toEqual(latest);
  const counted = await sql(`SELECT user_id::text, status::text, as_client, as_courier, as_both FROM user_course_counts
    WHERE as_client <> 0 OR as_courier <> 0 OR as_both <> 0 ORDER BY 1, 2`);
  const courses = await sql(`
    SELECT user_id::text, status::text, sum(as_client)::int AS as_client, sum(as_courier)::int AS as_courier, sum(as_both)::int AS as_both FROM (
      SELECT client_id AS user_id, status, 1 AS as_client, 0 AS as_courier, 0 AS as_both FROM courses
      UNION ALL SELECT courier_id, status, 0, 1, (courier_id = client_id)::int FROM courses WHERE courier_id IS NOT NULL) AS sides
    GROUP BY 1, 2 ORDER BY 1, 2`);
  expect(counted).toEqual(courses);
}

const random = randomSource(25);
const now = Date.now();
/** A moment in the last 100 days, at any millisecond (so in the middle of an hour). */
const someMoment = () => new Date(now - random.int(100 * DAY_MS));
const PLACES = [...CONAKRY_COMMUNES.map((commune) => ({ latitude: commune.latitude + 0.01, longitude: commune.longitude - 0.01 })), { latitude: 10.05, longitude: -12.86 }];

let couriers: string[];
let clients: string[];

describe('the analytics and audit rollups', () => {
  beforeAll(async () => {
    couriers = await Promise.all(Array.from({ length: 4 }, async () => (await createAccount(app, 'independent_delivery')).user.id));
    clients = await Promise.all(Array.from({ length: 6 }, async () => (await createAccount(app, 'client')).user.id));
    // 80 courses in parallel, in every status, ordered and delivered over 100 days.
    const statuses: CourseStatus[] = ['pending', 'assigned', 'en_route_delivery', 'delivered', 'delivered', 'delivered', 'cancelled'];
    const courses = await Promise.all(
      Array.from({ length: 80 }, () => {
        const createdAt = someMoment();
        const status = random.pick(statuses);
        const place = random.pick(PLACES);
        const assignedAt = status === 'pending' || random.next() < 0.1 ? null : new Date(createdAt.getTime() + random.int(HOUR_MS));
        const delivered = status === 'delivered';
        return insertCourse(app, {
          clientId: random.pick(clients),
          status,
          createdAt,
          pickupLatitude: place.latitude,
          pickupLongitude: place.longitude,
          courierId: status === 'pending' ? null : random.pick(couriers),
          assignedAt,
          deliveryTime: delivered ? new Date(createdAt.getTime() + random.int(3 * HOUR_MS)) : null,
          finalPrice: delivered ? 5_000 + 500 * random.int(50) : null,
        });
      }),
    );
    const delivered = courses.filter((course) => course.status === 'delivered');
    await Promise.all(
      delivered.slice(0, 20).map(async (course, index) => {
        await app.db.rating.create({ data: { courseId: course.id, clientId: course.clientId, courierId: course.courierId!, rating: 1 + (index % 5), createdAt: someMoment() } });
        await app.db.commission.create({
          data: { courseId: course.id, courierId: course.courierId!, courseAmount: course.finalPrice!, rateBps: 7000, amount: Math.floor(course.finalPrice! * 0.7), createdAt: someMoment() },
        });
      }),
    );
    // In parallel: pending courses taken to the end, a delivery moved to another hour and courier, a client's
    // order moved in time, a rating and a commission changed, ended courses without money deleted.
    const pending = courses.filter((course) => course.status === 'pending');
    const cancelled = courses.filter((course) => course.status === 'cancelled');
    await Promise.all([
      ...pending.slice(0, 4).map((course, index) =>
        app.db.course.update({
          where: { id: course.id },
          data: index % 2
            ? { status: 'cancelled', cancelledAt: new Date(course.createdAt.getTime() + 60_000) }
            : { status: 'delivered', courierId: couriers[index % couriers.length], assignedAt: course.createdAt, deliveryTime: new Date(course.createdAt.getTime() + 40 * 60_000), finalPrice: 12_000 },
        }),
      ),
      app.db.course.update({ where: { id: delivered[0]!.id }, data: { finalPrice: 99_000, deliveryTime: someMoment(), courierId: couriers[0] } }),
      app.db.course.update({ where: { id: delivered[1]!.id }, data: { createdAt: someMoment(), pickupLatitude: PLACES[5]!.latitude, pickupLongitude: PLACES[5]!.longitude } }),
      app.db.course.update({ where: { id: courses.find((course) => course.status === 'assigned')!.id }, data: { status: 'en_route_pickup', description: 'no rollup moves' } }),
      app.db.rating.update({ where: { courseId: delivered[2]!.id }, data: { rating: 5, createdAt: someMoment() } }),
      app.db.commission.update({ where: { courseId: delivered[3]!.id }, data: { amount: 1 } }),
      ...delivered.slice(-3).map((course) => app.db.course.delete({ where: { id: course.id } })),
      app.db.course.delete({ where: { id: cancelled[1]!.id } }),
    ]);
    await app.db.rating.delete({ where: { courseId: delivered[4]!.id } });
    // A staff correction, alone: a status never moves back in parallel with others (see course_status_counts).
    await app.db.course.update({ where: { id: cancelled[0]!.id }, data: { status: 'pending' } });
    // Audit lines over 40 days; then one actor is deleted (their lines stay, without actor).
    const leaving = await createAccount(app, 'support');
    await app.db.auditLog.createMany({
      data: Array.from({ length: 120 }, (_, index) => ({
        at: new Date(now - random.int(40 * DAY_MS)),
        actorId: index % 7 === 0 ? null : random.pick([...couriers, ...clients, leaving.user.id]),
        action: random.pick(['login', 'course_created', 'course_delivered', 'user_updated']),
        resourceType: 'course',
        success: true,
      })),
    });
    await app.db.auditLog.updateMany({ where: { actorId: leaving.user.id }, data: { actorId: null } });
  });

  it('hold in every table what the raw rows give, after parallel inserts, moves, changes and deletes', async () => {
    await expectTablesKept();
  });

  it("give the client's list and the courier's history their totals from each user's counts", async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const client = await signedIn(app, 'client');
    const carried = await Promise.all(
      (['assigned', 'collected', 'delivered', 'delivered', 'cancelled'] as const).map((status) => insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status })),
    );
    // The courier's own order, which they carry too: once in their list; and one taken from them.
    await insertCourse(app, { clientId: courier.user.id, courierId: courier.user.id, status: 'en_route_delivery' });
    await app.db.course.update({ where: { id: carried[0]!.id }, data: { courierId: couriers[0], status: 'en_route_pickup' } });
    await insertCourse(app, { clientId: client.user.id });

    const total = async (path: string, token: string) => Number((await app.request('GET', path, undefined, { token })).headers.get('x-total-count'));
    expect(await total('/api/delivery/history', courier.token)).toBe(await app.db.course.count({ where: { courierId: courier.user.id } }));
    expect(await total('/api/delivery/history?status=active', courier.token)).toBe(
      await app.db.course.count({ where: { courierId: courier.user.id, status: { in: [...ACTIVE_STATUSES] } } }),
    );
    expect(await total('/api/courses', courier.token)).toBe(await app.db.course.count({ where: { OR: [{ courierId: courier.user.id }, { clientId: courier.user.id }] } }));
    expect(await total('/api/courses', client.token)).toBe(await app.db.course.count({ where: { clientId: client.user.id } }));
    expect(await total('/api/courses', client.token)).toBe(6);
    await expectTablesKept();
  });

  it('give over any range exactly the figures of the raw rows, whole buckets or not', async () => {
    const [courses, ratings, lines] = await Promise.all([
      app.db.course.findMany({ where: { status: 'delivered' }, take: 6, orderBy: { number: 'asc' } }),
      app.db.rating.findMany({ take: 2 }),
      app.db.auditLog.findMany({ where: { actorId: { not: null } }, take: 3, orderBy: { at: 'asc' } }),
    ]);
    const moments = [...courses.flatMap((course) => [course.createdAt, course.deliveryTime!]), ...ratings.map((rating) => rating.createdAt), ...lines.map((line) => line.at)];
    const ranges = ([
      [new Date(now - 7 * DAY_MS), new Date(now)],
      [new Date(now - 14 * DAY_MS), new Date(now - 7 * DAY_MS)],
      [new Date(now - 90 * DAY_MS), new Date(now)],
      [new Date(Math.floor(now / DAY_MS) * DAY_MS - 30 * DAY_MS), new Date(Math.floor(now / HOUR_MS) * HOUR_MS)],
      [new Date(now - 25 * 60_000), new Date(now - 5 * 60_000)],
      // Ranges starting or ending just before, at or just after a course's order or delivery, a rating or an audit
      // line: the partial buckets at both ends hold rows, counted or not.
      ...moments.flatMap((at, index): [Date, Date][] => [
        [new Date(at.getTime() - 60_000), new Date(now)],
        [new Date(at.getTime() + 1), new Date(now)],
        [at, new Date(moments[(index + 1) % moments.length]!.getTime() + 1)],
        [new Date(at.getTime() - 30 * DAY_MS), at],
        [new Date(at.getTime() - 7 * DAY_MS - 1), new Date(at.getTime() + 1)],
      ]),
      ...Array.from({ length: 12 }, (): [Date, Date] => {
        const [a, b] = [someMoment(), someMoment()].sort((x, y) => x.getTime() - y.getTime());
        return [a!, b!];
      }),
    ] as [Date, Date][]).filter(([a, b]) => a < b);
    for (const [a, b] of ranges) {
      for (const [name, figure] of Object.entries(FIGURES)) {
        const range = 'since' in figure ? [a] : [a, b];
        expect([name, ...range, await sql(figure.rollup, ...range)]).toEqual([name, ...range, await sql(figure.raw, ...range)]);
      }
    }
    // Not a comparison of nothing with nothing.
    const ninetyDays = [new Date(now - 90 * DAY_MS), new Date(now)] as const;
    expect((await sql(FIGURES.courses.raw, ...ninetyDays)).length).toBeGreaterThanOrEqual(4);
    expect((await sql(FIGURES.couriers.raw, ninetyDays[0])).length).toBe(couriers.length);
    expect((await sql<{ deliveries: number }>(FIGURES.deliveries.raw, ...ninetyDays))[0]!.deliveries).toBeGreaterThan(20);
    expect((await sql(FIGURES.actors.raw, ...ninetyDays)).length).toBeGreaterThan(5);
  });

  it('rebuild to the same rows (the soak fill rebuilds them after inserting without triggers)', async () => {
    const before = await Promise.all(Object.keys(TABLES).map((table) => sql(`SELECT * FROM ${table} WHERE ${TABLES[table as keyof typeof TABLES][1]} ORDER BY 1, 2`)));
    await sql('SELECT analytics_rollups_rebuild()::text, user_course_counts_rebuild()::text');
    const after = await Promise.all(Object.keys(TABLES).map((table) => sql(`SELECT * FROM ${table} ORDER BY 1, 2`)));
    expect(after).toEqual(before);
    await expectTablesKept();
  });

  it('place courses in the zones and count on-time deliveries as libs/domain says', async () => {
    const points = [
      ...CONAKRY_COMMUNES.flatMap((commune) => [commune, { latitude: commune.latitude + 0.02, longitude: commune.longitude + 0.005 }]),
      { latitude: (CONAKRY_COMMUNES[1].latitude + CONAKRY_COMMUNES[2].latitude) / 2 + 0.001, longitude: (CONAKRY_COMMUNES[1].longitude + CONAKRY_COMMUNES[2].longitude) / 2 },
      { latitude: CONAKRY_COMMUNES[0].latitude - 0.13, longitude: CONAKRY_COMMUNES[0].longitude },
      { latitude: CONAKRY_COMMUNES[0].latitude - 0.14, longitude: CONAKRY_COMMUNES[0].longitude },
      { latitude: 10.0571, longitude: -12.8658 },
      ...Array.from({ length: 40 }, () => ({ latitude: 9.3 + random.next() * 0.5, longitude: -13.9 + random.next() * 0.5 })),
    ];
    for (const point of points) {
      const [{ zone }] = (await sql<{ zone: string }>('SELECT course_zone($1::float8, $2::float8) AS zone', point.latitude, point.longitude)) as [{ zone: string }];
      expect([point, zone]).toEqual([point, zoneOf(point)]);
    }
    expect(await sql(`SELECT extract(epoch FROM delivery_target())::int AS seconds`)).toEqual([{ seconds: TARGET_DELIVERY_MINUTES * 60 }]);
    // One expression inlined into the query that reads the courses, not a query of its own run once per course.
    const plan = (await sql<{ 'QUERY PLAN': string }>('EXPLAIN (VERBOSE) SELECT course_zone(pickup_latitude, pickup_longitude) FROM courses')).map((line) => line['QUERY PLAN']).join('\n');
    expect(plan).toContain('CASE WHEN');
    expect(plan).not.toContain('course_zone(');
  });

  it('give the super administrator the statistics of the raw audit lines of today and the 29 days before, without deleted actors', async () => {
    const superAdmin = await signedIn(app, 'super_admin');
    const statistics = async () => (await app.request('GET', '/api/super-admin/audit-stats', undefined, { token: superAdmin.token })).body;
    const since = new Date(Math.floor(Date.now() / DAY_MS - 29) * DAY_MS);
    const expectRaw = async (stats: { total_actions: number; actions_by_type: Record<string, number>; most_active_users: { actions: number }[] }) => {
      expect(stats.total_actions).toBe(await app.db.auditLog.count({ where: { at: { gte: since } } }));
      const byAction = await app.db.auditLog.groupBy({ by: ['action'], where: { at: { gte: since } }, _count: { _all: true } });
      expect(stats.actions_by_type).toEqual(Object.fromEntries(byAction.map((group) => [group.action, group._count._all])));
      const byActor = await app.db.auditLog.groupBy({ by: ['actorId'], where: { at: { gte: since }, actorId: { not: null } }, _count: { _all: true } });
      const expected = byActor.map((group) => group._count._all).sort((a, b) => b - a).slice(0, 5);
      expect(stats.most_active_users.map((user) => user.actions)).toEqual(expected);
    };
    // The busiest account acted on the days before today (in the window), another only today.
    const busy = await createAccount(app, 'support');
    const today = await createAccount(app, 'support');
    await app.db.auditLog.createMany({
      data: [
        ...Array.from({ length: 60 }, (_, index) => ({ at: new Date(since.getTime() + (index % 20) * DAY_MS + 3_600_000), actorId: busy.user.id, action: 'login', resourceType: 'user', success: true })),
        ...Array.from({ length: 40 }, () => ({ at: new Date(), actorId: today.user.id, action: 'login', resourceType: 'user', success: true })),
      ],
    });
    const first = await statistics();
    await expectRaw(first);
    expect(first.most_active_users.slice(0, 2).map((user: { actions: number }) => user.actions)).toEqual([60, 40]);
    expect(await sql(`SELECT as_of::text, days FROM audit_actor_window_state`)).toEqual([{ as_of: new Date().toISOString().slice(0, 10), days: 29 }]);

    // Deleted, the busiest account is left out (its lines stay, without their actor), though the window still counts it.
    await app.db.user.delete({ where: { id: busy.user.id } });
    const second = await statistics();
    expect(second.most_active_users[0]).toMatchObject({ actions: 40 });
    await expectRaw(second);

    // A window of another day is counted again on the next read.
    await sql(`UPDATE audit_actor_window_state SET as_of = as_of - 1`);
    await expectRaw(await statistics());
    expect(await sql(`SELECT count(*)::int AS stale FROM audit_actor_window WHERE actor_id = $1::uuid`, busy.user.id)).toEqual([{ stale: 0 }]);

    // The window's top five act today too (the fifth: 41 + 10); of the others, only those whose actions today can make
    // up the difference (51 − 40, the sixth's window count) are looked at: the sixth, 40 + 12, ranks fifth, before the
    // window's fifth; 3 + 25 is looked at and does not rank; 2 + 0 is not looked at. The answer is still the raw one.
    const counts = [[60, 10], [60, 10], [50, 10], [45, 10], [41, 10], [40, 12], [3, 25], [2, 0]] as const;
    const accounts = await Promise.all(counts.map(() => createAccount(app, 'support')));
    const line = (actorId: string, at: Date) => ({ at, actorId, action: 'login' as const, resourceType: 'user', success: true });
    await app.db.auditLog.createMany({
      data: accounts.flatMap((account, index) => [
        ...Array.from({ length: counts[index]![0] }, (_, day) => line(account.user.id, new Date(since.getTime() + (day % 20) * DAY_MS + 3_600_000))),
        ...Array.from({ length: counts[index]![1] }, () => line(account.user.id, new Date())),
      ]),
    });
    await sql(`UPDATE audit_actor_window_state SET as_of = as_of - 1`);
    const third = await statistics();
    await expectRaw(third);
    expect(third.most_active_users.map((user: { actions: number }) => user.actions)).toEqual([70, 70, 60, 55, 52]);
  });
});
