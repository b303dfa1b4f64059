import type { CourierPosition } from '@coursa/contracts';
import { etaMinutes, type CourseStatus } from '@coursa/domain';

/** A course's points as the database keeps them. */
export interface CoursePoints {
  status: CourseStatus;
  pickupLatitude: number;
  pickupLongitude: number;
  deliveryLatitude: number;
  deliveryLongitude: number;
}

/** The course's ETA in whole minutes from its courier's latest position (`etaMinutes`), for the tracking answers. */
export function courseEta(course: CoursePoints, position: CourierPosition | null): number | null {
  return etaMinutes({
    status: course.status,
    courier: position && { latitude: position.lat, longitude: position.lng },
    pickup: { latitude: course.pickupLatitude, longitude: course.pickupLongitude },
    delivery: { latitude: course.deliveryLatitude, longitude: course.deliveryLongitude },
    observedSpeedKmh: position?.observed_speed_kmh,
  });
}
