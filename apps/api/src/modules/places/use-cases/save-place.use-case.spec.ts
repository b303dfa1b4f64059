import { describe, expect, it } from '@jest/globals';
import { SAVED_PLACES_MAX } from '@coursa/domain';
import type { SavedPlace } from '../../../generated/prisma/client.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { SavedPlacesRepository } from '../saved-places.repository.js';
import { EditSavedPlaceUseCase } from './edit-saved-place.use-case.js';
import { SavePlaceUseCase } from './save-place.use-case.js';

const CLIENT = '00000000-0000-4000-8000-00000000c001';
const PLACE_ID = '00000000-0000-4000-8000-0000000000a1';
const AT = new Date('2026-11-25T10:00:00Z');
const MAISON = { label: '  Maison   du  coin ', address: 'Carrefour Bambéto, à côté de la pharmacie', latitude: 9.5917, longitude: -13.6236, instructions: 'Portail bleu' };

const row = (changes: Partial<SavedPlace> = {}): SavedPlace => ({
  id: PLACE_ID,
  clientId: CLIENT,
  label: 'Maison du coin',
  labelKey: 'maison du coin',
  address: MAISON.address,
  latitude: MAISON.latitude,
  longitude: MAISON.longitude,
  instructions: 'Portail bleu',
  createdAt: AT,
  updatedAt: AT,
  ...changes,
});

describe('SavePlaceUseCase', () => {
  function setUp(count: number, sameLabel: boolean) {
    const t = newTestService(SavePlaceUseCase);
    const places = t.mock(SavedPlacesRepository);
    places.countOfClient.mockResolvedValue(count);
    places.findByLabel.mockResolvedValue(sameLabel ? { id: 'other' } : null);
    places.create.mockImplementation(async (_tx, _client, fields) => row(fields));
    return { ...t, places };
  }

  it('saves the place with its tidied label and key, after locking the client', async () => {
    const t = setUp(0, false);
    const answer = await t.sut.execute(CLIENT, MAISON);
    expect(t.places.lockClient).toHaveBeenCalledWith(t.tx, CLIENT);
    expect(t.places.create).toHaveBeenCalledWith(t.tx, CLIENT, expect.objectContaining({ label: 'Maison du coin', labelKey: 'maison du coin', latitude: 9.5917 }));
    expect(answer).toMatchObject({ message: 'Adresse « Maison du coin » enregistrée.', place: { label: 'Maison du coin', instructions: 'Portail bleu' } });
    // The lock comes before the count it protects.
    expect(t.places.lockClient.mock.invocationCallOrder[0]!).toBeLessThan(t.places.countOfClient.mock.invocationCallOrder[0]!);
  });

  it(`refuses a ${SAVED_PLACES_MAX + 1}th place in French (409)`, async () => {
    const t = setUp(SAVED_PLACES_MAX, false);
    await expect(t.sut.execute(CLIENT, MAISON)).rejects.toMatchObject({ code: 'SAVED_PLACES_LIMIT_REACHED', status: 409 });
    expect(t.places.create).not.toHaveBeenCalled();
  });

  it('refuses a label she already uses (409)', async () => {
    const t = setUp(3, true);
    await expect(t.sut.execute(CLIENT, MAISON)).rejects.toMatchObject({ code: 'SAVED_PLACE_LABEL_TAKEN', status: 409, detail: expect.stringContaining('« Maison du coin »') });
  });
});

describe('EditSavedPlaceUseCase', () => {
  function setUp(own: SavedPlace | null, sameLabelId: string | null) {
    const t = newTestService(EditSavedPlaceUseCase);
    const places = t.mock(SavedPlacesRepository);
    places.findOwn.mockResolvedValue(own);
    places.findByLabel.mockResolvedValue(sameLabelId ? { id: sameLabelId } : null);
    places.update.mockImplementation(async (_tx, id, fields) => row({ id, ...fields }));
    return { ...t, places };
  }

  it('renames her own place', async () => {
    const t = setUp(row(), null);
    const answer = await t.sut.execute(CLIENT, PLACE_ID, { ...MAISON, label: 'Bureau' });
    expect(t.places.findOwn).toHaveBeenCalledWith(t.tx, CLIENT, PLACE_ID);
    expect(answer.place.label).toBe('Bureau');
  });

  it('keeps the label of the place itself (a change of instructions only)', async () => {
    const t = setUp(row(), PLACE_ID);
    await expect(t.sut.execute(CLIENT, PLACE_ID, { ...MAISON, instructions: null })).resolves.toMatchObject({ place: { instructions: null } });
  });

  it("answers another client's place as unknown (404)", async () => {
    const t = setUp(null, null);
    await expect(t.sut.execute(CLIENT, PLACE_ID, MAISON)).rejects.toMatchObject({ code: 'SAVED_PLACE_NOT_FOUND', status: 404 });
    expect(t.places.update).not.toHaveBeenCalled();
  });

  it('refuses the label of another of her places (409)', async () => {
    const t = setUp(row(), 'another-place');
    await expect(t.sut.execute(CLIENT, PLACE_ID, MAISON)).rejects.toMatchObject({ code: 'SAVED_PLACE_LABEL_TAKEN' });
  });
});
