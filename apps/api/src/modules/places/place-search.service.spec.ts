import { describe, expect, it } from '@jest/globals';
import { KM_PER_DEGREE, PLACE_RULES } from '@coursa/domain';
import { newTestService } from '../../../../../test/support/test-service.js';
import { PlaceSearchRepository, type BookPlaceMatch, type OwnAddressMatch } from './place-search.repository.js';
import { PlaceSearchService } from './place-search.service.js';

const BAMBETO = { latitude: 9.6012, longitude: -13.6378 };
/** A point `m` metres north of another (flatKm: 111 km a degree). */
const north = (point: { latitude: number; longitude: number }, m: number) => ({ latitude: point.latitude + m / (KM_PER_DEGREE * 1000), longitude: point.longitude });

const own = (address: string, folded: string, label: string | null = null, m = 0): OwnAddressMatch => ({ label, address, folded, instructions: label ? 'Portail bleu' : null, ...north(BAMBETO, m) });
const book = (id: string, name: string, m = 0, instructions: string | null = null): BookPlaceMatch => ({ id, name, instructions, ...north(BAMBETO, m) });

function search(rows: { saved?: OwnAddressMatch[]; past?: OwnAddressMatch[]; book?: BookPlaceMatch[]; inBox?: BookPlaceMatch[] } = {}) {
  const t = newTestService(PlaceSearchService, { env: { PLACE_MIN_CLIENTS: '4' } });
  const places = t.mock(PlaceSearchRepository);
  places.savedMatching.mockResolvedValue(rows.saved ?? []);
  places.pastMatching.mockResolvedValue(rows.past ?? []);
  places.bookMatching.mockResolvedValue(rows.book ?? []);
  places.bookInBox.mockResolvedValue(rows.inBox ?? []);
  return { ...t, places };
}

describe('PlaceSearchService.suggestions', () => {
  it('offers her saved places, then her past addresses (none repeating a saved one), then the book, within maxSuggestions', async () => {
    const { sut, places } = search({
      saved: [own('Carrefour Bambéto, pharmacie', 'carrefour bambeto, pharmacie', 'Maison')],
      past: [own('carrefour bambeto, PHARMACIE', 'carrefour bambeto, pharmacie'), own('Bambéto, boutique Sylla', 'bambeto, boutique sylla')],
      book: Array.from({ length: PLACE_RULES.maxSuggestions }, (_, index) => book(`p${index}`, `Carrefour Bambéto ${index}`)),
    });
    const { suggestions } = await sut.suggestions('client-1', { q: 'bambeto' });
    expect(suggestions).toHaveLength(PLACE_RULES.maxSuggestions);
    expect(suggestions.map((s) => [s.source, s.address])).toEqual([
      ['saved', 'Carrefour Bambéto, pharmacie'],
      ['past', 'Bambéto, boutique Sylla'],
      ...Array.from({ length: PLACE_RULES.maxSuggestions - 2 }, (_, index) => ['book', `Carrefour Bambéto ${index}`]),
    ]);
    expect(suggestions[0]).toEqual({ source: 'saved', place_id: null, label: 'Maison', address: 'Carrefour Bambéto, pharmacie', ...BAMBETO, instructions: 'Portail bleu', distance_m: null });
    // Each source is asked for the most it could show; the book with the configured number of clients, and no point.
    expect(places.savedMatching).toHaveBeenCalledWith('client-1', 'bambeto', PLACE_RULES.maxSuggestions);
    expect(places.pastMatching).toHaveBeenCalledWith('client-1', 'bambeto', PLACE_RULES.maxSuggestions);
    expect(places.bookMatching).toHaveBeenCalledWith('bambeto', null, 4, PLACE_RULES.maxSuggestions);
  });

  it('says a book place by its name, with the place id and staff instructions only, and how far each suggestion is from where she is', async () => {
    const { sut, places } = search({ past: [own('Bambéto, boutique Sylla', 'bambeto, boutique sylla', null, 250)], book: [book('p1', 'Carrefour Bambéto', 40, 'Entrée côté pharmacie')] });
    const { suggestions } = await sut.suggestions('client-1', { q: 'bambeto', lat: BAMBETO.latitude, lng: BAMBETO.longitude });
    expect(suggestions).toEqual([
      { source: 'past', place_id: null, label: null, address: 'Bambéto, boutique Sylla', ...north(BAMBETO, 250), instructions: null, distance_m: 250 },
      { source: 'book', place_id: 'p1', label: null, address: 'Carrefour Bambéto', ...north(BAMBETO, 40), instructions: 'Entrée côté pharmacie', distance_m: 40 },
    ]);
    expect(places.bookMatching).toHaveBeenCalledWith('bambeto', BAMBETO, 4, PLACE_RULES.maxSuggestions);
  });
});

describe('PlaceSearchService.nearest', () => {
  it('names the nearest suggestible place within nearestM, looked for in a box on the index', async () => {
    // The box's corner is farther than nearestM: a place there is not near.
    const corner = { latitude: BAMBETO.latitude + 0.0013, longitude: BAMBETO.longitude + 0.0013 };
    const { sut, places } = search({ inBox: [book('far', 'Station Total', 120), book('near', 'Carrefour Bambéto', 30, 'Portail vert'), { ...book('corner', 'Coin'), ...corner }] });
    await expect(sut.nearest({ lat: BAMBETO.latitude, lng: BAMBETO.longitude })).resolves.toEqual({
      place: { id: 'near', name: 'Carrefour Bambéto', ...north(BAMBETO, 30), instructions: 'Portail vert', distance_m: 30 },
    });
    expect(places.bookInBox).toHaveBeenCalledWith(BAMBETO, PLACE_RULES.nearestM / (KM_PER_DEGREE * 1000), 4);

    const onlyCorner = search({ inBox: [{ ...book('corner', 'Coin'), ...corner }] });
    await expect(onlyCorner.sut.nearest({ lat: BAMBETO.latitude, lng: BAMBETO.longitude })).resolves.toEqual({ place: null });
  });
});

describe('PlaceSearchService.chosenPlaces', () => {
  it('keeps the places an order names that may be suggested (in its transaction), whatever the case of their ids', async () => {
    const { sut, places, tx } = search();
    places.lockPlaces.mockResolvedValue([
      { id: 'aa-known', hidden: false, distinctClients: 4 },
      { id: 'bb-hidden', hidden: true, distinctClients: 9 },
      { id: 'cc-young', hidden: false, distinctClients: 3 },
    ]);
    await expect(sut.chosenPlaces(tx, ['AA-KNOWN', 'bb-hidden', 'cc-young', null, undefined, 'aa-known'])).resolves.toEqual(new Set(['aa-known']));
    expect(places.lockPlaces).toHaveBeenCalledWith(tx, ['aa-known', 'bb-hidden', 'cc-young']);
  });
});
