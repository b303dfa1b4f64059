import { describe, expect, it } from '@jest/globals';
import type { CourseAvailableEvent, CourseStatusEvent } from '@coursa/contracts';
import { newQueryClient } from '@/lib/query-client';
import { applyCourierPosition, applyCourseStatus, applyOffer, liveOffersQuery } from './query-updates';

const offer = (id: string): CourseAvailableEvent => ({ id, course_number: 'CRS-000123', estimated_price: 12000, pickup_address: 'Madina', delivery_address: 'Kaloum', created_at: '2026-11-27T10:00:00.000Z' });
const status = (course_id: string, changes: Partial<CourseStatusEvent> = {}): CourseStatusEvent => ({
  course_id,
  course_number: 'CRS-000123',
  status: 'assigned',
  status_label: 'Assignée',
  courier_id: 'k1',
  ...changes,
});
const page = <T>(answer: T[]) => ({ pages: [{ answer, nextCursor: null, total: undefined }], pageParams: [undefined] });
const AVAILABLE = ['GET /api/delivery/available-courses', {}, {}, 'pages'];
const MY_COURSES = ['GET /api/courses', {}, {}, 'pages'];
const ACTIVE_COURSES = ['GET /api/courses', {}, { status: 'active' }, 'all'];
const OPEN_COURSES = ['GET /api/courses', {}, { status: 'open' }, 'all'];
const tracking = (id: string) => ['GET /api/courses/:id/tracking', { id }, {}];

describe('the socket in the query cache', () => {
  it('puts an offer on top of the live offers once, and a course taken leaves them and the list', () => {
    const client = newQueryClient();
    client.setQueryData(AVAILABLE, page([{ id: 'a' }, { id: 'b' }]));
    applyOffer(client, offer('c'));
    applyOffer(client, offer('d'));
    applyOffer(client, offer('c'));
    expect(client.getQueryData(liveOffersQuery().queryKey)!.map((known) => known.id)).toEqual(['d', 'c']);

    applyCourseStatus(client, status('c'));
    applyCourseStatus(client, status('a'));
    expect(client.getQueryData(liveOffersQuery().queryKey)!.map((known) => known.id)).toEqual(['d']);
    expect(client.getQueryData(AVAILABLE)).toEqual(page([{ id: 'b' }]));
    // Back to pending (a courier gave it up): nothing is removed.
    applyCourseStatus(client, status('b', { status: 'pending', courier_id: null }));
    expect(client.getQueryData(AVAILABLE)).toEqual(page([{ id: 'b' }]));
  });

  it('changes the status and the courier of the course in the lists holding it, and reads its screens again', () => {
    const client = newQueryClient();
    client.setQueryData(MY_COURSES, page([{ id: 'a', status: 'pending', status_label: 'En attente', assigned_delivery_person_id: null }, { id: 'b', status: 'pending' }]));
    client.setQueryData(tracking('a'), { id: 'a', status: 'pending', status_label: 'En attente' });
    applyCourseStatus(client, status('a'));
    expect(client.getQueryData(MY_COURSES)).toEqual(
      page([{ id: 'a', status: 'assigned', status_label: 'Assignée', assigned_delivery_person_id: 'k1' }, { id: 'b', status: 'pending' }]),
    );
    expect(client.getQueryData(tracking('a'))).toEqual({ id: 'a', status: 'assigned', status_label: 'Assignée' });
    expect(client.getQueryState(tracking('a'))!.isInvalidated).toBe(true);
  });

  it("gives the tracking of the courier's courses their position and the arrival estimate it makes", () => {
    const client = newQueryClient();
    client.setQueryData(ACTIVE_COURSES, [{ id: 'a', assigned_delivery_person_id: 'k1' }, { id: 'b', assigned_delivery_person_id: 'k2' }]);
    const pickup = { address: 'Madina', latitude: 9.51, longitude: -13.71 };
    const delivery = { address: 'Kaloum', latitude: 9.6, longitude: -13.62 };
    for (const id of ['a', 'b']) client.setQueryData(tracking(id), { id, status: 'en_route_pickup', pickup_location: pickup, delivery_location: delivery, delivery_person_location: null, eta_minutes: null });
    applyCourierPosition(client, { courier_id: 'k1', lat: 9.51, lng: -13.71, heading: null, speed: null, accuracy: null, at: '2026-11-27T10:00:00.000Z', observed_speed_kmh: 30 });
    expect(client.getQueryData(tracking('a'))).toMatchObject({
      delivery_person_location: { latitude: 9.51, longitude: -13.71, at: '2026-11-27T10:00:00.000Z' },
      eta_minutes: 29,
      arrival_estimate: 'Arrivée estimée dans 29 min',
    });
    expect(client.getQueryData(tracking('b'))).toMatchObject({ delivery_person_location: null, eta_minutes: null });
  });

  it("moves a waiting course of the client's open courses in place when it is accepted (tracking, issue 38), without reading the list again", () => {
    const client = newQueryClient();
    client.setQueryData(OPEN_COURSES, [{ id: 'a', status: 'pending', assigned_delivery_person_id: null }]);
    applyCourseStatus(client, status('a'));
    expect(client.getQueryData(OPEN_COURSES)).toEqual([{ id: 'a', status: 'assigned', assigned_delivery_person_id: 'k1' }]);
    expect(client.getQueryState(OPEN_COURSES)!.isInvalidated).toBe(false);
    // Delivered, it stays where it is (the tracking shows « Livré ! »), and is not read again for it.
    applyCourseStatus(client, status('a', { status: 'delivered', status_label: 'Livré' }));
    expect(client.getQueryData(OPEN_COURSES)).toEqual([{ id: 'a', status: 'delivered', assigned_delivery_person_id: 'k1' }]);
    expect(client.getQueryState(OPEN_COURSES)!.isInvalidated).toBe(false);
  });

  it("reads the client's open courses again when a course that belongs there is not in them yet", () => {
    const client = newQueryClient();
    client.setQueryData(OPEN_COURSES, [{ id: 'a', status: 'pending' }]);
    client.setQueryData(ACTIVE_COURSES, []);
    applyCourseStatus(client, status('b', { status: 'cancelled', status_label: 'Annulée', courier_id: null }));
    expect(client.getQueryState(OPEN_COURSES)!.isInvalidated).toBe(false);
    applyCourseStatus(client, status('b'));
    expect(client.getQueryState(OPEN_COURSES)!.isInvalidated).toBe(true);
    expect(client.getQueryState(ACTIVE_COURSES)!.isInvalidated).toBe(true);
  });
});
