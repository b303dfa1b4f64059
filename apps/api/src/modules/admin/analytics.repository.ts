import { Injectable } from '@nestjs/common';
import { COURIER_ROLES, TOP_LIST_SIZE, type CourseStatus } from '@coursa/domain';
import { PrismaService } from '../../common/prisma/prisma.service.js';

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

export interface CourseFigures {
  total_courses: number;
  previous_courses: number;
  successful_deliveries: number;
  cancelled_courses: number;
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
 * The analytics screen's figures, each from one aggregate query over the rollups the triggers keep (issue 25).
 * Timestamps are stored in UTC, which is also Conakry's time all year, so stored hours and dates are local ones.
 * Sums of GNF are read as float8: exact far beyond any revenue, and never a BigInt. Periods end now: no course,
 * rating or commission is ever recorded in the future.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** How many courses are in each status: the rollup the triggers on `courses` keep (issue 25), 7 rows. */
  async courseCountsByStatus(): Promise<Partial<Record<CourseStatus, number>>> {
    const rows = await this.prisma.client.courseStatusCount.findMany();
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  }

  /** Accounts that still exist (the anonymised ones were deleted by staff): the per-role counts kept by triggers. */
  async countUsers(): Promise<number> {
    return (await this.prisma.client.userRoleCount.aggregate({ _sum: { count: true } }))._sum.count ?? 0;
  }

  /**
   * Courses ordered in the period and the one before, deliveries of the period and the one before, and of today: from
   * the hourly rollups (`course_hours_in`, `delivery_hours_in`: exact over any range, see migration
   * 20261125224352_analytics_rollups), a few thousand rows whatever the number of courses.
   */
  async courseFigures(window: AnalyticsWindow): Promise<CourseFigures> {
    const { start, end, previousStart, todayStart } = window;
    const [figures] = await this.prisma.client.$queryRaw<CourseFigures[]>`
      WITH created AS (SELECT sum(orders) AS orders, sum(delivered) AS delivered, sum(cancelled) AS cancelled FROM course_hours_in(${start}, ${end})),
           created_before AS (SELECT sum(orders) AS orders FROM course_hours_in(${previousStart}, ${start})),
           delivered AS (
             SELECT sum(deliveries) AS deliveries, sum(revenue) AS revenue, sum(timed) AS timed, sum(timed_seconds) AS seconds, sum(on_time) AS on_time
             FROM delivery_hours_in(${start}, ${end})),
           delivered_before AS (SELECT sum(revenue) AS revenue FROM delivery_hours_in(${previousStart}, ${start})),
           delivered_today AS (SELECT sum(deliveries) AS deliveries FROM delivery_hours_in(${todayStart}, ${end}))
      SELECT
        coalesce(created.orders, 0)::int AS total_courses,
        coalesce(created_before.orders, 0)::int AS previous_courses,
        coalesce(created.delivered, 0)::int AS successful_deliveries,
        coalesce(created.cancelled, 0)::int AS cancelled_courses,
        coalesce(delivered.revenue, 0)::float8 AS total_revenue,
        coalesce(delivered_before.revenue, 0)::float8 AS previous_revenue,
        coalesce(delivered.deliveries, 0)::int AS deliveries,
        (delivered.seconds / nullif(delivered.timed, 0) / 60)::float8 AS average_delivery_minutes,
        coalesce(delivered.timed, 0)::int AS timed_deliveries,
        coalesce(delivered.on_time, 0)::int AS on_time_deliveries,
        coalesce(delivered_today.deliveries, 0)::int AS delivered_today
      FROM created, created_before, delivered, delivered_before, delivered_today`;
    return figures!;
  }

  /**
   * Couriers, new clients, ratings, commissions and repeat clients of the period: ratings and commissions from their
   * hourly rollups; the clients who ordered in the period (ending now) are those whose latest order is in it, and
   * those who ordered again those whose order before is too (`client_order_marks`, two indexes).
   */
  async peopleFigures({ start, end }: AnalyticsWindow): Promise<PeopleFigures> {
    const [figures] = await this.prisma.client.$queryRaw<PeopleFigures[]>`
      WITH rated AS (SELECT sum(stars) AS stars, sum(ratings) AS ratings FROM rating_hours_in(${start}, ${end}))
      SELECT
        (SELECT count(*) FROM users WHERE role::text = ANY(${[...COURIER_ROLES]}::text[]) AND is_active)::int AS active_deliverers,
        (SELECT count(*) FROM users WHERE role::text = ANY(${[...COURIER_ROLES]}::text[]) AND is_active AND is_available)::int AS online_deliverers,
        (SELECT count(*) FROM users WHERE role = 'client' AND created_at >= ${start} AND created_at < ${end})::int AS new_clients,
        (rated.stars::float8 / nullif(rated.ratings, 0))::float8 AS average_rating,
        coalesce(rated.ratings, 0)::int AS total_ratings,
        (SELECT coalesce(sum(amount), 0) FROM commission_hours_in(${start}, ${end}))::float8 AS total_commissions,
        (SELECT count(*) FROM client_order_marks WHERE last_order_at >= ${start} AND last_order_at < ${end})::int AS ordering_clients,
        (SELECT count(*) FROM client_order_marks WHERE previous_order_at >= ${start} AND previous_order_at < ${end})::int AS repeat_clients
      FROM rated`;
    return figures!;
  }

  /** Courses created in each hour of the day (0–23) over the period. */
  async coursesByHour({ start, end }: AnalyticsWindow): Promise<number[]> {
    const rows = await this.prisma.client.$queryRaw<{ hour: number; orders: number }[]>`
      SELECT extract(hour FROM hour)::int AS hour, sum(orders)::int AS orders FROM course_hours_in(${start}, ${end}) GROUP BY 1`;
    const byHour = new Array<number>(24).fill(0);
    for (const row of rows) byHour[row.hour] = row.orders;
    return byHour;
  }

  /** Per day since `trendStart`: revenue of the courses delivered that day and number of courses created that day. */
  days({ trendStart, end }: AnalyticsWindow): Promise<DayFigures[]> {
    return this.prisma.client.$queryRaw<DayFigures[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(revenue)::float8 AS revenue, sum(orders)::int AS orders
      FROM (
        SELECT date_trunc('day', hour) AS day, revenue, 0 AS orders FROM delivery_hours_in(${trendStart}, ${end})
        UNION ALL
        SELECT date_trunc('day', hour), 0, orders FROM course_hours_in(${trendStart}, ${end})
      ) AS events
      GROUP BY day`;
  }

  /** The `limit` couriers with the most courses delivered in the period (then the most revenue), with that revenue. */
  topCouriers({ start, end }: AnalyticsWindow, limit: number): Promise<CourierFigures[]> {
    return this.prisma.client.$queryRaw<CourierFigures[]>`
      SELECT u.full_name AS name, k.deliveries::int AS deliveries, k.revenue::float8 AS revenue
      FROM (
        SELECT courier_id, sum(deliveries) AS deliveries, sum(revenue) AS revenue
        FROM courier_deliveries_in(${start}, ${end}) GROUP BY courier_id HAVING sum(deliveries) > 0
      ) AS k JOIN users u ON u.id = k.courier_id
      ORDER BY k.deliveries DESC, k.revenue DESC, u.full_name
      LIMIT ${limit}`;
  }

  /** The zones with the most courses created in the period (SQL course_zone(): the commune nearest to the pickup point). */
  topZones({ start, end }: AnalyticsWindow): Promise<{ name: string; orders: number }[]> {
    return this.prisma.client.$queryRaw<{ name: string; orders: number }[]>`
      SELECT zone AS name, sum(orders)::int AS orders
      FROM course_hours_in(${start}, ${end})
      GROUP BY zone HAVING sum(orders) > 0
      ORDER BY orders DESC, zone
      LIMIT ${TOP_LIST_SIZE}`;
  }
}
