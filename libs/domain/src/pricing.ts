/** Spec §9: the price of a course, in whole GNF. */

export const BASE_PRICE_GNF = 5000;
export const PRICE_PER_KM_GNF = 1000;
/** Kilometres per degree, the spec's flat approximation. */
export const KM_PER_DEGREE = 111;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The straight line between two points in km: 111 × the Euclidean difference of the coordinates. */
export const flatKm = (from: Coordinates, to: Coordinates): number => KM_PER_DEGREE * Math.hypot(to.latitude - from.latitude, to.longitude - from.longitude);

/** The length of a route of [latitude, longitude] points, in km to 0.1 (each leg measured as `flatKm` does). */
export function routeKm(points: readonly (readonly [number, number])[]): number {
  let km = 0;
  for (let index = 1; index < points.length; index++) {
    const [fromLat, fromLng] = points[index - 1]!;
    const [toLat, toLng] = points[index]!;
    km += flatKm({ latitude: fromLat, longitude: fromLng }, { latitude: toLat, longitude: toLng });
  }
  return Math.round(km * 10) / 10;
}

/** A route as stored on a course (a JSON array of [latitude, longitude]), read back with its length; null when none. */
export function readRoute(stored: unknown): { points: [number, number][]; km: number } | null {
  if (!Array.isArray(stored) || !stored.length) return null;
  const points = stored.filter((point): point is [number, number] => Array.isArray(point) && point.length === 2 && point.every(Number.isFinite));
  return { points, km: routeKm(points) };
}

const isSet = (point?: Partial<Coordinates> | null): point is Coordinates =>
  !!point && Number.isFinite(point.latitude) && Number.isFinite(point.longitude) && !!point.latitude && !!point.longitude;

/**
 * Straight-line distance in km: 111 × the Euclidean difference of the coordinates (the spec's flat approximation,
 * within 2 % of the great circle at Conakry's latitude); null when a point is missing.
 */
export function straightLineKm(from?: Partial<Coordinates> | null, to?: Partial<Coordinates> | null): number | null {
  if (!isSet(from) || !isSet(to)) return null;
  return flatKm(from, to);
}

/** Distance in whole km, the straight line rounded; 0 when a point is missing. */
export function distanceKm(pickup?: Partial<Coordinates> | null, delivery?: Partial<Coordinates> | null): number {
  return Math.round(straightLineKm(pickup, delivery) ?? 0);
}

/** 5000 GNF + 1000 GNF per km; 5000 GNF when coordinates are missing or zero. */
export function estimatePrice(pickup?: Partial<Coordinates> | null, delivery?: Partial<Coordinates> | null): number {
  return BASE_PRICE_GNF + PRICE_PER_KM_GNF * distanceKm(pickup, delivery);
}

/** "12 000 GNF": amounts as shown to users (fr-FR grouping, no decimals). */
export function formatGnf(amount: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(amount)} GNF`;
}

/**
 * A courier's commission on a course: the price × the rate of their courier type, in whole GNF rounded down
 * (the platform never pays out a fraction of a franc it did not collect). Rates are fractions, e.g. 0.7.
 */
export function commissionFor(price: number, rate: number): number {
  return Math.floor((price * Math.round(rate * 10_000)) / 10_000);
}

/** What the client pays for a course (issue 34): its price after the promo discount, in whole GNF; the final price once delivered. */
export function priceToPay(course: { estimatedPrice: number; discount: number; finalPrice?: number | null }): number {
  return course.finalPrice ?? Math.max(0, course.estimatedPrice - course.discount);
}

/** The cash handed over at the delivery of a cash-on-delivery course (issue 34): what the client pays; null when paid online. */
export function cashToCollect(course: { paymentMethod: string; estimatedPrice: number; discount: number; finalPrice?: number | null }): number | null {
  return course.paymentMethod === 'cash_on_delivery' ? priceToPay(course) : null;
}

/** What a courier is told to collect on a cash course (issue 34): « Encaisser 26 000 GNF ». */
export function cashToCollectText(amount: number): string {
  return `Encaisser ${formatGnf(amount)}`;
}
