/** @jest-environment jsdom */
import type { AdminPlaceDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { PlacesTab } from './PlacesTab';

const place = (id: string, name: string, fields: Partial<AdminPlaceDto> = {}): AdminPlaceDto => ({
  id,
  name,
  latitude: 9.6012,
  longitude: -13.6378,
  instructions: null,
  observation_count: 12,
  distinct_clients: 5,
  spread_m: 35,
  hidden: false,
  suggested: true,
  name_by_staff: false,
  point_by_staff: false,
  updated_at: '2026-11-25T10:00:00.000Z',
  ...fields,
});
const BAMBETO = place('p1', 'Carrefour Bambéto', { instructions: 'Devant la pharmacie' });
const MADINA = place('p2', 'Marché Madina', { observation_count: 2, distinct_clients: 2, spread_m: 80, suggested: false });
const HIDDEN = place('p3', 'Chez Mamadou', { observation_count: 1, distinct_clients: 1, spread_m: 0, hidden: true, suggested: false });
const PLACES = [BAMBETO, MADINA, HIDDEN];

const row = (name: string) => screen.getByRole('row', { name }) as HTMLElement;
const calls = (fetchMock: jest.Mock<typeof fetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([input, init]) => ({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

describe('the back office’s places (issue 39)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => pageAnswer(PLACES, { total: PLACES.length }));
    globalThis.fetch = fetchMock;
    signInForRenders({ id: 'me', role: 'admin', full_name: 'Admin', phone: '+224620000009' });
  });
  afterEach(cleanup);

  it('shows each place with how often and by how many it was seen, its spread and whether it is offered', async () => {
    renderWithQuery(<PlacesTab />);
    await screen.findByText('Carrefour Bambéto');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Nom', 'Vu (livraisons)', 'Clients', 'Étalement (m)', 'Proposé', 'Actions']);
    const cells = (name: string) => within(row(name)).getAllByRole('cell').slice(1, 5).map((cell) => cell.textContent);
    expect(cells('Carrefour Bambéto')).toEqual(['12', '5', '35', 'oui']);
    expect(cells('Marché Madina')).toEqual(['2', '2', '80', 'non']);
    expect(within(row('Carrefour Bambéto')).getByText('Consignes : Devant la pharmacie')).toBeTruthy();
    expect(within(row('Chez Mamadou')).getByText('Masqué')).toBeTruthy();
    expect(within(row('Chez Mamadou')).getByRole('button', { name: 'Afficher : Chez Mamadou' })).toBeTruthy();
    expect(within(row('Marché Madina')).getByRole('button', { name: 'Masquer : Marché Madina' })).toBeTruthy();
    expect(screen.getByText('3 sur 3')).toBeTruthy();
  });

  it('searches by name once typing pauses, and filters the hidden places, through the API', async () => {
    renderWithQuery(<PlacesTab />);
    await screen.findByText('Carrefour Bambéto');
    fetchMock.mockImplementation(() => pageAnswer([BAMBETO], { total: 1 }));
    const box = screen.getByRole('searchbox', { name: 'Rechercher un lieu' });
    fireEvent.change(box, { target: { value: 'bamb' } });
    fireEvent.change(box, { target: { value: 'bambeto' } });
    await waitFor(() => expect(screen.queryByText('Marché Madina')).toBeNull());
    expect(calls(fetchMock, 'GET').map((call) => call.url).filter((url) => url.includes('q='))).toEqual(['/api/admin/places?q=bambeto']);

    fetchMock.mockImplementation(() => pageAnswer([], { total: 0 }));
    fireEvent.change(box, { target: { value: 'kaloum' } });
    expect(await screen.findByText('Aucun lieu trouvé pour « kaloum ».')).toBeTruthy();

    // Cleared, the box shows the whole list again; « Masqués » asks the server for the hidden ones.
    fetchMock.mockImplementation(() => pageAnswer(PLACES, { total: PLACES.length }));
    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByText('Marché Madina')).toBeTruthy();
    fetchMock.mockImplementation(() => pageAnswer([HIDDEN], { total: 1 }));
    await act(async () => fireEvent.change(screen.getByLabelText('Filtrer les lieux'), { target: { value: 'true' } }));
    await waitFor(() => expect(screen.queryByText('Marché Madina')).toBeNull());
    expect(screen.getByText('Chez Mamadou')).toBeTruthy();
    expect(calls(fetchMock, 'GET').at(-1)!.url).toBe('/api/admin/places?hidden=true');
  });

  it('renames a place and says so in French, or shows the server’s refusal', async () => {
    renderWithQuery(<PlacesTab />);
    await screen.findByText('Marché Madina');
    fireEvent.click(within(row('Marché Madina')).getByRole('button', { name: 'Renommer : Marché Madina' }));
    const dialog = screen.getByRole('dialog', { name: 'Renommer : Marché Madina' });
    fireEvent.change(within(dialog).getByLabelText('Nom du lieu'), { target: { value: '' } });
    fetchMock.mockReturnValueOnce(answer(400, { detail: 'Le nom du lieu est obligatoire.', code: 'VALIDATION_ERROR' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Le nom du lieu est obligatoire.');

    fireEvent.change(within(dialog).getByLabelText('Nom du lieu'), { target: { value: 'Grand marché de Madina' } });
    fetchMock.mockReturnValueOnce(answer(200, { message: 'Lieu « Grand marché de Madina » modifié.', place: { ...MADINA, name: 'Grand marché de Madina', name_by_staff: true } }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/admin/places/p2', body: { name: 'Grand marché de Madina' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Lieu « Grand marché de Madina » modifié.');
  });

  it('moves a place by its latitude and longitude, and writes its usual instructions (empty: none)', async () => {
    renderWithQuery(<PlacesTab />);
    await screen.findByText('Carrefour Bambéto');
    fireEvent.click(within(row('Carrefour Bambéto')).getByRole('button', { name: 'Déplacer : Carrefour Bambéto' }));
    let dialog = screen.getByRole('dialog', { name: 'Déplacer : Carrefour Bambéto' });
    expect((within(dialog).getByLabelText('Latitude') as HTMLInputElement).value).toBe('9.6012');
    fireEvent.change(within(dialog).getByLabelText('Latitude'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Indiquez la latitude et la longitude du lieu.');
    expect(calls(fetchMock, 'PUT')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Latitude'), { target: { value: '9.6018' } });
    fireEvent.change(within(dialog).getByLabelText('Longitude'), { target: { value: '-13.6371' } });
    fetchMock.mockReturnValueOnce(answer(200, { message: 'Lieu « Carrefour Bambéto » modifié.', place: { ...BAMBETO, latitude: 9.6018, longitude: -13.6371, point_by_staff: true } }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/admin/places/p1', body: { latitude: 9.6018, longitude: -13.6371 } });

    fireEvent.click(within(row('Carrefour Bambéto')).getByRole('button', { name: 'Consignes : Carrefour Bambéto' }));
    dialog = screen.getByRole('dialog', { name: 'Consignes habituelles : Carrefour Bambéto' });
    expect((within(dialog).getByLabelText('Consignes habituelles') as HTMLTextAreaElement).value).toBe('Devant la pharmacie');
    fireEvent.change(within(dialog).getByLabelText('Consignes habituelles'), { target: { value: '   ' } });
    fetchMock.mockReturnValueOnce(answer(200, { message: 'Lieu « Carrefour Bambéto » modifié.', place: { ...BAMBETO, instructions: null } }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/admin/places/p1', body: { instructions: null } });
  });

  it('hides and shows a place in one tap, with the server’s French words', async () => {
    renderWithQuery(<PlacesTab />);
    await screen.findByText('Carrefour Bambéto');
    fetchMock.mockReturnValueOnce(answer(200, { message: 'Lieu « Carrefour Bambéto » masqué : il n’est plus proposé aux clients.', place: { ...BAMBETO, hidden: true, suggested: false } }));
    await act(async () => fireEvent.click(within(row('Carrefour Bambéto')).getByRole('button', { name: 'Masquer : Carrefour Bambéto' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/admin/places/p1', body: { hidden: true } });
    expect(screen.getByRole('status').textContent).toBe('Lieu « Carrefour Bambéto » masqué : il n’est plus proposé aux clients.');

    fetchMock.mockReturnValueOnce(answer(404, { detail: 'Lieu introuvable : il a peut-être été fusionné dans un autre. Rechargez la liste.', code: 'PLACE_NOT_FOUND' }));
    await act(async () => fireEvent.click(within(row('Chez Mamadou')).getByRole('button', { name: 'Afficher : Chez Mamadou' })));
    expect(calls(fetchMock, 'PUT').at(-1)).toEqual({ url: '/api/admin/places/p3', body: { hidden: false } });
    expect(screen.getByRole('alert').textContent).toBe('Lieu introuvable : il a peut-être été fusionné dans un autre. Rechargez la liste.');
  });

  it('merges a place into another found by its name, never into itself, and shows a refusal in French', async () => {
    renderWithQuery(<PlacesTab />);
    await screen.findByText('Marché Madina');
    fireEvent.click(within(row('Marché Madina')).getByRole('button', { name: 'Fusionner dans… : Marché Madina' }));
    const dialog = screen.getByRole('dialog', { name: 'Fusionner « Marché Madina » dans…' });
    expect(within(dialog).getByRole('button', { name: 'Fusionner' }).hasAttribute('disabled')).toBe(true);
    // The search finds the place itself too: it is not offered.
    fetchMock.mockImplementation(() => pageAnswer([MADINA, place('p4', 'Grand marché Madina', { observation_count: 30 })], { total: 2 }));
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Lieu à garder' }), { target: { value: 'madina' } });
    const choice = await within(dialog).findByRole('radio', { name: /Grand marché Madina/ });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(calls(fetchMock, 'GET').at(-1)!.url).toBe('/api/admin/places?q=madina');
    fireEvent.click(choice);

    fetchMock.mockReturnValueOnce(answer(409, { detail: 'Le carnet des lieux est en cours de regroupement ou d’une autre fusion : réessayez dans un instant.', code: 'PLACE_BOOK_BUSY' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Fusionner dans « Grand marché Madina »' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Le carnet des lieux est en cours de regroupement ou d’une autre fusion : réessayez dans un instant.');

    fetchMock.mockReturnValueOnce(answer(200, { message: 'Lieu « Marché Madina » fusionné dans « Grand marché Madina ».', place: place('p4', 'Grand marché Madina', { observation_count: 32 }) }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Fusionner dans « Grand marché Madina »' })));
    expect(calls(fetchMock, 'POST').at(-1)).toEqual({ url: '/api/admin/places/p2/merge', body: { into_id: 'p4' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Lieu « Marché Madina » fusionné dans « Grand marché Madina ».');
  });

  it('a failed load says so', async () => {
    fetchMock.mockReturnValueOnce(answer(500, {}));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithQuery(<PlacesTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les lieux pour le moment.');
  });
});
