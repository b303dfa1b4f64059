/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { SavedPlacesManager } from './SavedPlacesManager';

const place = (id: string, label: string) => ({
  id,
  label,
  address: `${label}, Conakry`,
  latitude: 9.5917,
  longitude: -13.6236,
  instructions: null,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
});

describe('« Mes adresses » in the profile', () => {
  let saved: ReturnType<typeof place>[];
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    saved = [place('p1', 'Bureau'), place('p2', 'Maison')];
    fetchMock = jest.fn<typeof fetch>((input, init) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string);
        if (body.label === 'Maison') return answer(409, { code: 'SAVED_PLACE_LABEL_TAKEN', detail: 'Vous avez déjà une adresse nommée « Maison » : choisissez un autre nom.' });
        saved = saved.map((kept) => (url.endsWith(kept.id) ? { ...kept, ...body } : kept));
        return answer(200, { message: 'ok', place: saved[0] });
      }
      if (init?.method === 'DELETE') {
        saved = saved.filter((kept) => !url.endsWith(kept.id));
        return answer(200, { message: 'Adresse supprimée.' });
      }
      return answer(200, saved);
    });
    globalThis.fetch = fetchMock;
    window.confirm = () => true;
  });
  afterEach(cleanup);

  it('lists, renames and deletes her places, and says a taken name in French', async () => {
    renderWithQuery(<SavedPlacesManager />);
    const bureau = await screen.findByRole('listitem', { name: 'Bureau' });
    fireEvent.click(within(bureau).getByRole('button', { name: 'Modifier « Bureau »' }));
    fireEvent.change(within(bureau).getByLabelText('Nom de l’adresse'), { target: { value: 'Maison' } });
    fireEvent.click(within(bureau).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(bureau).findByRole('alert')).textContent).toContain('Vous avez déjà une adresse nommée « Maison »');

    fireEvent.change(within(bureau).getByLabelText('Nom de l’adresse'), { target: { value: 'Chez Tantie' } });
    fireEvent.click(within(bureau).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('listitem', { name: 'Chez Tantie' })).toBeTruthy();

    fireEvent.click(within(screen.getByRole('listitem', { name: 'Maison' })).getByRole('button', { name: 'Supprimer « Maison »' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Maison' })).toBeNull());
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === '/api/places/saved/p2')).toBe(true);
  });
});
