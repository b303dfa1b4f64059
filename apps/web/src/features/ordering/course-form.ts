import type { CreateCourseRequest } from '@coursa/contracts';
import { DEFAULT_PACKAGE_TYPE, estimatePrice, toGuineanMobile } from '@coursa/domain';

/** One end of a course as typed: coordinates stay text until the form is sent. */
export interface PointFields {
  address: string;
  latitude: string;
  longitude: string;
  instructions: string;
  contactPhone: string;
  /** The place book's place chosen from the suggestions (issue 39), while its text and point are the ones it gave. */
  placeId: string | null;
}

export interface CourseFormValues {
  pickup: PointFields;
  delivery: PointFields;
  recipientPhone: string;
  description: string;
  packageType: string;
  /** The parcel photo once uploaded (its URL on the API), or null. */
  photoUrl: string | null;
  promoCode: string;
}

export type PointKind = 'pickup' | 'delivery';

const emptyPoint = (): PointFields => ({ address: '', latitude: '', longitude: '', instructions: '', contactPhone: '', placeId: null });

export const emptyCourseForm = (): CourseFormValues => ({
  pickup: emptyPoint(),
  delivery: emptyPoint(),
  recipientPhone: '',
  description: '',
  packageType: DEFAULT_PACKAGE_TYPE,
  photoUrl: null,
  promoCode: '',
});

export const COURSE_FORM_MESSAGES = {
  pickupAddressRequired: "L'adresse de retrait est obligatoire",
  deliveryAddressRequired: "L'adresse de livraison est obligatoire",
  pickupCoordinatesRequired: 'La latitude et la longitude du point de retrait sont obligatoires',
  deliveryCoordinatesRequired: 'La latitude et la longitude du point de livraison sont obligatoires',
  /** Issue 39: neither coordinate typed nor tapped, the point is not placed at all. */
  pointNotPlaced: 'Touchez la carte ou choisissez une adresse',
  pickupCoordinatesNotNumeric: 'Les coordonnées du point de retrait doivent être des nombres',
  deliveryCoordinatesNotNumeric: 'Les coordonnées du point de livraison doivent être des nombres',
  recipientPhoneRequired: 'Le téléphone du destinataire est obligatoire',
  recipientPhoneInvalid: 'Téléphone du destinataire invalide (format +224 6XX XX XX XX)',
} as const;

/** A coordinate typed the French way ("9,5456") or the English way; null when it is not a number. */
export function parseCoordinate(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!text) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** Issue 39: what the map tells a thumb to do next, for the point a tap places. */
export const MAP_HINTS: Record<PointKind, string> = {
  pickup: 'Touchez la carte pour placer le retrait',
  delivery: 'Touchez la carte pour placer la livraison',
};

/** Whether the point has a place yet (tapped, chosen, or at least one coordinate typed). */
const isPlaced = (point: PointFields) => !!(point.latitude.trim() || point.longitude.trim());

/** The first point that has no place yet, for the map to place on the next tap; null when both have one. */
export function unplacedPoint(values: CourseFormValues): PointKind | null {
  if (!isPlaced(values.pickup)) return 'pickup';
  return isPlaced(values.delivery) ? null : 'delivery';
}

function pointProblem(point: PointFields, kind: PointKind): string | null {
  const isPickup = kind === 'pickup';
  if (!point.address.trim()) {
    return isPickup ? COURSE_FORM_MESSAGES.pickupAddressRequired : COURSE_FORM_MESSAGES.deliveryAddressRequired;
  }
  if (!isPlaced(point)) return COURSE_FORM_MESSAGES.pointNotPlaced;
  if (!point.latitude.trim() || !point.longitude.trim()) {
    return isPickup ? COURSE_FORM_MESSAGES.pickupCoordinatesRequired : COURSE_FORM_MESSAGES.deliveryCoordinatesRequired;
  }
  if (parseCoordinate(point.latitude) === null || parseCoordinate(point.longitude) === null) {
    return isPickup ? COURSE_FORM_MESSAGES.pickupCoordinatesNotNumeric : COURSE_FORM_MESSAGES.deliveryCoordinatesNotNumeric;
  }
  return null;
}

/** Spec §5 "Create course": the first problem of the form, or null when it can be sent. */
export function courseFormProblem(values: CourseFormValues): string | null {
  const problem = pointProblem(values.pickup, 'pickup') ?? pointProblem(values.delivery, 'delivery');
  if (problem) return problem;
  if (!values.recipientPhone.trim()) return COURSE_FORM_MESSAGES.recipientPhoneRequired;
  if (!toGuineanMobile(values.recipientPhone)) return COURSE_FORM_MESSAGES.recipientPhoneInvalid;
  return null;
}

/** The point's coordinates when both parse, for the live price and the map. */
export function coordinatesOf(point: PointFields): { latitude: number; longitude: number } | null {
  const latitude = parseCoordinate(point.latitude);
  const longitude = parseCoordinate(point.longitude);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** Issue 39: the live price once both points are placed; null before (the form reads « — », not a base price). */
export function livePrice(values: CourseFormValues): number | null {
  const pickup = coordinatesOf(values.pickup);
  const delivery = coordinatesOf(values.delivery);
  return pickup && delivery ? estimatePrice(pickup, delivery) : null;
}

const optional = (value: string) => value.trim() || null;

function toLocation(point: PointFields): CreateCourseRequest['pickup_location'] {
  return {
    address: point.address.trim(),
    latitude: parseCoordinate(point.latitude)!,
    longitude: parseCoordinate(point.longitude)!,
    instructions: optional(point.instructions),
    ...(point.placeId ? { place_id: point.placeId } : {}),
  };
}

/** The course to create once paid; call only on a form without problem. */
export function toCourseRequest(values: CourseFormValues): CreateCourseRequest {
  const promoCode = values.promoCode.trim();
  return {
    pickup_location: toLocation(values.pickup),
    delivery_location: toLocation(values.delivery),
    description: optional(values.description),
    package_type: optional(values.packageType),
    ...(values.photoUrl ? { photo_url: values.photoUrl } : {}),
    recipient_phone: values.recipientPhone.trim(),
    pickup_contact_phone: optional(values.pickup.contactPhone),
    delivery_contact_phone: optional(values.delivery.contactPhone),
    ...(promoCode ? { promo_code: promoCode } : {}),
  };
}
