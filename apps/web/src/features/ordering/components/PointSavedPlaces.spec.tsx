/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';

jest.unstable_mockModule('@/features/auth', () => ({
  useCurrentUser: () => ({ phone: '+224620000031', full_name: 'Fatoumata Bah', email: null }),
}));
jest.unstable_mockModule('@/components/map/PointPickerMap', () => ({ default: () => null }));
const { CreateCourseTab } = await import('./CreateCourseTab');

const MAISON = {
  id: '0c8f5e1a-4b7d-4e2a-9f3c-1d2e3f4a5b6c',
  label: 'Maison',
  address: 'Carrefour Bambéto, à côté de la pharmacie',
  latitude: 9.5917,
  longitude: -13.6236,
  instructions: 'Portail bleu',
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
};

const show = () => act(async () => void renderWithQuery(<CreateCourseTab />));

describe('« Mes adresses » on the order form', () => {
  let saved: unknown[];
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    saved = [MAISON];
    fetchMock = jest.fn<typeof fetch>((input, init) => {
      if (String(input) === '/api/places/saved' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string);
        const place = { ...MAISON, id: 'new', ...body };
        saved = [...saved, place];
        return answer(201, { message: `Adresse « ${body.label} » enregistrée.`, place });
      }
      if (String(input) === '/api/places/saved') return answer(200, saved);
      return answer(404, {});
    });
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('offers her places for each point; choosing one fills the address, the point and the instructions', async () => {
    await show();
    const forDelivery = await screen.findByRole('group', { name: 'Mes adresses pour la livraison' });
    fireEvent.click(forDelivery.querySelector('button')!);
    expect((screen.getAllByLabelText('Adresse')[1] as HTMLInputElement).value).toBe('Carrefour Bambéto, à côté de la pharmacie');
    expect((screen.getAllByLabelText('Latitude')[1] as HTMLInputElement).value).toBe('9.5917');
    expect((screen.getAllByLabelText('Longitude')[1] as HTMLInputElement).value).toBe('-13.6236');
    expect((screen.getAllByLabelText('Instructions')[1] as HTMLInputElement).value).toBe('Portail bleu');
    // The pickup is left as it was.
    expect((screen.getAllByLabelText('Adresse')[0] as HTMLInputElement).value).toBe('');
  });

  it('saves the pickup as typed and placed under a name, and offers it next', async () => {
    await show();
    fireEvent.change(screen.getAllByLabelText('Adresse')[0]!, { target: { value: 'Marché Madina, portail bleu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’adresse de retrait' }));
    fireEvent.change(screen.getByLabelText('Nom de l’adresse'), { target: { value: 'Bureau' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // No point placed yet: nothing is sent.
    expect((await screen.findByRole('alert')).textContent).toBe('Indiquez l’adresse et placez le point sur la carte avant de l’enregistrer.');
    fireEvent.change(screen.getAllByLabelText('Latitude')[0]!, { target: { value: '9,5456' } });
    fireEvent.change(screen.getAllByLabelText('Longitude')[0]!, { target: { value: '-13.6566' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Adresse « Bureau » enregistrée.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ label: 'Bureau', address: 'Marché Madina, portail bleu', latitude: 9.5456, longitude: -13.6566, instructions: null });
    const forPickup = await screen.findByRole('group', { name: 'Mes adresses pour le retrait' });
    expect(await screen.findAllByRole('button', { name: 'Bureau' })).toHaveLength(2);
    expect(forPickup.textContent).toContain('Maison');
  });
});
