/** Back-office analytics (spec §2 "Advanced analytics", §9): periods, targets, fallbacks, zones and alerts. */

/** The period selector's values and their length in days. */
export const ANALYTICS_PERIODS = { '24h': 1, '7days': 7, '30days': 30, '90days': 90 } as const;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '7days';

/** Also the database's delivery_target(), which the analytics rollups count on-time deliveries with (a test compares them). */
export const TARGET_DELIVERY_MINUTES = 45;
/** Shown when the period has no rating. */
export const FALLBACK_SATISFACTION = 5.0;
export const FALLBACK_PEAK_HOURS = '14:00-16:00';
/** Top deliverers and top zones each show 3 entries (spec §9); the weekly trends 7 days. */
export const TOP_LIST_SIZE = 3;
/** The dashboard's monthly champions (`top_delivery_personnel`): 4 couriers (spec §9 « champions 4 »). */
export const CHAMPIONS_COUNT = 4;
export const TREND_DAYS = 7;
/**
 * « Utilisateurs actifs » on the dashboard (issue 38): accounts not switched off by staff, not deleted, that signed in
 * or refreshed their session (every refresh makes a new session row) within this many days.
 */
export const ACTIVE_USER_DAYS = 30;

/**
 * Zones of Conakry: a course belongs to the commune whose centre is nearest to its pickup point, or to
 * OUTSIDE_CONAKRY when even the nearest centre is farther than ZONE_RADIUS_KM (distances as in pricing:
 * 111 km per degree of Euclidean difference). The database applies it to each course as course_zone() (the analytics
 * rollups group orders by it); a test compares the two, and a change here needs a migration redefining that function.
 */
export const CONAKRY_COMMUNES = [
  { name: 'Kaloum', latitude: 9.5092, longitude: -13.7122 },
  { name: 'Dixinn', latitude: 9.5482, longitude: -13.6792 },
  { name: 'Matam', latitude: 9.5456, longitude: -13.6566 },
  { name: 'Ratoma', latitude: 9.6106, longitude: -13.6236 },
  { name: 'Matoto', latitude: 9.5769, longitude: -13.612 },
] as const;
export const ZONE_RADIUS_KM = 15;
export const OUTSIDE_CONAKRY = 'Hors Conakry';

export const ALERT_THRESHOLDS = { cancellationRatePercent: 10, averageDeliveryMinutes: 60, minActiveDeliverers: 5 } as const;

/** One decimal, as every rate and average of the analytics screen. */
export const roundTenth = (value: number) => Math.round(value * 10) / 10;

/** `part` as a percentage of `whole`, one decimal; 0 when there is nothing to measure. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : roundTenth((part / whole) * 100);
}

/** Day-over-day change in percent, one decimal; 0 when the day before had nothing. */
export function growthPercent(current: number, previous: number): number {
  return previous === 0 ? 0 : roundTenth(((current - previous) / previous) * 100);
}

const hourLabel = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;

/**
 * The busiest 2-hour window, e.g. "14:00-16:00", from the number of courses created in each hour of the day
 * (index 0–23, Conakry time); windows may span midnight, ties go to the earliest, no course gives the fallback.
 */
export function peakHours(coursesByHour: readonly number[]): string {
  let best = -1;
  let bestCount = 0;
  for (let hour = 0; hour < 24; hour++) {
    const count = (coursesByHour[hour] ?? 0) + (coursesByHour[(hour + 1) % 24] ?? 0);
    if (count > bestCount) [best, bestCount] = [hour, count];
  }
  return best < 0 ? FALLBACK_PEAK_HOURS : `${hourLabel(best)}-${hourLabel(best + 2)}`;
}

export type AnalyticsAlertType = 'high_cancellation_rate' | 'slow_deliveries' | 'few_active_deliverers';

export interface AnalyticsAlert {
  type: AnalyticsAlertType;
  message: string;
  value: number;
}

const frenchNumber = (value: number) => value.toLocaleString('fr-FR');

/** The spec's three alerts (§9), those whose threshold is crossed. */
export function analyticsAlerts(figures: { cancellationRate: number; averageDeliveryMinutes: number | null; activeDeliverers: number }): AnalyticsAlert[] {
  const { cancellationRatePercent, averageDeliveryMinutes, minActiveDeliverers } = ALERT_THRESHOLDS;
  const alerts: AnalyticsAlert[] = [];
  if (figures.cancellationRate > cancellationRatePercent) {
    alerts.push({
      type: 'high_cancellation_rate',
      message: `Taux d'annulation élevé : ${frenchNumber(figures.cancellationRate)} % (seuil : ${cancellationRatePercent} %).`,
      value: figures.cancellationRate,
    });
  }
  if (figures.averageDeliveryMinutes !== null && figures.averageDeliveryMinutes > averageDeliveryMinutes) {
    alerts.push({
      type: 'slow_deliveries',
      message: `Temps de livraison moyen élevé : ${frenchNumber(figures.averageDeliveryMinutes)} min (seuil : ${averageDeliveryMinutes} min).`,
      value: figures.averageDeliveryMinutes,
    });
  }
  if (figures.activeDeliverers < minActiveDeliverers) {
    alerts.push({
      type: 'few_active_deliverers',
      message: `Peu de livreurs actifs : ${figures.activeDeliverers} (minimum : ${minActiveDeliverers}).`,
      value: figures.activeDeliverers,
    });
  }
  return alerts;
}
