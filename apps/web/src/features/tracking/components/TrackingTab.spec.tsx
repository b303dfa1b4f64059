/** @jest-environment jsdom */
import { answer as reply } from '@/test/fetch-answer';
import type { CourseDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { applyCourierPosition, applyCourseStatus, realtimeActions } from '@/features/realtime';
import { trackingQueries } from '../api/tracking-api';
import { renderWithQuery } from '@/test/render-with-query';
import { CourseTracking, TrackingTab, TRACKING_REFRESH_MS } from './TrackingTab';
import { followCourse } from '../stores/followed-course';


const tracking = {
  id: 'aaaaaaaa-bbbb-cccc-dddd-eeee12345678',
  status: 'en_route_pickup',
  status_label: 'En route (retrait)',
  pickup_location: { address: 'Kaloum', latitude: 9.51, longitude: -13.71 },
  delivery_location: { address: 'Ratoma', latitude: 9.6, longitude: -13.62 },
  estimated_price: 15000,
  created_at: '2026-11-22T08:00:00.000Z',
  pickup_time: null,
  delivery_time: null,
  arrival_estimate: 'Arrivée estimée dans 12 min',
  eta_minutes: 12,
  delivery_person_location: { latitude: 9.512345, longitude: -13.709876, at: '2026-11-22T08:05:00.000Z' },
  courier_contact: { name: 'Mamadou Barry', phone: '+224620000011' },
};

describe('tracking', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
    realtimeActions.reset();
  });

  it('shows the empty state without active courses', async () => {
    fetchMock.mockReturnValue(reply(200, [], { 'x-total-count': '0' }));
    renderWithQuery(<TrackingTab />);
    expect(await screen.findByText('Aucune course active')).toBeTruthy();
    // The server keeps the open courses (waiting for a courier included), across all the pages of the list.
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/courses?status=open&limit=100');
    expect(screen.getByText("Vous n'avez pas de livraisons en cours à suivre.")).toBeTruthy();
  });

  it('shows the course and refreshes every 10 s', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(() => reply(200, tracking));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Position du livreur : 9.5123, -13.7099')).toBeTruthy();
    expect(screen.getByTestId('arrival-estimate').textContent).toBe('Arrivée estimée dans 12 min');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRACKING_REFRESH_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1][0])).toBe(`/api/courses/${tracking.id}/tracking`);
  });

  it('updates the ETA with each live position, at the pace the server observed', async () => {
    fetchMock.mockImplementation(() => reply(200, tracking));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    const { queryClient } = renderWithQuery(<CourseTracking course={course} />);
    // The client's courses under way, as the tracking screen read them: who carries which.
    queryClient.setQueryData(trackingQueries.courses().queryKey, [course]);
    expect((await screen.findByTestId('arrival-estimate')).textContent).toBe('Arrivée estimée dans 12 min');
    // At the pickup, 14.13 km from the delivery: 28.3 min at 30 km/h, 47.1 min at the city's 18 km/h.
    const atPickup = { courier_id: 'k1', lat: 9.51, lng: -13.71, heading: null, speed: null, accuracy: null, at: '2026-11-22T08:10:00.000Z' };
    await act(async () => applyCourierPosition(queryClient, { ...atPickup, observed_speed_kmh: 30 }));
    expect(screen.getByTestId('arrival-estimate').textContent).toBe('Arrivée estimée dans 29 min');
    await act(async () => applyCourierPosition(queryClient, { ...atPickup, observed_speed_kmh: null }));
    expect(screen.getByTestId('arrival-estimate').textContent).toBe('Arrivée estimée dans 48 min');
  });

  it("says the position's age once no position has come for more than a minute, and not after a new one (issue 37)", async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-22T08:05:30.000Z') });
    fetchMock.mockImplementation(() => reply(200, tracking));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    const { queryClient } = renderWithQuery(<CourseTracking course={course} />);
    queryClient.setQueryData(trackingQueries.courses().queryKey, [course]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('courier-position')).toBeTruthy();
    expect(screen.queryByTestId('stale-position')).toBeNull();
    // Positions stop: the screen says how old the last one is as time passes.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3 * 60_000);
    });
    expect(screen.getByTestId('stale-position').textContent).toBe("Position d'il y a 3 min");
    await act(async () => applyCourierPosition(queryClient, { courier_id: 'k1', lat: 9.52, lng: -13.7, heading: null, speed: null, accuracy: null, at: new Date().toISOString(), observed_speed_kmh: null }));
    expect(screen.queryByTestId('stale-position')).toBeNull();
  });

  it('shows the fixed text while there is no ETA', async () => {
    fetchMock.mockImplementation(() => reply(200, { ...tracking, delivery_person_location: null, eta_minutes: null, arrival_estimate: '10-20 min' }));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    expect(await screen.findByText('10-20 min')).toBeTruthy();
    expect(screen.queryByTestId('arrival-estimate')).toBeNull();
  });

  it('calls the courier with a tel: link, and opens the claim form for this course', async () => {
    fetchMock.mockImplementation(() => reply(200, tracking));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    const call = await screen.findByRole('link', { name: 'Contacter le livreur' });
    expect(call.getAttribute('href')).toBe('tel:+224620000011');
    fireEvent.click(screen.getByRole('button', { name: 'Signaler un problème' }));
    expect(screen.getByRole('dialog', { name: 'Signaler un Problème' })).toBeTruthy();
  });

  it('shows the route the courier rode, with its length, once the course is delivered', async () => {
    const route = { points: [[9.51, -13.71], [9.55, -13.66], [9.6, -13.62]], km: 7.4 };
    fetchMock.mockImplementation(() => reply(200, { ...tracking, status: 'delivered', delivery_person_location: null, eta_minutes: null, route }));
    const course = { id: tracking.id, status: 'delivered', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    expect(await screen.findByText('Trajet parcouru : 7,4 km')).toBeTruthy();
  });

  it("shows the courier's photo at the door once the course is delivered (issue 37)", async () => {
    const url = '/api/files/5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
    fetchMock.mockImplementation((input) =>
      String(input) === url ? reply(404, { detail: 'Fichier introuvable.', code: 'FILE_NOT_FOUND' }) : reply(200, { ...tracking, status: 'delivered', delivery_person_location: null, eta_minutes: null, proof_photo_url: url }),
    );
    const course = { id: tracking.id, status: 'delivered', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    expect(await screen.findByText('Photo de la remise, prise par le livreur à la porte')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(url);
  });

  it('shows no route length while the course is under way, or before its route is kept', async () => {
    fetchMock.mockImplementation(() => reply(200, { ...tracking, route: null }));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    await screen.findByTestId('arrival-estimate');
    expect(screen.queryByText(/Trajet parcouru/)).toBeNull();
  });

  it('has no number to call when the API gives none', async () => {
    fetchMock.mockImplementation(() => reply(200, { ...tracking, courier_contact: null }));
    const course = { id: tracking.id, status: 'en_route_pickup', assigned_delivery_person_id: 'k1' } as CourseDto;
    renderWithQuery(<CourseTracking course={course} />);
    const call = (await screen.findByRole('button', { name: 'Contacter le livreur' })) as HTMLButtonElement;
    expect(call.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Contacter le livreur' })).toBeNull();
  });

  const listed = (id: string, number: string, status: string) =>
    ({ id, course_id: number, status, assigned_delivery_person_id: null, delivery_location: { address: 'Ratoma', latitude: 9.6, longitude: -13.62 } }) as unknown as CourseDto;

  it('lists a course waiting for a courier, by its number, and shows its acceptance at once from the socket (issue 38)', async () => {
    const waiting = listed(tracking.id, 'CRS-000317', 'pending');
    let atServer = 'pending';
    fetchMock.mockImplementation((input) =>
      String(input).startsWith('/api/courses?')
        ? reply(200, [waiting], { 'x-total-count': '1' })
        : reply(200, { ...tracking, course_number: 'CRS-000317', status: atServer, courier_contact: null, delivery_person_location: null, eta_minutes: null }),
    );
    const { queryClient } = renderWithQuery(<TrackingTab />);
    expect(await screen.findByRole('heading', { name: 'Course CRS-000317' })).toBeTruthy();
    expect(screen.queryByText('Aucune course active')).toBeNull();
    expect(screen.getByRole('option', { name: 'CRS-000317 · Ratoma — En attente' })).toBeTruthy();

    // A courier accepts while the screen is open: the list and the course's status change at once.
    atServer = 'assigned';
    await act(async () => applyCourseStatus(queryClient, { course_id: tracking.id, course_number: 'CRS-000317', status: 'assigned', status_label: 'Assignée', courier_id: 'k1' }));
    expect(screen.getByRole('option', { name: 'CRS-000317 · Ratoma — Assignée' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Course CRS-000317' }).parentElement!.textContent).toContain('Assignée');
  });

  it('opens on the course « Suivre ma course » named', async () => {
    const first = listed('11111111-1111-4111-8111-111111111111', 'CRS-000001', 'assigned');
    const second = listed(tracking.id, 'CRS-000317', 'pending');
    fetchMock.mockImplementation((input) =>
      String(input).startsWith('/api/courses?') ? reply(200, [first, second]) : reply(200, { ...tracking, id: String(input).split('/')[3], course_number: 'CRS-000317', status: 'pending' }),
    );
    followCourse(tracking.id);
    renderWithQuery(<TrackingTab />);
    expect(((await screen.findByLabelText('Course à suivre')) as HTMLSelectElement).value).toBe(tracking.id);
  });
});
