import { beforeEach, describe, expect, it } from '@jest/globals';
import type { CourierPosition, OpsSnapshot } from '@coursa/contracts';
import { opsActions, useOpsStore } from './ops-store';

const position = (courier: string, lat: number): CourierPosition => ({ courier_id: courier, lat, lng: -13.6, heading: null, speed: null, accuracy: null, at: '2026-11-23T10:00:00.000Z', observed_speed_kmh: null });
const figures = (online: number): OpsSnapshot => ({
  at: '2026-11-23T10:00:01.000Z',
  courses_by_status: { assigned: 1 },
  counters: { active_courses: 1, couriers_online: online, delivered_today: 0 },
});

describe('ops store', () => {
  beforeEach(() => opsActions.reset());

  it('keeps the map between full snapshots, and a full one drops the couriers gone quiet', () => {
    opsActions.snapshot({ ...figures(2), couriers_online: [position('a', 9.5), position('b', 9.6)] });
    opsActions.position(position('a', 9.51));
    opsActions.snapshot(figures(2));
    expect(Object.keys(useOpsStore.getState().couriers).sort()).toEqual(['a', 'b']);
    expect(useOpsStore.getState().couriers.a?.lat).toBe(9.51);
    expect(useOpsStore.getState().counters?.couriers_online).toBe(2);

    opsActions.snapshot({ ...figures(1), couriers_online: [position('a', 9.51)] });
    expect(Object.keys(useOpsStore.getState().couriers)).toEqual(['a']);
  });

  it("takes a server turn's positions at once, in one update of the map", () => {
    opsActions.snapshot({ ...figures(2), couriers_online: [position('a', 9.5), position('b', 9.6)] });
    let updates = 0;
    const stop = useOpsStore.subscribe(() => (updates += 1));
    opsActions.positions([position('a', 9.52), position('c', 9.7), position('a', 9.53)]);
    stop();
    expect(updates).toBe(1);
    const { couriers } = useOpsStore.getState();
    expect(Object.fromEntries(Object.entries(couriers).map(([id, at]) => [id, at.lat]))).toEqual({ a: 9.53, b: 9.6, c: 9.7 });
  });

  it('leaves the object of a courier who did not move untouched', () => {
    opsActions.snapshot({ ...figures(1), couriers_online: [position('a', 9.5)] });
    const before = useOpsStore.getState().couriers.a;
    opsActions.snapshot({ ...figures(1), couriers_online: [position('a', 9.5)] });
    expect(useOpsStore.getState().couriers.a).toBe(before);
  });

  it('names a course by its number in the live feed (issue 38), never by a hex id', () => {
    const id = '3f0c2a1e-0000-4000-8000-00000317a18c';
    opsActions.offer({ id, course_number: 'CRS-000123', estimated_price: 12_000, pickup_address: 'Madina', delivery_address: 'Kaloum', created_at: '2026-11-23T10:00:00.000Z' });
    opsActions.status({ course_id: id, course_number: 'CRS-000123', status: 'assigned', status_label: 'Assignée', courier_id: 'c1' });
    opsActions.courierChanged({ course_id: id, course_number: 'CRS-000123', status: 'assigned', courier_id: 'c2', courier_name: 'Ibrahima Camara', previous_courier_id: 'c1' });
    const messages = useOpsStore.getState().notifications.map((item) => item.message);
    expect(messages).toEqual(['Course CRS-000123 : confiée à Ibrahima Camara', 'Course CRS-000123 : Assignée', expect.stringMatching(/^Nouvelle course CRS-000123 : Madina → Kaloum \(12.000 GNF\)$/)]);
    expect(messages.join(' ')).not.toContain('#');
  });
});
