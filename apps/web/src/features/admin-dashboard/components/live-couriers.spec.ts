import { describe, expect, it } from '@jest/globals';
import type { AdminCourseDto, CourierPosition } from '@coursa/contracts';
import { liveCouriers } from './live-couriers';

const position = (courierId: string, lat: number, observed: number | null): CourierPosition => ({
  courier_id: courierId,
  lat,
  lng: -13.7122,
  heading: null,
  speed: null,
  accuracy: null,
  at: '2026-11-25T10:00:00.000Z',
  observed_speed_kmh: observed,
});

const carried = {
  id: 'course-1',
  status: 'en_route_delivery',
  assigned_delivery_person_id: 'courier-busy',
  delivery_person_name: 'Mamadou Diallo',
  pickup_location: { address: 'Madina', latitude: 9.5456, longitude: -13.6566 },
  delivery_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 },
} as AdminCourseDto;

/** The positions' own time: fresh. */
const NOW = Date.parse('2026-11-25T10:00:00.000Z');

describe('the live map couriers', () => {
  it("gives a courier under way their course's ETA from their latest position, and one without a course none", () => {
    // 0.045° north of Kaloum: 5 km, 10 min at 30 km/h, 16.7 min at the city's 18 km/h.
    const positions = { 'courier-busy': position('courier-busy', 9.5542, 30), 'courier-free-1': position('courier-free-1', 9.6, null) };
    const couriers = liveCouriers(positions, new Map([['courier-busy', carried]]), NOW);
    expect(couriers).toEqual([
      { id: 'courier-busy', lat: 9.5542, lng: -13.7122, label: 'Mamadou Diallo', inTransit: true, eta: 'Arrivée estimée dans 10 min', stale: null },
      { id: 'courier-free-1', lat: 9.6, lng: -13.7122, label: '#r-free-1', inTransit: false, eta: null, stale: null },
    ]);
    expect(liveCouriers({ 'courier-busy': position('courier-busy', 9.5542, null) }, new Map([['courier-busy', carried]]), NOW)[0]!.eta).toBe(
      'Arrivée estimée dans 17 min',
    );
  });

  it("says a position's age once it is older than a minute (issue 37)", () => {
    const positions = { 'courier-busy': position('courier-busy', 9.5542, 30) };
    expect(liveCouriers(positions, new Map(), NOW + 60_000)[0]!.stale).toBeNull();
    expect(liveCouriers(positions, new Map(), NOW + 3 * 60_000 + 5_000)[0]!.stale).toBe("Position d'il y a 3 min");
  });
});
