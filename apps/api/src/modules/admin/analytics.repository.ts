import { Injectable } from '@nestjs/common';
import { COURIER_ROLES, TOP_LIST_SIZE, type CourseStatus } from '@coursa/domain';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/** GROUPING() of the order figures' rows: by hour of the day (zone left out), by zone (hour left out), all. */
const ORDERS_BY_HOUR = 1;
const ORDERS_BY_ZONE = 2;
const ALL_ORDERS = 3;

/** The moments an analytics answer is computed from; every range includes its start and excludes its end. */
export interface AnalyticsWindow {
  start: Date;
  end: Date;
  /** Start of the period of the same length just before. */
  previousStart: Date;
  /** Midnight today in Conakry (UTC all year). */
  todayStart: Date;
  /** Midnight of the first day the weekly trends need (the day before the first one shown). */
  trendStart: Date;
}

/** Courses ordered in the period: in all, by hour of the day (0–23), and the zones with the most. */
export interface OrderFigures {
  total_courses: number;
  successful_deliveries: number;
  cancelled_courses: number;
  byHour: number[];
  topZones: { name: string; orders: number }[];
}

export interface CourseFigures {
  previous_courses: number;
  total_revenue: number;
  previous_revenue: number;
  /** Courses delivered in the period (revenue counts these, whenever they were ordered). */
  deliveries: number;
  average_delivery_minutes: number | null;
  timed_deliveries: number;
  on_time_deliveries: number;
  delivered_today: number;
}

export interface PeopleFigures {
  active_deliverers: number;
  online_deliverers: number;
  new_clients: number;
  average_rating: number | null;
  total_ratings: number;
  total_commissions: number;
  ordering_clients: number;
  repeat_clients: number;
}

export interface DayFigures {
  date: string;
  revenue: number;
  orders: number;
}

export interface CourierFigures {
  name: string;
  deliveries: number;
  revenue: number;
}

/**
 * The analytics screen's and the dashboard's figures, read on the replica when there is one (PrismaService.figures:
 * seconds of lag are fine for figures; issue 41), each from one aggregate query over the rollups the triggers keep (issue 25).
 * Timestamps are stored in UTC, which is also Conakry's time all year, so stored hours and dates are local ones.
 * Sums of GNF are read as float8: exact far beyond any revenue, and never a BigInt. Periods end now: no course,
 * rating or commission is ever recorded in the future.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** How many courses are in each status: the rollup the triggers on `courses` keep (issue 25), 7 rows. */
  async courseCountsByStatus(): Promise<Partial<Record<CourseStatus, number>>> {
    const rows = await this.prisma.figures((db) => db.courseStatusCount.findMany());
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  }

  /** Accounts that still exist (the anonymised ones were deleted by staff): the per-role counts kept by triggers. */
  async countUsers(): Promise<number> {
    return (await this.prisma.figures((db) => db.userRoleCount.aggregate({ _sum: { count: true } })))._sum.count ?? 0;
  }

  /** Accounts switched on and not deleted with a session started (sign-in or refresh) since `since`. */
  async countActiveUsers(since: Date): Promise<number> {
    const [row] = await this.prisma.figures((db) => db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM users u
      WHERE u.is_active AND u.anonymized_at IS NULL
        AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.created_at >= ${since})`);
    return row?.count ?? 0;
  }

  /**
   * Courses ordered in the period, in all, by hour of the day and by zone (SQL course_zone(): the commune nearest to the
   * pickup point), from one read of the hourly rollup (`course_hours_in`: exact over any range, see migration
   * 20261125224352_analytics_rollups), grouped three ways at once.
   */
  async orderFigures({ start, end }: AnalyticsWindow): Promise<OrderFigures> {
    const rows = await this.prisma.figures((db) => db.$queryRaw<{ level: number; hour: number | null; zone: string | null; orders: number; delivered: number; cancelled: number }[]>`
      SELECT grouping(extract(hour FROM hour), zone)::int AS level, extract(hour FROM hour)::int AS hour, zone,
        coalesce(sum(orders), 0)::int AS orders, coalesce(sum(delivered), 0)::int AS delivered, coalesce(sum(cancelled), 0)::int AS cancelled
      FROM course_hours_in(${start}, ${end})
      GROUP BY GROUPING SETS ((extract(hour FROM hour)), (zone), ())
      ORDER BY level, orders DESC, zone`);
    const byHour = new Array<number>(24).fill(0);
    for (const row of rows) if (row.level === ORDERS_BY_HOUR) byHour[row.hour!] = row.orders;
    const all = rows.find((row) => row.level === ALL_ORDERS);
    return {
      total_courses: all?.orders ?? 0,
      successful_deliveries: all?.delivered ?? 0,
      cancelled_courses: all?.cancelled ?? 0,
      byHour,
      topZones: rows
        .filter((row) => row.level === ORDERS_BY_ZONE && row.orders > 0)
        .slice(0, TOP_LIST_SIZE)
        .map((row) => ({ name: row.zone!, orders: row.orders })),
    };
  }

  /**
   * Courses ordered in the period before, deliveries of the period and the one before, and of today: from the hourly
   * rollups (`course_orders_in`, which counts the partial hours' courses without placing them in zones;
   * `delivery_hours_in`), a few thousand rows whatever the number of courses.
   */
  async courseFigures(window: AnalyticsWindow): Promise<CourseFigures> {
    const { start, end, previousStart, todayStart } = window;
    const [figures] = await this.prisma.figures((db) => db.$queryRaw<CourseFigures[]>`
      WITH created_before AS (SELECT sum(orders) AS orders FROM course_orders_in(${previousStart}, ${start})),
           delivered AS (
             SELECT sum(deliveries) AS deliveries, sum(revenue) AS revenue, sum(timed) AS timed, sum(timed_seconds) AS seconds, sum(on_time) AS on_time
             FROM delivery_hours_in(${start}, ${end})),
           delivered_before AS (SELECT sum(revenue) AS revenue FROM delivery_hours_in(${previousStart}, ${start})),
           delivered_today AS (SELECT sum(deliveries) AS deliveries FROM delivery_hours_in(${todayStart}, ${end}))
      SELECT
        coalesce(created_before.orders, 0)::int AS previous_courses,
        coalesce(delivered.revenue, 0)::float8 AS total_revenue,
        coalesce(delivered_before.revenue, 0)::float8 AS previous_revenue,
        coalesce(delivered.deliveries, 0)::int AS deliveries,
        (delivered.seconds / nullif(delivered.timed, 0) / 60)::float8 AS average_delivery_minutes,
        coalesce(delivered.timed, 0)::int AS timed_deliveries,
        coalesce(delivered.on_time, 0)::int AS on_time_deliveries,
        coalesce(delivered_today.deliveries, 0)::int AS delivered_today
      FROM created_before, delivered, delivered_before, delivered_today`);
    return figures!;
  }

  /**
   * Couriers, new clients, ratings, commissions and repeat clients of the period: ratings and commissions from their
   * hourly rollups; the clients who ordered in the period (ending now) are those whose latest order is in it, and
   * those who ordered again those whose order before is too (`client_order_marks`, counted by hour in
   * `client_mark_hours`).
   */
  async peopleFigures({ start, end }: AnalyticsWindow): Promise<PeopleFigures> {
    const [figures] = await this.prisma.figures((db) => db.$queryRaw<PeopleFigures[]>`
      WITH rated AS (SELECT sum(stars) AS stars, sum(ratings) AS ratings FROM rating_hours_in(${start}, ${end})),
           marks AS (SELECT sum(ordering) AS ordering, sum(repeating) AS repeating FROM client_mark_hours_in(${start}, ${end}))
      SELECT
        (SELECT count(*) FROM users WHERE role = ANY(${[...COURIER_ROLES]}::"Role"[]) AND is_active)::int AS active_deliverers,
        (SELECT count(*) FROM users WHERE role = ANY(${[...COURIER_ROLES]}::"Role"[]) AND is_active AND is_available)::int AS online_deliverers,
        (SELECT count(*) FROM users WHERE role = 'client' AND created_at >= ${start} AND created_at < ${end})::int AS new_clients,
        (rated.stars::float8 / nullif(rated.ratings, 0))::float8 AS average_rating,
        coalesce(rated.ratings, 0)::int AS total_ratings,
        (SELECT coalesce(sum(amount), 0) FROM commission_hours_in(${start}, ${end}))::float8 AS total_commissions,
        coalesce(marks.ordering, 0)::int AS ordering_clients,
        coalesce(marks.repeating, 0)::int AS repeat_clients
      FROM rated, marks`);
    return figures!;
  }

  /** Per day since `trendStart`: revenue of the courses delivered that day and number of courses created that day. */
  days({ trendStart, end }: AnalyticsWindow): Promise<DayFigures[]> {
    return this.prisma.figures((db) => db.$queryRaw<DayFigures[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(revenue)::float8 AS revenue, sum(orders)::int AS orders
      FROM (
        SELECT date_trunc('day', hour) AS day, revenue, 0 AS orders FROM delivery_hours_in(${trendStart}, ${end})
        UNION ALL
        SELECT date_trunc('day', hour), 0, orders FROM course_hours_in(${trendStart}, ${end})
      ) AS events
      GROUP BY day`);
  }

  /**
   * The `limit` couriers with the most courses delivered in the period (then the most revenue, then by name), with that
   * revenue: each courier's latest totals minus their running total as of the period's first whole hour, read for every
   * courier at once from the index by hour (`courier_deliveries_since`), names read for the leaders only.
   */
  topCouriers({ start }: AnalyticsWindow, limit: number): Promise<CourierFigures[]> {
    return this.prisma.figures((db) => db.$queryRaw<CourierFigures[]>`
      SELECT u.full_name AS name, k.deliveries::int AS deliveries, k.revenue::float8 AS revenue
      FROM (
        SELECT courier_id, sum(deliveries) AS deliveries, sum(revenue) AS revenue
        FROM courier_deliveries_since(${start}) GROUP BY courier_id HAVING sum(deliveries) > 0
        ORDER BY deliveries DESC, revenue DESC FETCH FIRST ${limit} ROWS WITH TIES
      ) AS k
      CROSS JOIN LATERAL (SELECT full_name FROM users WHERE users.id = k.courier_id OFFSET 0) u
      ORDER BY k.deliveries DESC, k.revenue DESC, u.full_name
      LIMIT ${limit}`);
  }
}
