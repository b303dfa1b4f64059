import { describe, expect, it } from '@jest/globals';
import type { CourseTrackingDto } from '@coursa/contracts';
import { newQueryClient } from '@/lib/query-client';
import { trackingQueries } from './tracking-api';

const contact = { name: 'Mamadou Diallo', phone: '+224620000001' };
const tracking = (at: string, latitude: number, changes: Partial<CourseTrackingDto> = {}) =>
  ({
    id: 'c1',
    status: 'en_route_delivery',
    eta_minutes: latitude === 9.5408 ? 4 : 5,
    arrival_estimate: `Arrivée estimée dans ${latitude === 9.5408 ? 4 : 5} min`,
    delivery_person_location: { latitude, longitude: -13.66, at },
    courier_contact: contact,
    ...changes,
  }) as CourseTrackingDto;

describe('the tracking answer in the cache', () => {
  const query = trackingQueries.tracking('c1');
  // The query as the screen's useQuery makes it, with its options (setQueryData alone would make a bare one).
  const newClient = () => {
    const client = newQueryClient();
    client.getQueryCache().build(client, { queryKey: query.queryKey, structuralSharing: query.structuralSharing });
    return client;
  };

  it('keeps the newer position the socket brought when a refresh that left earlier answers with the older one', () => {
    const client = newClient();
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:02.000Z', 9.5408));
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:01.000Z', 9.5404, { status: 'en_route_delivery', pickup_time: '2026-11-27T09:50:00.000Z' }));
    expect(client.getQueryData(query.queryKey)).toMatchObject({
      delivery_person_location: { latitude: 9.5408, at: '2026-11-27T10:00:02.000Z' },
      eta_minutes: 4,
      arrival_estimate: 'Arrivée estimée dans 4 min',
      pickup_time: '2026-11-27T09:50:00.000Z',
    });
  });

  it('takes a newer position from the answer, no position at all, and another courier’s position whatever its time', () => {
    const client = newClient();
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:01.000Z', 9.5404));
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:02.000Z', 9.5408));
    expect(client.getQueryData(query.queryKey)?.delivery_person_location?.latitude).toBe(9.5408);
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:02.000Z', 9.5408, { status: 'delivered', delivery_person_location: null }));
    expect(client.getQueryData(query.queryKey)?.delivery_person_location).toBeNull();
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:05.000Z', 9.5408));
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:03.000Z', 9.52, { courier_contact: { name: 'Fatou Camara', phone: '+224620000002' } }));
    expect(client.getQueryData(query.queryKey)?.delivery_person_location?.latitude).toBe(9.52);
  });

  it('keeps what did not change as the same objects', () => {
    const client = newClient();
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:01.000Z', 9.5404));
    const before = client.getQueryData(query.queryKey);
    client.setQueryData(query.queryKey, tracking('2026-11-27T10:00:01.000Z', 9.5404));
    expect(client.getQueryData(query.queryKey)).toBe(before);
  });
});
