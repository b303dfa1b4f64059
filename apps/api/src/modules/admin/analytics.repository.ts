import { Injectable } from '@nestjs/common';
import {
  CONAKRY_COMMUNES,
  COURIER_ROLES,
  KM_PER_DEGREE,
  OUTSIDE_CONAKRY,
  TARGET_DELIVERY_MINUTES,
  TOP_LIST_SIZE,
  ZONE_RADIUS_KM,
  type CourseStatus,
} from '@coursa/domain';
import { Prisma } from '../../generated/prisma/client.js';
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

/** The nearest commune centre to a course's pickup point, as SQL (the rule is described with CONAKRY_COMMUNES). */
const COMMUNES = Prisma.join(CONAKRY_COMMUNES.map((commune) => Prisma.sql`(${commune.name}::text, ${commune.latitude}::float8, ${commune.longitude}::float8)`));

/**
 * The analytics screen's figures, each from one aggregate query. Timestamps are stored in UTC, which is also
 * Conakry's time all year, so stored hours and dates are local ones. Sums of GNF are read as float8: exact
 * far beyond any revenue, and never a BigInt.
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

  async courseFigures(window: AnalyticsWindow): Promise<CourseFigures> {
    const { start, end, previousStart, todayStart } = window;
    const [figures] = await this.prisma.client.$queryRaw<CourseFigures[]>`
      WITH flagged AS (
        SELECT status, final_price, assigned_at, delivery_time,
               created_at >= ${start} AND created_at < ${end} AS created_now,
               created_at >= ${previousStart} AND created_at < ${start} AS created_before,
               status = 'delivered' AND delivery_time >= ${start} AND delivery_time < ${end} AS delivered_now,
               status = 'delivered' AND delivery_time >= ${previousStart} AND delivery_time < ${start} AS delivered_before
        FROM courses
        -- Two index ranges (created_at, delivery_time), never the whole table (issue 25).
        WHERE created_at >= ${previousStart} OR delivery_time >= ${previousStart}
      )
      SELECT
        count(*) FILTER (WHERE created_now)::int AS total_courses,
        count(*) FILTER (WHERE created_before)::int AS previous_courses,
        count(*) FILTER (WHERE created_now AND status = 'delivered')::int AS successful_deliveries,
        count(*) FILTER (WHERE created_now AND status = 'cancelled')::int AS cancelled_courses,
        coalesce(sum(final_price) FILTER (WHERE delivered_now), 0)::float8 AS total_revenue,
        coalesce(sum(final_price) FILTER (WHERE delivered_before), 0)::float8 AS previous_revenue,
        count(*) FILTER (WHERE delivered_now)::int AS deliveries,
        (avg(extract(epoch FROM delivery_time - assigned_at)) FILTER (WHERE delivered_now) / 60)::float8 AS average_delivery_minutes,
        count(*) FILTER (WHERE delivered_now AND assigned_at IS NOT NULL)::int AS timed_deliveries,
        count(*) FILTER (WHERE delivered_now AND delivery_time - assigned_at <= make_interval(mins => ${TARGET_DELIVERY_MINUTES}::int))::int AS on_time_deliveries,
        count(*) FILTER (WHERE status = 'delivered' AND delivery_time >= ${todayStart})::int AS delivered_today
      FROM flagged`;
    return figures!;
  }

  /** Couriers, new clients, ratings, commissions and repeat clients of the period. */
  async peopleFigures({ start, end }: AnalyticsWindow): Promise<PeopleFigures> {
    const [figures] = await this.prisma.client.$queryRaw<PeopleFigures[]>`
      SELECT
        (SELECT count(*) FROM users WHERE role::text = ANY(${[...COURIER_ROLES]}::text[]) AND is_active)::int AS active_deliverers,
        (SELECT count(*) FROM users WHERE role::text = ANY(${[...COURIER_ROLES]}::text[]) AND is_active AND is_available)::int AS online_deliverers,
        (SELECT count(*) FROM users WHERE role = 'client' AND created_at >= ${start} AND created_at < ${end})::int AS new_clients,
        (SELECT avg(rating) FROM ratings WHERE created_at >= ${start} AND created_at < ${end})::float8 AS average_rating,
        (SELECT count(*) FROM ratings WHERE created_at >= ${start} AND created_at < ${end})::int AS total_ratings,
        (SELECT coalesce(sum(amount), 0) FROM commissions WHERE created_at >= ${start} AND created_at < ${end})::float8 AS total_commissions,
        count(*)::int AS ordering_clients,
        count(*) FILTER (WHERE orders >= 2)::int AS repeat_clients
      FROM (SELECT client_id, count(*) AS orders FROM courses WHERE created_at >= ${start} AND created_at < ${end} GROUP BY client_id) AS ordering`;
    return figures!;
  }

  /** Courses created in each hour of the day (0–23) over the period. */
  async coursesByHour({ start, end }: AnalyticsWindow): Promise<number[]> {
    const rows = await this.prisma.client.$queryRaw<{ hour: number; orders: number }[]>`
      SELECT extract(hour FROM created_at)::int AS hour, count(*)::int AS orders
      FROM courses WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`;
    const byHour = new Array<number>(24).fill(0);
    for (const row of rows) byHour[row.hour] = row.orders;
    return byHour;
  }

  /** Per day since `trendStart`: revenue of the courses delivered that day and number of courses created that day. */
  days({ trendStart, end }: AnalyticsWindow): Promise<DayFigures[]> {
    return this.prisma.client.$queryRaw<DayFigures[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(revenue)::float8 AS revenue, sum(orders)::int AS orders
      FROM (
        SELECT date_trunc('day', delivery_time) AS day, final_price AS revenue, 0 AS orders
        FROM courses WHERE status = 'delivered' AND delivery_time >= ${trendStart} AND delivery_time < ${end}
        UNION ALL
        SELECT date_trunc('day', created_at), 0, 1 FROM courses WHERE created_at >= ${trendStart} AND created_at < ${end}
      ) AS events
      GROUP BY day`;
  }

  /** The `limit` couriers with the most courses delivered in the period (then the most revenue), with that revenue. */
  topCouriers({ start, end }: AnalyticsWindow, limit: number): Promise<CourierFigures[]> {
    return this.prisma.client.$queryRaw<CourierFigures[]>`
      SELECT u.full_name AS name, count(*)::int AS deliveries, coalesce(sum(c.final_price), 0)::float8 AS revenue
      FROM courses c JOIN users u ON u.id = c.courier_id
      WHERE c.status = 'delivered' AND c.delivery_time >= ${start} AND c.delivery_time < ${end}
      GROUP BY u.id, u.full_name
      ORDER BY deliveries DESC, revenue DESC, u.full_name
      LIMIT ${limit}`;
  }

  /** The zones with the most courses created in the period: the commune nearest to the pickup point, if close enough. */
  topZones({ start, end }: AnalyticsWindow): Promise<{ name: string; orders: number }[]> {
    return this.prisma.client.$queryRaw<{ name: string; orders: number }[]>`
      SELECT zone.name, count(*)::int AS orders
      FROM courses c
      CROSS JOIN LATERAL (
        SELECT CASE
                 WHEN ${KM_PER_DEGREE}::float8 * sqrt(power(c.pickup_latitude - commune.latitude, 2) + power(c.pickup_longitude - commune.longitude, 2)) <= ${ZONE_RADIUS_KM}::float8
                 THEN commune.name ELSE ${OUTSIDE_CONAKRY}::text
               END AS name
        FROM (VALUES ${COMMUNES}) AS commune(name, latitude, longitude)
        ORDER BY power(c.pickup_latitude - commune.latitude, 2) + power(c.pickup_longitude - commune.longitude, 2)
        LIMIT 1
      ) AS zone
      WHERE c.created_at >= ${start} AND c.created_at < ${end}
      GROUP BY zone.name
      ORDER BY orders DESC, zone.name
      LIMIT ${TOP_LIST_SIZE}`;
  }
}
