import { describe, expect, it, jest } from '@jest/globals';
import type { CourierPosition } from '@coursa/contracts';
import { ArrivingWatch } from './arriving-watch.service.js';
import type { TrailPoint } from './tracking.repository.js';

const DOOR = { latitude: 9.5092, longitude: -13.7122 };
/** About 111 m per thousandth of a degree of latitude. */
const at = (northMetres: number, courseId: string | null): TrailPoint => ({
  position: { courier_id: 'courier-1', lat: DOOR.latitude + northMetres / 111_000, lng: DOOR.longitude, heading: null, speed: null, accuracy: null, at: '2026-11-27T10:00:00.000Z', observed_speed_kmh: null } as CourierPosition,
  courseId,
});

function setUp(carrying: string[]) {
  const marked = new Set<string>();
  const tracking = {
    coursesToWatchForArrival: jest.fn(async (ids: readonly string[]) =>
      ids.filter((id) => carrying.includes(id) && !marked.has(id)).map((id) => ({ id, deliveryLatitude: DOOR.latitude, deliveryLongitude: DOOR.longitude, recipientPhone: '+224620000003' })),
    ),
    markArriving: jest.fn(async (_tx: unknown, id: string) => !marked.has(id) && !!marked.add(id)),
  };
  const outbox = { add: jest.fn(async (..._args: unknown[]) => undefined) };
  const unitOfWork = { run: (work: (tx: unknown) => Promise<unknown>) => work({}) };
  const watch = new ArrivingWatch(tracking as never, unitOfWork as never, outbox as never, { ARRIVING_RADIUS_M: 300 } as never);
  return { watch, tracking, outbox };
}

describe('ArrivingWatch', () => {
  it('tells the recipient once, when a position of the course comes within the radius', async () => {
    const t = setUp(['course-1']);
    await t.watch.check([at(900, 'course-1'), at(450, 'course-1')]);
    expect(t.outbox.add).not.toHaveBeenCalled();
    await t.watch.check([at(250, 'course-1')]);
    await t.watch.check([at(100, 'course-1'), at(20, 'course-1')]);
    expect(t.outbox.add).toHaveBeenCalledTimes(1);
    expect(t.outbox.add).toHaveBeenCalledWith({}, {
      type: 'sms',
      aggregateType: 'course',
      aggregateId: 'course-1',
      payload: { to: '+224620000003', kind: 'courier_arriving', text: 'Coursa : Votre livreur arrive, il est a moins de 300 m. Preparez votre code de livraison.' },
    });
  });

  it('says nothing for positions sent for another course or for no course', async () => {
    const t = setUp(['course-1']);
    await t.watch.check([at(10, 'course-2'), at(10, null)]);
    expect(t.outbox.add).not.toHaveBeenCalled();
    expect(t.tracking.coursesToWatchForArrival).toHaveBeenCalledWith(['course-2']);
  });
});
