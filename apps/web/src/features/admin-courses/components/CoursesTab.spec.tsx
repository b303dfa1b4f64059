/** @jest-environment jsdom */
import type { AdminCourseDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { CoursesTab } from './CoursesTab';

const course = (id: string, status: AdminCourseDto['status']): AdminCourseDto => ({
  id: `00000000-0000-0000-0000-0000000000${id}`,
  course_number: `CRS-0000${id}`,
  status,
  client_id: 'client-aaaaaaaa',
  client_name: 'Awa Camara',
  client_phone: '+224622123456',
  assigned_delivery_person_id: 'courier-bbbbbbbb',
  delivery_person_name: 'Mamadou Diallo',
  delivery_person_phone: '+224660000002',
  recipient_phone: '+224620000003',
  created_at: '2026-01-15T10:00:00.000Z',
  estimated_price: 25000,
  payment_method: id === '04' ? 'cash_on_delivery' : 'orange_money',
  price_to_pay: 23000,
  pickup_location: { address: 'Kaloum, marché', latitude: 9.5092, longitude: -13.7122 },
  delivery_location: { address: 'Ratoma, Lambanyi', latitude: 9.62, longitude: -13.6 },
  description: id === '01' ? 'Deux cartons' : null,
  handover_flag: id === '02' ? { kind: 'far_handover', distance_m: 3000 } : null,
  position_flag: id === '01' ? { distance_m: 20_000, seconds: 10 } : null,
  proof_photo_url: id === '02' ? '/api/files/5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a' : null,
  hand_back_count: 0,
});
const COURSES = [course('01', 'collected'), course('02', 'delivered'), course('03', 'cancelled')];
const card = (id: string) => screen.getByRole('article', { name: `Course CRS-0000${id}` });

describe('course management', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => pageAnswer(COURSES, { total: COURSES.length }));
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('marks a course whose handover was flagged (issue 24)', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByRole('article', { name: 'Course CRS-000002' });
    expect(within(card('02')).getByText('⚠ À vérifier : remise à 3 km du point de livraison')).toBeTruthy();
    expect(within(card('01')).queryByText(/remise/)).toBeNull();
  });

  it('marks a course during which a position of its courier was kept off the map (issue 24)', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByRole('article', { name: 'Course CRS-000001' });
    expect(within(card('01')).getByText('⚠ À vérifier : position improbable (saut de 20 km en 10 s)')).toBeTruthy();
    expect(within(card('03')).queryByText(/À vérifier/)).toBeNull();
  });

  it('shows the card fields and offers the actions only on non-final courses', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    expect(within(card('01')).getByText(/25\s000 GNF/)).toBeTruthy();
    expect(within(card('01')).getByText('Colis récupéré')).toBeTruthy();
    expect(within(card('01')).getByRole('button', { name: 'Annuler la course' })).toBeTruthy();
    // An ended course only shows its route, and its proof photo when it has one (issue 37).
    expect(within(card('02')).getAllByRole('button').map((button) => button.textContent)).toEqual(['Voir la photo de remise', 'Voir le trajet']);
    expect(within(card('03')).getAllByRole('button').map((button) => button.textContent)).toEqual(['Voir le trajet']);
    expect(within(card('01')).queryByRole('button', { name: 'Voir le trajet' })).toBeNull();
    expect([...(screen.getByLabelText('Filtrer par statut') as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      '',
      'pending',
      'assigned',
      'en_route',
      'collected',
      'delivered',
      'cancelled',
    ]);
  });

  it('reads the next page with « Voir plus », under the same filter, until there is none', async () => {
    fetchMock.mockImplementation((input) =>
      String(input).includes('cursor=')
        ? pageAnswer([COURSES[2]], { total: 3 })
        : pageAnswer(COURSES.slice(0, 2), { next: 'page-2', total: 3 }),
    );
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    expect(screen.queryByRole('article', { name: 'Course CRS-000003' })).toBeNull();
    expect(screen.getByText('2 sur 3')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Voir plus' })));
    expect(await screen.findByRole('article', { name: 'Course CRS-000003' })).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/admin/courses?cursor=page-2');
    expect(screen.getByText('3 sur 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
  });

  it("shows an ended course's route on demand, with its length, or says there is none", async () => {
    const route = { points: [[9.5092, -13.7122], [9.55, -13.65], [9.62, -13.6]], km: 7.4 };
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url.endsWith('/tracking')) {
        return answer(200, { id: url.split('/').at(-2), status: 'delivered', pickup_location: COURSES[1]!.pickup_location, delivery_location: COURSES[1]!.delivery_location, route: url.includes('000000000002') ? route : null });
      }
      return pageAnswer(COURSES, { total: COURSES.length });
    });
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/tracking'))).toBe(false);
    fireEvent.click(within(card('02')).getByRole('button', { name: 'Voir le trajet' }));
    expect(await within(card('02')).findByText('Trajet parcouru : 7,4 km')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/courses/00000000-0000-0000-0000-000000000002/tracking');
    expect(within(card('02')).getByRole('button', { name: 'Masquer le trajet' }).getAttribute('aria-expanded')).toBe('true');
    // One at a time: the cancelled course's, which has none.
    fireEvent.click(within(card('03')).getByRole('button', { name: 'Voir le trajet' }));
    expect(await within(card('03')).findByText('Trajet non disponible')).toBeTruthy();
    expect(within(card('02')).queryByText(/Trajet parcouru/)).toBeNull();
  });

  it('asks for an optional reason, sends it in the query and confirms', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    fireEvent.click(within(card('01')).getByRole('button', { name: 'Annuler la course' }));
    fireEvent.change(screen.getByLabelText('Raison (optionnelle)'), { target: { value: 'Client absent' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(call[0])).toMatch(/\/admin\/courses\/00000000-0000-0000-0000-000000000001\/status\?new_status=cancelled&reason=Client%20absent$/);
    expect(screen.getByRole('status').textContent).toBe('Statut mis à jour avec succès');
  });

  it('without a reason sends no reason; a failure says so', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    fetchMock.mockReturnValueOnce(answer(409, { detail: 'conflit' }));
    fireEvent.click(within(card('01')).getByRole('button', { name: 'Marquer livrée' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(call[0])).toMatch(/\/status\?new_status=delivered$/);
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la modification');
  });

  it('closing a cash course asks whether its courier collected the cash, and sends the answer (issue 34)', async () => {
    fetchMock.mockImplementation((_input, init) =>
      init?.method === 'PUT' ? answer(200, { message: 'Statut mis à jour avec succès', status: 'delivered' }) : pageAnswer([course('04', 'en_route_delivery')], { total: 1 }),
    );
    renderWithQuery(<CoursesTab />);
    await screen.findByRole('article', { name: 'Course CRS-000004' });
    fireEvent.click(within(card('04')).getByRole('button', { name: 'Marquer livrée' }));
    expect(screen.getByText(/^Mamadou Diallo a-t-il encaissé 23\s000 GNF en espèces \?$/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    expect(screen.getByText('Indiquez si le livreur a encaissé les espèces.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByLabelText(/Oui, il les a encaissés/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(call[0])).toMatch(/\/status\?new_status=delivered&cash_collected=true$/);
  });

  it('names each course by its number, and gives the phones to call with a tap and the payment mode (issue 38)', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    expect(within(card('01')).getByRole('heading', { name: 'Course CRS-000001' })).toBeTruthy();
    const calls = within(card('01'))
      .getAllByRole('link')
      .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    expect(calls).toEqual([
      ['Appeler le client Awa Camara : +224 622 12 34 56', 'tel:+224622123456'],
      ['Appeler le livreur Mamadou Diallo : +224 660 00 00 02', 'tel:+224660000002'],
      ['Appeler le destinataire : +224 620 00 00 03', 'tel:+224620000003'],
    ]);
    expect(within(card('01')).getByText('Orange Money')).toBeTruthy();
    fireEvent.click(within(card('01')).getByRole('button', { name: 'Annuler la course' }));
    expect(screen.getByRole('dialog').textContent).toContain('Course CRS-000001 : Annulée');
  });

  it('names the course by its number when staff reassign it, never by a hex id (issue 38)', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    fireEvent.click(within(card('01')).getByRole('button', { name: 'Réassigner' }));
    const title = within(screen.getByRole('dialog')).getByRole('heading').textContent;
    expect(title).toMatch(/^Course CRS-000001 : /);
    expect(title).not.toContain('#');
  });

  it('searches as the staff member types, once typing pauses, under the status filter (issue 38)', async () => {
    renderWithQuery(<CoursesTab />);
    await screen.findByText('Deux cartons');
    fireEvent.change(screen.getByLabelText('Filtrer par statut'), { target: { value: 'en_route' } });
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/admin/courses?status=en_route'));
    fetchMock.mockImplementation(() => pageAnswer([], { total: 0 }));
    const box = screen.getByRole('searchbox', { name: 'Rechercher une course' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'ba' } });
    fireEvent.change(box, { target: { value: 'baldé ' } });
    expect(await screen.findByText('Aucune course trouvée pour « baldé ».')).toBeTruthy();
    const searches = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('q='));
    expect(searches).toEqual(['/api/admin/courses?status=en_route&q=bald%C3%A9']);
  });
});
