/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { CourseDto } from '@coursa/contracts';
import { cleanup, render, screen } from '@testing-library/react';
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
  client_id: 'c1',
  client_name: 'Fanta Camara',
  delivery_otp: false,
  refund: null,
  rating: null,
};

const renderCard = (changes: Partial<CourseDto>) =>
  render(<CourseCard course={{ ...course, ...changes }} onChanged={() => {}} onRate={() => {}} onClaim={() => {}} />);

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
