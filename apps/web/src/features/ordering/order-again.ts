import { useEffect, useRef } from 'react';
import type { CourseDto, SavedPlaceDto } from '@coursa/contracts';
import { DEFAULT_PACKAGE_TYPE } from '@coursa/domain';
import { forgetOrderAgain, useOrderAgainCourse } from '@/lib/order-again';
import { emptyCourseForm, type CourseFormValues, type PointFields } from './course-form';

const coordinate = (value: number) => String(value);

/** A saved place chosen for a point: its address, its spot and its instructions; the contact typed stays. */
export function pointFromSavedPlace(current: PointFields, place: Pick<SavedPlaceDto, 'address' | 'latitude' | 'longitude' | 'instructions'>): PointFields {
  return {
    ...current,
    address: place.address,
    latitude: coordinate(place.latitude),
    longitude: coordinate(place.longitude),
    instructions: place.instructions ?? '',
    placeId: null,
  };
}

/**
 * « Commander à nouveau »: the order form refilled from a past course (both points with their instructions and
 * contacts, the recipient, the parcel's type); the description, the photo and the promo code are the new parcel's.
 */
export function courseFormFromCourse(course: CourseDto): CourseFormValues {
  const point = (location: CourseDto['pickup_location'], instructions: string | null, contactPhone: string | null): PointFields => ({
    address: location.address,
    latitude: coordinate(location.latitude),
    longitude: coordinate(location.longitude),
    instructions: location.instructions ?? instructions ?? '',
    contactPhone: contactPhone ?? '',
    placeId: null,
  });
  return {
    ...emptyCourseForm(),
    pickup: point(course.pickup_location, course.pickup_instructions, course.pickup_contact_phone),
    delivery: point(course.delivery_location, course.delivery_instructions, course.delivery_contact_phone),
    recipientPhone: course.recipient_phone,
    packageType: course.package_type || DEFAULT_PACKAGE_TYPE,
  };
}

/** Applies the course « Commander à nouveau » handed over, once: when the form opens with it, or when it comes while open. */
export function useOrderAgainDraft(apply: (draft: CourseFormValues) => void): void {
  const course = useOrderAgainCourse();
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!course) return;
    applyRef.current(courseFormFromCourse(course));
    forgetOrderAgain();
  }, [course]);
}
