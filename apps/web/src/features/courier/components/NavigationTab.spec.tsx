/** @jest-environment jsdom */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { OpenTabContext } from '@/lib/tabs';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { resetCourierSyncForTests, runCourierAction } from '../offline/courier-sync';
import { ownPosition } from '../stores/own-position';

// Leaflet stood in for: the map says who it draws.
jest.unstable_mockModule('@/components/map/lazy-maps', () => ({
  loadCourseMap: () => Promise.resolve(),
  CourseMap: ({ me }: { me?: { lat: number; lng: number } | null }) => <div data-testid="map">{me ? `Vous : ${me.lat}, ${me.lng}` : 'sans position'}</div>,
}));
const { NavigationTab } = await import('./NavigationTab');

const ID = '0c8f5e1a-4b7d-4e2a-9f3c-1d2e3f4a5b6c';
const point = (address: string) => ({ address, latitude: 9.5, longitude: -13.7, instructions: null });
const listed = { id: ID, course_id: 'CRS-000317', status: 'en_route_delivery', delivery_location: point('Kaloum'), pickup_location: point('Madina') };
const navigation = {
  id: ID,
  course_number: 'CRS-000317',
  status: 'en_route_delivery',
  status_label: 'En route (livraison)',
  pickup_location: point('Madina'),
  delivery_location: point('Kaloum'),
  client_contact: { name: 'Mariama Diallo', phone: '+224620000001' },
  recipient_phone: '+224620000003',
  pickup_contact_phone: null,
  delivery_contact_phone: null,
  description: null,
  package_type: null,
  photo_url: null,
  estimated_price: 26000,
  price_to_pay: 26000,
  cash_to_collect: null,
  trip_km: 7.4,
  next_action: null,
  otp_required: true,
  proof_photo_required: false,
  proof_photo_taken: false,
  otp_locked: false,
  pickup_place: null as { name: string; instructions: string | null } | null,
  delivery_place: null as { name: string; instructions: string | null } | null,
};

describe('NavigationTab (issue 38)', () => {
  let underWay: unknown[];
  beforeEach(() => {
    underWay = [listed];
    resetCourierSyncForTests();
    signInForRenders({ id: 'k1', role: 'independent_delivery', full_name: 'Sékou', is_available: true });
    globalThis.fetch = jest.fn<typeof fetch>((input) => {
      const url = String(input);
      if (url.startsWith('/api/delivery/history')) return answer(200, underWay);
      if (url.endsWith('/navigation')) return answer(200, navigation);
      if (url.endsWith('/verify-otp')) return answer(200, { message: 'ok' });
      return answer(200, {});
    });
  });
  afterEach(() => {
    cleanup();
    ownPosition.set(null);
    navigation.pickup_place = null;
    navigation.delivery_place = null;
  });

  const show = () => {
    const openTab = jest.fn<(tabId: string) => void>();
    renderWithQuery(
      <OpenTabContext value={openTab}>
        <NavigationTab />
      </OpenTabContext>,
    );
    return openTab;
  };

  it('names the course by its number and address, shows the courier himself on the map, and every phone is a tel: link', async () => {
    ownPosition.set({ lat: 9.53, lng: -13.68, at: 0 });
    show();
    expect(await screen.findByRole('heading', { name: 'Course CRS-000317' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'CRS-000317 · Kaloum — En route (livraison)' })).toBeTruthy();
    expect((await screen.findByTestId('map')).textContent).toBe('Vous : 9.53, -13.68');
    expect(screen.getByRole('link', { name: 'Appeler le destinataire : +224 620 00 00 03' }).getAttribute('href')).toBe('tel:+224620000003');
    expect(screen.getByRole('link', { name: 'Appeler Mariama Diallo : +224 620 00 00 01' }).getAttribute('href')).toBe('tel:+224620000001');
  });

  it('after the handover says « Course CRS-… livrée » and waits for the courier before moving on', async () => {
    const openTab = show();
    await screen.findByRole('heading', { name: 'Course CRS-000317' });
    underWay = [];
    await act(async () => void (await runCourierAction({ kind: 'verify-otp', courseId: ID, otp: '123456' })));
    expect(await screen.findByRole('heading', { name: 'Course CRS-000317 livrée' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Voir les courses disponibles' }));
    expect(openTab).toHaveBeenCalledWith('available-courses');
    expect(await screen.findByRole('heading', { name: 'Aucune course active' })).toBeTruthy();
  });

  it('shows the known place the client chose under her address, with its usual instructions when staff wrote some (issue 39)', async () => {
    navigation.pickup_place = { name: 'Marché Madina', instructions: 'Entrée côté pharmacie' };
    navigation.delivery_place = { name: 'Rond-point Kaloum', instructions: null };
    show();
    await screen.findByText('Lieu connu : Marché Madina');
    const [pickup, delivery] = [...document.querySelectorAll('.nav-points > div')].map((end) => [...end.querySelectorAll('p')].map((line) => line.textContent));
    expect(pickup).toEqual(['Madina', 'Lieu connu : Marché Madina', 'Consignes habituelles : Entrée côté pharmacie']);
    expect(delivery).toEqual(['Kaloum', 'Lieu connu : Rond-point Kaloum']);
  });

  it('says nothing of a known place when the client chose none', async () => {
    show();
    await screen.findByRole('heading', { name: 'Course CRS-000317' });
    expect(screen.queryByText(/Lieu connu/)).toBeNull();
    expect(screen.queryByText(/Consignes habituelles/)).toBeNull();
  });
});
