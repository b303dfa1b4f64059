import type { AdminCourseDto, CourierPosition } from '@coursa/contracts';
import { arrivalEstimate, etaMinutes, shortId, stalePositionLabel } from '@coursa/domain';
import type { OpsCourier } from '@/components/map/OpsMap';

/**
 * The live map's couriers, from their latest positions: a courier carrying a course (from the list of courses under
 * way) is named and gets that course's ETA, recomputed with each of their positions; a position older than a minute at
 * `nowMs` says its age (issue 37).
 */
export function liveCouriers(positions: Record<string, CourierPosition>, carrying: ReadonlyMap<string, AdminCourseDto>, nowMs: number): OpsCourier[] {
  return Object.values(positions).map((position) => {
    const course = carrying.get(position.courier_id);
    const eta =
      course &&
      etaMinutes({
        status: course.status,
        courier: { latitude: position.lat, longitude: position.lng },
        pickup: course.pickup_location,
        delivery: course.delivery_location,
        observedSpeedKmh: position.observed_speed_kmh,
      });
    return {
      id: position.courier_id,
      lat: position.lat,
      lng: position.lng,
      label: course?.delivery_person_name ?? `#${shortId(position.courier_id)}`,
      inTransit: Boolean(course),
      eta: course && eta != null ? arrivalEstimate(course.status, eta) : null,
      stale: stalePositionLabel(position.at, nowMs),
    };
  });
}
