import { describe, expect, it } from '@jest/globals';
import type { PlaceSuggestionDto } from '@coursa/contracts';
import { emptyCourseForm, toCourseRequest } from './course-form';
import { pointFromNearestPlace, pointFromSuggestion, searchOrigin, suggestionLines } from './place-suggestions';

const book: PlaceSuggestionDto = {
  source: 'book',
  place_id: 'p-1',
  label: null,
  address: 'Carrefour Bambéto',
  latitude: 9.5917,
  longitude: -13.6236,
  instructions: null,
  distance_m: 1234,
};

describe('place suggestions on the order form', () => {
  it('reads each suggestion with its source and distance', () => {
    expect(suggestionLines(book)).toEqual({ title: 'Carrefour Bambéto', detail: 'Lieu connu · 1,2 km' });
    expect(suggestionLines({ ...book, source: 'saved', place_id: null, label: 'Maison', distance_m: null })).toEqual({ title: 'Maison — Carrefour Bambéto', detail: 'Mes adresses' });
    expect(suggestionLines({ ...book, source: 'past', place_id: null, distance_m: 80 })).toEqual({ title: 'Carrefour Bambéto', detail: 'Déjà utilisée · 100 m' });
  });

  it('fills a point from a suggestion, keeping what she typed where it says nothing, and sends the place with the order', () => {
    const current = { ...emptyCourseForm().pickup, instructions: 'Appeler Awa', contactPhone: '620000001' };
    const point = pointFromSuggestion(current, book);
    expect(point).toEqual({ address: 'Carrefour Bambéto', latitude: '9.5917', longitude: '-13.6236', instructions: 'Appeler Awa', contactPhone: '620000001', placeId: 'p-1' });
    expect(pointFromSuggestion(current, { ...book, instructions: 'Devant la pharmacie' }).instructions).toBe('Devant la pharmacie');
    const values = { ...emptyCourseForm(), pickup: point, delivery: { ...point, placeId: null }, recipientPhone: '620000002' };
    const request = toCourseRequest(values);
    expect(request.pickup_location).toEqual({ address: 'Carrefour Bambéto', latitude: 9.5917, longitude: -13.6236, instructions: 'Appeler Awa', place_id: 'p-1' });
    expect(request.delivery_location).not.toHaveProperty('place_id');
  });

  it('names a spot after the nearest place without moving it', () => {
    const current = { ...emptyCourseForm().pickup, latitude: '9.5919', longitude: '-13.6239' };
    expect(pointFromNearestPlace(current, { id: 'p-1', name: 'Carrefour Bambéto', latitude: 9.5917, longitude: -13.6236, instructions: 'Devant la pharmacie', distance_m: 30 })).toMatchObject({
      address: 'Carrefour Bambéto',
      latitude: '9.5919',
      longitude: '-13.6239',
      instructions: 'Devant la pharmacie',
      placeId: 'p-1',
    });
  });

  it('searches nearest from the first point placed', () => {
    expect(searchOrigin(null, { latitude: 9.6, longitude: -13.64 })).toEqual({ lat: '9.60000', lng: '-13.64000' });
    expect(searchOrigin(null, null)).toBeNull();
  });
});
