import { Inject, Injectable } from '@nestjs/common';
import type { AnalyticsDto, DailyTrendDto, DashboardStatsDto } from '@coursa/contracts';
import {
  ACTIVE_STATUSES,
  ACTIVE_USER_DAYS,
  ANALYTICS_PERIODS,
  analyticsAlerts,
  CHAMPIONS_COUNT,
  COURSE_STATUSES,
  DAY_MS,
  FALLBACK_SATISFACTION,
  growthPercent,
  peakHours,
  percentOf,
  roundTenth,
  startOfDay,
  TOP_LIST_SIZE,
  TREND_DAYS,
  type AnalyticsPeriod,
  type CourseStatus,
} from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { Clock } from '../../common/security/secrets.js';
import { AnalyticsRepository, type AnalyticsWindow, type DayFigures } from './analytics.repository.js';

@Injectable()
export class AnalyticsService {
  constructor(
    private readonly figures: AnalyticsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async dashboardStats(): Promise<DashboardStatsDto> {
    const activeSince = new Date(this.clock.now().getTime() - ACTIVE_USER_DAYS * DAY_MS);
    const [users, activeUsers, byStatus] = await Promise.all([
      this.figures.countUsers(),
      this.figures.countActiveUsers(activeSince),
      this.figures.courseCountsByStatus(),
    ]);
    return {
      total_users: users,
      active_users: activeUsers,
      total_courses: countOf(byStatus, COURSE_STATUSES),
      active_courses: countOf(byStatus, ACTIVE_STATUSES),
      completed_courses: countOf(byStatus, ['delivered']),
    };
  }

  /** Every figure of the analytics screen for the period ending now, from the database. */
  async analytics(period: AnalyticsPeriod): Promise<AnalyticsDto> {
    const now = this.clock.now();
    const length = ANALYTICS_PERIODS[period] * DAY_MS;
    const todayStart = startOfDay(now);
    const window: AnalyticsWindow = {
      start: new Date(now.getTime() - length),
      end: now,
      previousStart: new Date(now.getTime() - 2 * length),
      todayStart,
      trendStart: new Date(todayStart.getTime() - TREND_DAYS * DAY_MS),
    };
    const [orders, courses, byStatus, people, days, couriers] = await Promise.all([
      this.figures.orderFigures(window),
      this.figures.courseFigures(window),
      this.figures.courseCountsByStatus(),
      this.figures.peopleFigures(window),
      this.figures.days(window),
      this.figures.topCouriers(window, Math.max(TOP_LIST_SIZE, CHAMPIONS_COUNT)),
    ]);
    const averageDeliveryTime = courses.average_delivery_minutes === null ? null : roundTenth(courses.average_delivery_minutes);
    const cancellationRate = percentOf(orders.cancelled_courses, orders.total_courses);
    return {
      total_revenue: courses.total_revenue,
      previous_revenue: courses.previous_revenue,
      total_courses: orders.total_courses,
      previous_courses: courses.previous_courses,
      active_deliverers: people.active_deliverers,
      online_deliverers: people.online_deliverers,
      average_delivery_time: averageDeliveryTime,
      average_order_value: courses.deliveries === 0 ? 0 : Math.round(courses.total_revenue / courses.deliveries),
      total_commissions: people.total_commissions,
      commission_percentage: Math.round(this.config.COMMISSION_RATE_INDEPENDENT * 10_000) / 100,
      customer_satisfaction: people.average_rating === null ? FALLBACK_SATISFACTION : roundTenth(people.average_rating),
      total_ratings: people.total_ratings,
      success_rate: percentOf(orders.successful_deliveries, orders.total_courses),
      successful_deliveries: orders.successful_deliveries,
      cancellation_rate: cancellationRate,
      cancelled_courses: orders.cancelled_courses,
      repeat_customer_rate: percentOf(people.repeat_clients, people.ordering_clients),
      peak_hours: peakHours(orders.byHour),
      delivery_efficiency: percentOf(courses.on_time_deliveries, courses.timed_deliveries),
      new_clients: people.new_clients,
      delivery_metrics: { in_progress: countOf(byStatus, ACTIVE_STATUSES), pending: countOf(byStatus, ['pending']), delivered_today: courses.delivered_today },
      weekly_trends: trends(days, window.trendStart),
      top_deliverers: couriers.slice(0, TOP_LIST_SIZE).map((courier) => ({ name: courier.name, deliveries: courier.deliveries })),
      top_zones: orders.topZones,
      top_delivery_personnel: couriers.slice(0, CHAMPIONS_COUNT).map((courier) => ({ name: courier.name, completed_deliveries: courier.deliveries, total_revenue: courier.revenue })),
      alerts: analyticsAlerts({ cancellationRate, averageDeliveryMinutes: averageDeliveryTime, activeDeliverers: people.active_deliverers }),
    };
  }
}

/** The last TREND_DAYS days, today included, each compared with the day before (hence one more day of figures). */
function trends(days: DayFigures[], trendStart: Date): DailyTrendDto[] {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const series = Array.from({ length: TREND_DAYS + 1 }, (_, index) => {
    const date = new Date(trendStart.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { date, revenue: byDate.get(date)?.revenue ?? 0, orders: byDate.get(date)?.orders ?? 0 };
  });
  return series.slice(1).map((day, index) => ({ ...day, growth: growthPercent(day.revenue, series[index]!.revenue) }));
}

/** How many courses are in these statuses, from the per-status counts. */
function countOf(byStatus: Partial<Record<CourseStatus, number>>, statuses: readonly CourseStatus[]): number {
  return statuses.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
}
