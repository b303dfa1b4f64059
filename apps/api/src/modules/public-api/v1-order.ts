import type { CourseOrderInput, V1CreateDeliveryInput, V1QuoteInput } from '@coursa/contracts/schemas';
import type { Merchant } from '../../generated/prisma/client.js';

/** A merchant's default pickup: its address, point, instructions and contact phone (issue 40). */
function defaultPickup(merchant: Merchant) {
  return {
    address: merchant.pickupAddress,
    latitude: merchant.pickupLatitude,
    longitude: merchant.pickupLongitude,
    instructions: merchant.pickupInstructions,
    contact_phone: merchant.pickupContactPhone,
  };
}

/**
 * A delivery asked of the public API as the order a course is made from (OrderDesk): the pickup is the merchant's
 * default one unless the request gives its own, with its contact phone.
 */
export function courseOrderOf(merchant: Merchant, input: V1CreateDeliveryInput): CourseOrderInput {
  const pickup = input.pickup ?? defaultPickup(merchant);
  const { dropoff } = input;
  return {
    pickup_location: { address: pickup.address, latitude: pickup.latitude, longitude: pickup.longitude, instructions: pickup.instructions },
    delivery_location: { address: dropoff.address, latitude: dropoff.latitude, longitude: dropoff.longitude, instructions: dropoff.instructions },
    description: input.description,
    package_type: input.package_type,
    recipient_phone: input.recipient_phone,
    pickup_contact_phone: pickup.contact_phone,
    delivery_contact_phone: dropoff.contact_phone,
  };
}

/** A quote's two points, the pickup defaulting to the merchant's. */
export function quotePointsOf(merchant: Merchant, input: V1QuoteInput) {
  const pickup = input.pickup ?? { latitude: merchant.pickupLatitude, longitude: merchant.pickupLongitude };
  return { pickup_location: { latitude: pickup.latitude, longitude: pickup.longitude }, delivery_location: { latitude: input.dropoff.latitude, longitude: input.dropoff.longitude } };
}
