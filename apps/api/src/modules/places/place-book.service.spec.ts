import { describe, expect, it } from '@jest/globals';
import { PLACE_RULES } from '@coursa/domain';
import { newTestService } from '../../../../../test/support/test-service.js';
import { PlaceBookRepository, type NewObservation, type ObservedCourse, type TrailFix } from './place-book.repository.js';
import { PlaceBook } from './place-book.service.js';
import { GroupPlacesUseCase } from './use-cases/group-places.use-case.js';
import { ObserveDeliveryUseCase } from './use-cases/observe-delivery.use-case.js';

const COLLECTED = new Date('2026-11-27T10:00:00.000Z');
const DELIVERED = new Date('2026-11-27T10:20:00.000Z');
const COURSE: ObservedCourse = {
  id: 'course-1', clientId: 'client-1', status: 'delivered',
  pickupAddress: 'Carrefour Bambéto', pickupLatitude: 9.6012, pickupLongitude: -13.6378,
  deliveryAddress: 'Marché Madina, portail bleu', deliveryLatitude: 9.5456, deliveryLongitude: -13.6566,
  pickupTime: COLLECTED, deliveryTime: DELIVERED,
};
/** A trail fix `m` metres north of a point, `s` seconds after a step. */
const fix = (point: { latitude: number; longitude: number }, m: number, at: Date, s: number, accuracy: number | null = 15): TrailFix => ({
  latitude: point.latitude + m / 111_000, longitude: point.longitude, accuracy, ms: at.getTime() + s * 1000,
});
const PICKUP = { latitude: COURSE.pickupLatitude, longitude: COURSE.pickupLongitude };
const DROP = { latitude: COURSE.deliveryLatitude, longitude: COURSE.deliveryLongitude };

function observer(trail: TrailFix[], options: { flagged?: boolean; course?: Partial<ObservedCourse> } = {}) {
  const t = newTestService(ObserveDeliveryUseCase);
  const places = t.mock(PlaceBookRepository);
  const written: NewObservation[] = [];
  places.course.mockResolvedValue({ ...COURSE, ...options.course });
  places.trail.mockResolvedValue(trail);
  places.handoverFlagged.mockResolvedValue(options.flagged ?? false);
  places.addObservations.mockImplementation(async (observations) => (written.push(...observations), observations.length));
  return { ...t, places, written };
}

describe('ObserveDeliveryUseCase', () => {
  it('keeps the trail fix nearest to each step, with its text, client and accuracy', async () => {
    const { sut, written, places } = observer([fix(PICKUP, 40, COLLECTED, -90), fix(PICKUP, 20, COLLECTED, 5), fix(DROP, 30, DELIVERED, -3), fix(DROP, 250, DELIVERED, 100)]);
    await expect(sut.execute('course-1')).resolves.toEqual({ added: 2, refused: {} });
    expect(written).toEqual([
      { text: 'Carrefour Bambéto', latitude: PICKUP.latitude + 20 / 111_000, longitude: PICKUP.longitude, accuracy: 15, clientId: 'client-1', courseId: 'course-1', kind: 'pickup', at: new Date(COLLECTED.getTime() + 5_000) },
      { text: 'Marché Madina, portail bleu', latitude: DROP.latitude + 30 / 111_000, longitude: DROP.longitude, accuracy: 15, clientId: 'client-1', courseId: 'course-1', kind: 'delivery', at: new Date(DELIVERED.getTime() - 3_000) },
    ]);
    // The trail read is the course's, from the window before the pickup to the window after the handover.
    const window = PLACE_RULES.fixWindowS * 1000;
    expect(places.trail).toHaveBeenCalledWith('course-1', new Date(COLLECTED.getTime() - window), new Date(DELIVERED.getTime() + window));
  });

  it('ignores a far fix, an inaccurate one and a flagged handover', async () => {
    const far = observer([fix(PICKUP, PLACE_RULES.maxFixDistanceM + 50, COLLECTED, 0), fix(DROP, 10, DELIVERED, 0)], { flagged: true });
    await expect(far.sut.execute('course-1')).resolves.toEqual({ added: 0, refused: { pickup: 'far', delivery: 'flagged' } });
    expect(far.places.addObservations).not.toHaveBeenCalled();
    const vague = observer([fix(PICKUP, 10, COLLECTED, 0, 500), fix(DROP, 10, DELIVERED, 0)]);
    await expect(vague.sut.execute('course-1')).resolves.toEqual({ added: 1, refused: { pickup: 'inaccurate' } });
    expect(vague.written.map((o) => o.kind)).toEqual(['delivery']);
  });

  it('says nothing of a course not delivered', async () => {
    const { sut, places } = observer([fix(PICKUP, 0, COLLECTED, 0)], { course: { status: 'cancelled' } });
    await expect(sut.execute('course-1')).resolves.toEqual({ added: 0, refused: {} });
    expect(places.trail).not.toHaveBeenCalled();
  });
});

describe('GroupPlacesUseCase', () => {
  const seen = (id: string, text: string, clientId: string, m: number, placeId: string | null = null) => ({ id, text, clientId, placeId, ...{ latitude: PICKUP.latitude + m / 111_000, longitude: PICKUP.longitude } });

  it('links alike texts within the distance rule, keeps the place the members had and drops the emptied ones, in one locked transaction', async () => {
    const t = newTestService(GroupPlacesUseCase);
    const places = t.mock(PlaceBookRepository);
    places.observations.mockResolvedValue([
      seen('o1', 'Carrefour Bambéto', 'c1', 0, 'p1'), seen('o2', 'carrefour bambeto', 'c2', 20, 'p1'), seen('o3', 'Carefour Bambeto', 'c3', 40),
      // Alike text, too far: its own place.
      seen('o4', 'Carrefour Bambéto', 'c4', PLACE_RULES.groupDistanceM + 200, 'p1'),
    ]);
    places.similarPairs.mockResolvedValue([{ a: 'o1', b: 'o2' }, { a: 'o2', b: 'o3' }, { a: 'o1', b: 'o4' }]);
    places.curatedPlaces.mockResolvedValue([]);
    places.savePlace.mockImplementation(async (_tx, id) => id ?? 'p-new');
    await expect(t.sut.execute()).resolves.toEqual({ places: 2, observations: 4 });
    expect(places.lockGrouping).toHaveBeenCalledWith(t.tx);
    expect(places.savePlace.mock.calls.map(([, id, place]) => [id, place.name, place.observationCount, place.distinctClients])).toEqual([
      ['p1', 'Carrefour Bambéto', 3, 3],
      [null, 'Carrefour Bambéto', 1, 1],
    ]);
    expect(places.assign.mock.calls.map(([, id, ids]) => [id, ids])).toEqual([['p1', ['o1', 'o2', 'o3']], ['p-new', ['o4']]]);
    expect(places.dropFlaggedHandovers).toHaveBeenCalled();
    expect(places.dropEmptyPlaces).toHaveBeenCalled();
  });

  it('keeps staff’s edits: a renamed, moved place keeps its name, point and id, a merged one its observations together, and two curated places stay apart', async () => {
    const t = newTestService(GroupPlacesUseCase);
    const places = t.mock(PlaceBookRepository);
    const moved = { latitude: PICKUP.latitude + 60 / 111_000, longitude: PICKUP.longitude };
    const curation = { hidden: false, instructions: null, nameByStaff: false, pointByStaff: false, keptTogether: false };
    places.curatedPlaces.mockResolvedValue([
      // Renamed and moved by staff, with fewer observations than p1 in the group it shares with it.
      { id: 'p2', name: 'Rond-point de Bambéto', ...moved, ...curation, nameByStaff: true, pointByStaff: true },
      // Merged by staff: its two observations are far apart and say different things.
      { id: 'p3', name: 'Marché Madina', ...PICKUP, ...curation, keptTogether: true },
      // Hidden by staff: near and alike p2's, but another curated place.
      { id: 'p4', name: 'Carrefour Bambéto bis', ...PICKUP, ...curation, hidden: true },
    ]);
    places.observations.mockResolvedValue([
      seen('o1', 'Carrefour Bambéto', 'c1', 0, 'p1'), seen('o2', 'Carrefour Bambéto', 'c2', 10, 'p1'), seen('o3', 'carrefour bambeto', 'c3', 20, 'p2'),
      seen('o4', 'Marché Madina', 'c1', 3000, 'p3'), seen('o5', 'Madina, portail bleu', 'c2', 3400, 'p3'),
      seen('o6', 'Carrefour Bambéto', 'c4', 30, 'p4'),
    ]);
    places.similarPairs.mockResolvedValue([{ a: 'o1', b: 'o2' }, { a: 'o2', b: 'o3' }, { a: 'o3', b: 'o6' }]);
    places.savePlace.mockImplementation(async (_tx, id) => id ?? 'p-new');
    await expect(t.sut.execute()).resolves.toEqual({ places: 3, observations: 6 });
    const saved = places.savePlace.mock.calls.map(([, id, place]) => ({ id, name: place.name, latitude: place.latitude, count: place.observationCount }));
    expect(saved).toEqual([
      { id: 'p2', name: 'Rond-point de Bambéto', latitude: moved.latitude, count: 3 },
      { id: 'p3', name: 'Madina, portail bleu', latitude: expect.any(Number), count: 2 },
      { id: 'p4', name: 'Carrefour Bambéto', latitude: PICKUP.latitude + 30 / 111_000, count: 1 },
    ]);
    expect(places.assign.mock.calls.map(([, id, ids]) => [id, ids])).toEqual([['p2', ['o1', 'o2', 'o3']], ['p3', ['o4', 'o5']], ['p4', ['o6']]]);
  });
});

describe('PlaceBook', () => {
  it('suggests by the configured number of different clients', async () => {
    const t = newTestService(PlaceBook, { env: { PLACE_MIN_CLIENTS: '4' } });
    await t.sut.suggestible(10);
    expect(t.mock(PlaceBookRepository).suggestible).toHaveBeenCalledWith(4, 10);
  });
});
