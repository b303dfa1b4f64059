import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../test/support/test-service.js';
import { AdminCoursesRepository, type ListedCourse } from './admin-courses.repository.js';
import { AdminCoursesService } from './admin-courses.service.js';

const CREATED = new Date('2026-11-27T09:00:00Z');
const COURSE = {
  id: '0b9a3f52-317a-4c2e-9f1d-5e6a317a18c1',
  number: 123,
  status: 'en_route_delivery',
  clientId: 'client-1',
  courierId: 'courier-1',
  client: { fullName: 'Mamadou Baldé', phone: '+224622123456' },
  courier: { fullName: 'Awa Camara', phone: '+224660000002' },
  recipientPhone: '+224620000003',
  createdAt: CREATED,
  estimatedPrice: 26_000,
  discount: 1_000,
  paymentMethod: 'orange_money',
  pickupAddress: 'Marché Madina',
  pickupLatitude: 9.5456,
  pickupLongitude: -13.6566,
  deliveryAddress: 'Kaloum',
  deliveryLatitude: 9.5092,
  deliveryLongitude: -13.7122,
  description: null,
  proofPhotoFileId: null,
} as unknown as ListedCourse;

function setUp() {
  const t = newTestService(AdminCoursesService);
  const courses = t.mock(AdminCoursesRepository);
  const page = { rows: [COURSE], nextCursor: null, total: 1 };
  courses.list.mockResolvedValue(page);
  courses.search.mockResolvedValue(page);
  courses.flags.mockResolvedValue(new Map());
  return { service: t.sut, courses };
}

describe('AdminCoursesService.list', () => {
  it('names each course by its number and gives the phones ops call', async () => {
    const { service } = setUp();
    const answer = await service.list({ limit: 20 });
    expect(answer.courses[0]).toMatchObject({
      course_number: 'CRS-000123',
      client_phone: '+224622123456',
      delivery_person_phone: '+224660000002',
      recipient_phone: '+224620000003',
      payment_method: 'orange_money',
      price_to_pay: 25_000,
    });
  });

  it('reads every course of the filter without a search, and searches with one, under the same filter', async () => {
    const { service, courses } = setUp();
    const byStatus = { limit: 20, status: 'en_route' as const };
    await service.list(byStatus);
    expect(courses.list).toHaveBeenCalledWith(['en_route_pickup', 'en_route_delivery'], byStatus);
    expect(courses.search).not.toHaveBeenCalled();

    const searched = { limit: 5, status: 'active' as const, q: '00224 622-12-34-56' };
    await service.list(searched);
    expect(courses.search).toHaveBeenCalledWith(
      { text: '00224 622-12-34-56', phone: '+224622123456', courseNumber: null, userNumber: null },
      ['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'],
      searched,
    );
    expect(courses.list).toHaveBeenCalledTimes(1);
  });

  it('gives no courier phone to a course nobody carries', async () => {
    const { service, courses } = setUp();
    courses.list.mockResolvedValue({ rows: [{ ...COURSE, courierId: null, courier: null }], nextCursor: null, total: 1 });
    expect((await service.list({ limit: 20 })).courses[0]).toMatchObject({ delivery_person_name: null, delivery_person_phone: null });
  });
});
