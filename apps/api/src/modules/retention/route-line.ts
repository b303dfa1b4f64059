import { simplify } from '@turf/simplify';

/** How far a simplified route may stray from the positions it stands for. */
export const ROUTE_TOLERANCE_M = 10;
/** Metres in a degree of latitude (the same flat approximation as pricing's `flatKm`). */
const METRES_PER_DEGREE = 111_000;

/** A route: [latitude, longitude] points, in order. */
export type RoutePoint = [number, number];

/**
 * A trail simplified into a route (issue 25): Douglas–Peucker to about ROUTE_TOLERANCE_M, by Turf's simplify. A
 * course's thousands of positions become the few dozen points its receipt and its back-office view draw, once the raw
 * positions are dropped. Points repeated in a row (a courier standing still) are kept once.
 */
export function simplifiedRoute(trail: readonly RoutePoint[]): RoutePoint[] {
  const points = trail.filter((point, index) => index === 0 || point[0] !== trail[index - 1]![0] || point[1] !== trail[index - 1]![1]);
  if (points.length < 3) return points.map(([lat, lng]) => [lat, lng]);
  // GeoJSON says [longitude, latitude].
  const line = simplify({ type: 'LineString' as const, coordinates: points.map(([lat, lng]) => [lng, lat]) }, { tolerance: ROUTE_TOLERANCE_M / METRES_PER_DEGREE, mutate: true });
  return line.coordinates.map(([lng, lat]) => [lat!, lng!]);
}
