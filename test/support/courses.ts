import type { Prisma } from '../../apps/api/src/generated/prisma/client.js';
import { newPhone } from './accounts.js';
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
