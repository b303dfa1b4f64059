import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PlaceBookRepository } from '../place-book.repository.js';
import { PlaceCurationRepository, type CuratedPlace } from '../place-curation.repository.js';
import { EditPlaceUseCase, PLACE_EDIT_MESSAGES } from './edit-place.use-case.js';
import { MERGE_WAIT_MS, MergePlacesUseCase } from './merge-places.use-case.js';

const ADMIN = { id: 'admin-1', role: 'admin' } as AuthUser;
const BAMBETO = { latitude: 9.6012, longitude: -13.6378 };
const north = (m: number) => ({ latitude: BAMBETO.latitude + m / 111_000, longitude: BAMBETO.longitude });
const PLACE: CuratedPlace = {
  id: 'p1', name: 'carrefour bambeto', ...BAMBETO, instructions: null, observationCount: 3, distinctClients: 3, spreadM: 20,
  hidden: false, nameByStaff: false, pointByStaff: false, keptTogether: false, updatedAt: new Date('2026-11-25T10:00:00Z'),
};
const seen = (id: string, text: string, clientId: string, m: number) => ({ id, text, clientId, ...north(m) });

describe('EditPlaceUseCase', () => {
  function setUp(place: CuratedPlace | null = PLACE) {
    const t = newTestService(EditPlaceUseCase, { env: { PLACE_MIN_CLIENTS: '3' } });
    const places = t.mock(PlaceCurationRepository);
    let stored = place;
    places.lockPlaces.mockImplementation(async () => (stored ? [stored] : []));
    places.edit.mockImplementation(async (_tx, _id, edit) => {
      stored = {
        ...stored!,
        ...(edit.name !== undefined && { name: edit.name, nameByStaff: true }),
        ...(edit.point && { ...edit.point, pointByStaff: true }),
        ...(edit.spreadM !== undefined && { spreadM: edit.spreadM }),
        ...(edit.instructions !== undefined && { instructions: edit.instructions }),
        ...(edit.hidden !== undefined && { hidden: edit.hidden }),
      };
    });
    places.find.mockImplementation(async () => stored);
    places.observationsOf.mockResolvedValue([seen('o1', 'Carrefour Bambéto', 'c1', 0), seen('o2', 'Carrefour Bambéto', 'c2', 20)]);
    return { ...t, places, audit: t.mock(AuditRepository) };
  }

  it('renames and moves under the row lock: the name and point are staff’s, the spread measured from the new point, audited before and after', async () => {
    const t = setUp();
    const answer = await t.sut.execute(ADMIN, 'p1', { name: 'Rond-point   de Bambéto', latitude: north(100).latitude, longitude: north(100).longitude }, '10.0.0.1');
    expect(t.places.lockPlaces).toHaveBeenCalledWith(t.tx, ['p1']);
    expect(t.places.edit).toHaveBeenCalledWith(t.tx, 'p1', { name: 'Rond-point de Bambéto', point: north(100), spreadM: 100 });
    expect(answer).toEqual({
      message: PLACE_EDIT_MESSAGES.saved('Rond-point de Bambéto'),
      place: expect.objectContaining({ id: 'p1', name: 'Rond-point de Bambéto', ...north(100), spread_m: 100, name_by_staff: true, point_by_staff: true, suggested: true }),
    });
    const [entry, tx] = t.audit.record.mock.calls[0]!;
    expect(tx).toBe(t.tx);
    expect(entry).toMatchObject({ actorId: 'admin-1', actorRole: 'admin', action: 'place_updated', resourceType: 'place', resourceId: 'p1', success: true, ip: '10.0.0.1' });
    expect(entry.details).toMatchObject({ before: { name: 'carrefour bambeto', name_by_staff: false, spread_m: 20 }, after: { name: 'Rond-point de Bambéto', name_by_staff: true, spread_m: 100 } });
  });

  it('hides and shows with their own words; a hidden place is not suggested; nothing changed, nothing audited', async () => {
    const t = setUp();
    const hidden = await t.sut.execute(ADMIN, 'p1', { hidden: true });
    expect(hidden.message).toBe(PLACE_EDIT_MESSAGES.hidden('carrefour bambeto'));
    expect(hidden.place).toMatchObject({ hidden: true, suggested: false });
    expect(t.places.observationsOf).not.toHaveBeenCalled();
    await t.sut.execute(ADMIN, 'p1', { hidden: true });
    expect(t.audit.record).toHaveBeenCalledTimes(1);
    expect((await t.sut.execute(ADMIN, 'p1', { hidden: false })).message).toBe(PLACE_EDIT_MESSAGES.shown('carrefour bambeto'));
    expect((await t.sut.execute(ADMIN, 'p1', { instructions: 'Portail bleu' })).place.instructions).toBe('Portail bleu');
  });

  it('refuses an unknown place in French, writing nothing', async () => {
    const t = setUp(null);
    await expect(t.sut.execute(ADMIN, 'nope', { hidden: true })).rejects.toMatchObject({ status: 404, code: 'PLACE_NOT_FOUND', detail: expect.stringMatching(/^Lieu introuvable/) });
    expect(t.places.edit).not.toHaveBeenCalled();
    expect(t.audit.record).not.toHaveBeenCalled();
  });
});

describe('MergePlacesUseCase', () => {
  const TARGET: CuratedPlace = { ...PLACE, id: 'p2', name: 'Carrefour Bambéto', observationCount: 2, distinctClients: 2, instructions: null };
  function setUp(locked: CuratedPlace[] = [PLACE, TARGET], lockCame = true) {
    const t = newTestService(MergePlacesUseCase, { env: { PLACE_MIN_CLIENTS: '3' } });
    const places = t.mock(PlaceCurationRepository);
    const book = t.mock(PlaceBookRepository);
    book.lockGroupingWithin.mockResolvedValue(lockCame);
    places.lockPlaces.mockResolvedValue(locked);
    places.moveObservations.mockResolvedValue(3);
    places.repointCourses.mockResolvedValue(2);
    places.observationsOf.mockResolvedValue([
      seen('o1', 'carrefour bambeto', 'c1', 0), seen('o2', 'carrefour bambeto', 'c2', 10), seen('o3', 'carrefour bambeto', 'c3', 20),
      seen('o4', 'Carrefour Bambéto', 'c1', 30), seen('o5', 'Carrefour Bambéto', 'c4', 40),
    ]);
    places.find.mockImplementation(async () => ({ ...TARGET, name: 'carrefour bambeto', observationCount: 5, distinctClients: 4, keptTogether: true }));
    return { ...t, places, book, audit: t.mock(AuditRepository) };
  }

  it('moves the observations and courses, summarises the kept place again, keeps them together, deletes the merged one, audited, under both locks', async () => {
    const t = setUp([PLACE, { ...TARGET, nameByStaff: true }]);
    const answer = await t.sut.execute(ADMIN, 'p1', 'p2', '10.0.0.1');
    expect(t.book.lockGroupingWithin).toHaveBeenCalledWith(t.tx, MERGE_WAIT_MS);
    expect(t.places.lockPlaces).toHaveBeenCalledWith(t.tx, ['p1', 'p2']);
    expect(t.places.moveObservations).toHaveBeenCalledWith(t.tx, 'p1', 'p2');
    expect(t.places.repointCourses).toHaveBeenCalledWith(t.tx, 'p1', 'p2');
    // Staff named the kept place: its name stays, the counts are over all five observations.
    expect(t.places.saveMerged).toHaveBeenCalledWith(t.tx, 'p2', {
      summary: expect.objectContaining({ name: 'Carrefour Bambéto', observationCount: 5, distinctClients: 4, spreadM: 20 }),
      keepName: true,
      instructions: null,
    });
    expect(t.places.remove).toHaveBeenCalledWith(t.tx, 'p1');
    expect(t.audit.record).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'place_merged', resourceType: 'place', resourceId: 'p2', ip: '10.0.0.1',
        details: expect.objectContaining({ merged: expect.objectContaining({ id: 'p1', name: 'carrefour bambeto' }), observations_moved: 3, courses_repointed: 2 }),
      }),
      t.tx,
    );
    expect(answer.message).toBe('Lieu « carrefour bambeto » fusionné dans « carrefour bambeto ».');
    expect(answer.place).toMatchObject({ id: 'p2', observation_count: 5, suggested: true });
    expect(t.unitOfWork.run).toHaveBeenCalledWith(expect.any(Function), { timeout: MERGE_WAIT_MS + 10_000 });
  });

  it('takes the merged place’s instructions when the kept one has none', async () => {
    const t = setUp([{ ...PLACE, instructions: 'Portail bleu' }, TARGET]);
    await t.sut.execute(ADMIN, 'p1', 'p2');
    expect(t.places.saveMerged).toHaveBeenCalledWith(t.tx, 'p2', expect.objectContaining({ keepName: false, instructions: 'Portail bleu' }));
  });

  it('refuses a merge into itself (400), a place gone or unknown (404, either end), and a grouping that does not end (409), in French', async () => {
    const itself = setUp();
    await expect(itself.sut.execute(ADMIN, 'p1', 'p1')).rejects.toMatchObject({ status: 400, code: 'PLACE_MERGE_INTO_ITSELF' });
    expect(itself.unitOfWork.run).not.toHaveBeenCalled();
    await expect(setUp([TARGET]).sut.execute(ADMIN, 'p1', 'p2')).rejects.toMatchObject({ status: 404, code: 'PLACE_NOT_FOUND' });
    await expect(setUp([PLACE]).sut.execute(ADMIN, 'p1', 'p2')).rejects.toMatchObject({ status: 404, code: 'PLACE_TARGET_NOT_FOUND', detail: expect.stringContaining('introuvable') });
    const busy = setUp([PLACE, TARGET], false);
    await expect(busy.sut.execute(ADMIN, 'p1', 'p2')).rejects.toMatchObject({ status: 409, code: 'PLACE_BOOK_BUSY', detail: expect.stringContaining('réessayez') });
    expect(busy.places.moveObservations).not.toHaveBeenCalled();
    expect(busy.audit.record).not.toHaveBeenCalled();
  });
});
