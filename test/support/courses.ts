import type { Prisma } from '../../apps/api/src/generated/prisma/client.js';
import { newPhone, signedIn } from './accounts.js';
import type { TestApp } from './test-app.js';

/**
 * A course written directly in the database (Madina → Kaloum, 12 000 GNF, cash), for suites about what comes after
 * ordering and delivering, which have their own suites. `fields` sets the client and overrides the rest.
 */
export function insertCourse(app: Pick<TestApp, 'db'>, fields: Partial<Prisma.CourseUncheckedCreateInput> & { clientId: string }) {
  return app.db.course.create({
    data: {
      status: 'pending',
      pickupAddress: 'Marché Madina',
      pickupLatitude: 9.5456,
      pickupLongitude: -13.6566,
      deliveryAddress: 'Kaloum',
      deliveryLatitude: 9.5092,
      deliveryLongitude: -13.7122,
      recipientPhone: newPhone(),
      distanceKm: 7,
      estimatedPrice: 12_000,
      paymentMethod: 'cash_on_delivery',
      ...fields,
    },
  });
}

const MADINA = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

/** A client's cash course (Madina → Kaloum) ordered through the API, accepted by a courier made available for it. */
export async function acceptedCourse(app: Pick<TestApp, 'db' | 'request'>) {
  const client = await signedIn(app, 'client');
  const courier = await signedIn(app, 'independent_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  const created = await app.request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: client.token });
  const courseId = created.body.id as string;
  const accepted = await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courier.token });
  if (accepted.status !== 200) throw new Error(`accept-course answered ${accepted.status}`);
  return { client, courier, courseId };
}
