/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, screen, within } from '@testing-library/react';
import { applyCourseStatus } from '@/features/realtime';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { MyCoursesTab } from './MyCoursesTab';

const course = {
  id: '0c8f5e1a-4b7d-4e2a-9f3c-1d2e3f4a5b6c',
  course_id: 'CRS-000042',
  status: 'pending',
  created_at: '2026-11-25T10:00:00Z',
  pickup_location: { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 },
  delivery_location: { address: 'Kipé', latitude: 9.6009, longitude: -13.6431 },
  pickup_contact_phone: null,
  delivery_contact_phone: null,
  recipient_phone: '+224620000002',
  estimated_price: 12500,
  discount: 0,
  final_price: null,
  assigned_delivery_person_id: null,
  refund: null,
  rating: null,
};

describe('« Mes courses » live (issue 38)', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn<typeof fetch>((input) => (String(input).startsWith('/api/disputes') ? answer(200, []) : answer(200, [course])));
  });
  afterEach(cleanup);

  it("changes a course's status as the socket says it, without a reload", async () => {
    const { queryClient } = renderWithQuery(<MyCoursesTab />);
    const card = await screen.findByRole('article', { name: 'Course CRS-000042' });
    expect(within(card).getByText('En attente')).toBeTruthy();
    await act(async () => applyCourseStatus(queryClient, { course_id: course.id, course_number: 'CRS-000042', status: 'assigned', status_label: 'Assignée', courier_id: 'k1' }));
    expect(within(card).getByText('Assignée')).toBeTruthy();
  });
});
