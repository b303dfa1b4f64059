/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CourseDto } from '@coursa/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { CourseCard } from './CourseCard';

const course: CourseDto = {
  id: '0c8f5e1a-4b7d-4e2a-9f3c-1d2e3f4a5b6c',
  course_id: 'CRS-000042',
  status: 'cancelled',
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:05:00Z',
  pickup_location: { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 },
  delivery_location: { address: 'Kipé', latitude: 9.6009, longitude: -13.6431 },
  pickup_contact_phone: null,
  delivery_contact_phone: null,
  recipient_phone: '+224620000002',
  description: null,
  photo_url: null,
  package_type: null,
  estimated_price: 12500,
  discount: 0,
  final_price: null,
  payment_method: 'paycard',
  payment_status: 'refund_pending',
  pickup_time: null,
  delivery_time: null,
  pickup_instructions: null,
  delivery_instructions: null,
  assigned_delivery_person_id: null,
  delivery_person_name: null,
  client_id: 'c1',
  client_name: 'Fanta Camara',
  delivery_otp: false,
  refund: null,
  rating: null,
  proof_photo_url: null,
};

const renderCard = (changes: Partial<CourseDto>) =>
  renderWithQuery(<CourseCard course={{ ...course, ...changes }} onRate={() => {}} onClaim={() => {}} />);

describe('CourseCard: the refund of a cancelled paid course', () => {
  afterEach(cleanup);

  it.each([
    ['to_do', null, 'Remboursement à effectuer par Coursa · 12\u202f500 GNF'],
    ['processing', 'provider', 'Remboursement en cours · 12\u202f500 GNF'],
    ['completed', 'wallet', 'Remboursé · 12\u202f500 GNF'],
  ] as const)('says a %s refund as the client reads it', (status, method, text) => {
    renderCard({ refund: { status, amount: 12500, method } });
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('says nothing of a refund when there is none', () => {
    renderCard({ refund: null, payment_method: 'cash_on_delivery', payment_status: 'failed' });
    expect(screen.queryByText(/Rembours/)).toBeNull();
  });
});

describe('CourseCard: rating a delivered course', () => {
  afterEach(cleanup);

  it('offers « Évaluer » until the course is rated, then shows the rating given', () => {
    renderCard({ status: 'delivered', refund: null });
    expect(screen.getByRole('button', { name: 'Évaluer' })).toBeTruthy();
    cleanup();
    renderCard({ status: 'delivered', rating: { rating: 4, comment: 'Rapide' } });
    expect(screen.queryByRole('button', { name: 'Évaluer' })).toBeNull();
    expect(screen.getByLabelText('Votre note : 4 sur 5').textContent).toBe('Votre note : ★★★★☆ « Rapide »');
  });
});

describe('CourseCard: the route of a delivered course', () => {
  afterEach(cleanup);

  const tracking = (route: unknown) => ({
    id: course.id,
    status: 'delivered',
    pickup_location: course.pickup_location,
    delivery_location: course.delivery_location,
    route,
  });
  const expand = (changes: Partial<CourseDto>) => {
    renderWithQuery(<CourseCard course={{ ...course, ...changes }} onRate={() => {}} onClaim={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Voir les détails' }));
  };

  it('shows, in the details, the route the courier rode and its length', async () => {
    const fetchMock = jest.fn<typeof fetch>(() => answer(200, tracking({ points: [[9.5456, -13.6566], [9.6009, -13.6431]], km: 6.3 })));
    globalThis.fetch = fetchMock;
    expand({ status: 'delivered' });
    expect(await screen.findByText('Trajet parcouru : 6,3 km')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/courses/${course.id}/tracking`);
  });

  it('shows nothing of a route the course does not have, and asks for none of a course not delivered', async () => {
    const fetchMock = jest.fn<typeof fetch>(() => answer(200, tracking(null)));
    globalThis.fetch = fetchMock;
    expand({ status: 'delivered' });
    // Loaded: the loader gone.
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Trajet/)).toBeNull();
    cleanup();
    fetchMock.mockClear();
    expand({ status: 'cancelled' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('CourseCard: the proof of delivery photo (issue 37)', () => {
  afterEach(cleanup);

  it("shows the courier's photo at the door in the details of a delivered course, and nothing without one", async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => answer(404, { detail: 'Fichier introuvable.', code: 'FILE_NOT_FOUND' }));
    renderCard({ status: 'delivered', refund: null, proof_photo_url: '/api/files/5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a' });
    fireEvent.click(screen.getByRole('button', { name: 'Voir les détails' }));
    expect(screen.getByText('Photo de la remise, prise par le livreur à la porte')).toBeTruthy();
    const urls = () => (globalThis.fetch as jest.Mock<typeof fetch>).mock.calls.map(([url]) => String(url));
    await waitFor(() => expect(urls()).toContain('/api/files/5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a'));
    cleanup();
    renderCard({ status: 'delivered', refund: null, proof_photo_url: null });
    fireEvent.click(screen.getByRole('button', { name: 'Voir les détails' }));
    expect(screen.queryByText('Photo de la remise, prise par le livreur à la porte')).toBeNull();
  });
});

describe('CourseCard: one course number, phones to call (issue 38)', () => {
  afterEach(cleanup);

  it('names the course by its number and makes each phone a tel: link', () => {
    renderCard({ status: 'pending', delivery_contact_phone: '+224620000005' });
    expect(screen.getByRole('article', { name: 'Course CRS-000042' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeler le destinataire : +224 620 00 00 02' }).getAttribute('href')).toBe('tel:+224620000002');
    expect(screen.getByRole('link', { name: /Appeler le contact à la livraison/ }).getAttribute('href')).toBe('tel:+224620000005');
  });

  it('names the courier in the details, never by his id, and shows no « Livreur » without one', () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => answer(200, {}));
    renderCard({ status: 'assigned', refund: null, assigned_delivery_person_id: '7d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a', delivery_person_name: 'Ibrahima Camara' });
    fireEvent.click(screen.getByRole('button', { name: 'Voir les détails' }));
    expect(screen.getByText('Livreur').nextElementSibling?.textContent).toBe('Ibrahima Camara');
    expect(screen.queryByText(/0e1f2a/)).toBeNull();
    cleanup();
    renderCard({ status: 'pending', refund: null });
    fireEvent.click(screen.getByRole('button', { name: 'Voir les détails' }));
    expect(screen.queryByText('Livreur')).toBeNull();
  });
});
