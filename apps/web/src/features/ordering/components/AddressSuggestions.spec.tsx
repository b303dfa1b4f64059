/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlaceSuggestionDto } from '@coursa/contracts';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';

jest.unstable_mockModule('@/features/auth', () => ({
  useCurrentUser: () => ({ phone: '+224620000031', full_name: 'Fatoumata Bah', email: null }),
}));
jest.unstable_mockModule('@/components/map/PointPickerMap', () => ({ default: () => null }));
const { CreateCourseTab } = await import('./CreateCourseTab');

const PLACE_ID = '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const SUGGESTIONS: PlaceSuggestionDto[] = [
  { source: 'saved', place_id: null, label: 'Maison', address: 'Bambéto, derrière la mosquée', latitude: 9.592, longitude: -13.624, instructions: 'Portail vert', distance_m: null },
  { source: 'book', place_id: PLACE_ID, label: null, address: 'Carrefour Bambéto', latitude: 9.5917, longitude: -13.6236, instructions: 'Devant la pharmacie', distance_m: 350 },
];

const show = () => act(async () => void renderWithQuery(<CreateCourseTab />));
const field = (label: string, index = 0) => screen.getAllByLabelText(label)[index] as HTMLInputElement;

describe('search as you type on the order form', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>((input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/places/saved') return answer(200, []);
      if (url.pathname === '/api/places/suggestions') return answer(200, { suggestions: url.searchParams.get('q') === 'zzz' ? [] : SUGGESTIONS });
      if (url.pathname === '/api/places/nearest') return answer(200, { place: { id: PLACE_ID, name: 'Carrefour Bambéto', latitude: 9.5917, longitude: -13.6236, instructions: null, distance_m: 40 } });
      return answer(404, {});
    });
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  const suggestionCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/places/suggestions'));

  it('asks once typing pauses, lists hers first, and choosing a known place fills the text, the point, the instructions and the place', async () => {
    await show();
    const address = field('Adresse');
    fireEvent.change(address, { target: { value: 'b' } });
    fireEvent.change(address, { target: { value: 'bamb' } });
    fireEvent.change(address, { target: { value: 'bambeto' } });
    const list = await screen.findByRole('listbox', { name: 'Adresses proposées' });
    // One request for the word, not one per key; from nowhere in particular while no point is placed.
    expect(suggestionCalls()).toEqual(['/api/places/suggestions?q=bambeto']);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Maison — Bambéto, derrière la mosquéeMes adresses', 'Carrefour BambétoLieu connu · 350 m']);
    expect(address.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);

    // The keyboard moves through the list and Enter chooses.
    fireEvent.keyDown(address, { key: 'ArrowDown' });
    fireEvent.keyDown(address, { key: 'ArrowDown' });
    expect(address.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(address, { key: 'Enter' });
    expect([address.value, field('Latitude').value, field('Longitude').value, field('Instructions').value]).toEqual(['Carrefour Bambéto', '9.5917', '-13.6236', 'Devant la pharmacie']);
    expect(address.getAttribute('aria-expanded')).toBe('false');
  });

  it('looks nearest from the point placed, says when nothing is known, and typing again forgets the place chosen', async () => {
    await show();
    fireEvent.change(field('Latitude', 1), { target: { value: '9.6' } });
    fireEvent.change(field('Longitude', 1), { target: { value: '-13.64' } });
    const address = field('Adresse');
    fireEvent.change(address, { target: { value: 'zzz' } });
    expect(await screen.findByText('Aucune adresse connue : touchez la carte pour placer le point.')).toBeTruthy();
    expect(suggestionCalls()).toEqual(['/api/places/suggestions?q=zzz&lat=9.60000&lng=-13.64000']);
    fireEvent.change(address, { target: { value: 'bambeto' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Carrefour Bambéto\s?Lieu connu/ }));
    expect(address.value).toBe('Carrefour Bambéto');
    fireEvent.keyDown(address, { key: 'Escape' });
    fireEvent.change(address, { target: { value: 'Carrefour Bambéto, portail rouge' } });
    expect(address.value).toBe('Carrefour Bambéto, portail rouge');
  });

  it('names a spot placed by hand after the nearest known place, in one tap, keeping the spot', async () => {
    await show();
    fireEvent.change(field('Latitude'), { target: { value: '9.5919' } });
    fireEvent.change(field('Longitude'), { target: { value: '-13.6239' } });
    expect((await screen.findByText('Lieu connu ici :')).textContent).toBe('Lieu connu ici : Carrefour Bambéto');
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser ce nom' }));
    expect([field('Adresse').value, field('Latitude').value, field('Longitude').value]).toEqual(['Carrefour Bambéto', '9.5919', '-13.6239']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Utiliser ce nom' })).toBeNull());
  });
});
