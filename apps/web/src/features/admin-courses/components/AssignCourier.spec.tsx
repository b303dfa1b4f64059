/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { CourseAssignment, type AssignableCourse } from './AssignCourier';

const FIRST = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const SECOND = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const COURSE: AssignableCourse = { id: '7d444840-9dc0-41d1-b245-5ffdce74fad2', name: 'CRS-000123', status: 'collected', courierId: FIRST, handBackCount: 2 };
const COURIERS = [
  { id: FIRST, full_name: 'Ibrahima Camara', phone: '+224660000002', role: 'salaried_delivery', active_courses: 1 },
  { id: SECOND, full_name: 'Ousmane Bangoura', phone: '+224660000003', role: 'independent_delivery', active_courses: 0 },
];

describe('assigning a course to a courier (issue 38)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>((input, init) =>
      init?.method === 'POST'
        ? answer(200, { message: 'Course confiée à Ousmane Bangoura.', course_id: COURSE.id, status: 'collected', courier_id: SECOND, courier_name: 'Ousmane Bangoura', previous_courier_id: FIRST })
        : pageAnswer(String(input).includes('/couriers/available') ? COURIERS : []),
    );
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('offers the other available couriers, sends the one picked and confirms; shows how often it was handed back', async () => {
    renderWithQuery(<CourseAssignment course={COURSE} />);
    expect(screen.getByText('Rendue 2 fois par un livreur')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réassigner' }));
    const select = (await screen.findByLabelText('Livreur disponible')) as HTMLSelectElement;
    // The courier who has it is not offered.
    expect([...select.options].map((option) => option.textContent)).toEqual(['Ousmane Bangoura']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(call[0])).toBe(`/api/admin/courses/${COURSE.id}/assign`);
    expect(JSON.parse(String(call[1]!.body))).toEqual({ courier_id: SECOND });
    expect((await screen.findByRole('status')).textContent).toBe('Course confiée à Ousmane Bangoura.');
  });

  it("shows the server's French refusal", async () => {
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'POST'
        ? answer(409, { code: 'COURSE_CHANGED', detail: 'Cette course vient de changer : rechargez la liste et réessayez.' })
        : pageAnswer(String(input).includes('/couriers/available') ? COURIERS : []),
    );
    renderWithQuery(<CourseAssignment course={{ ...COURSE, status: 'pending', courierId: null, handBackCount: 0 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assigner un livreur' }));
    await screen.findByLabelText('Livreur disponible');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette course vient de changer : rechargez la liste et réessayez.');
  });

  it('offers nothing on an ended course', () => {
    renderWithQuery(<CourseAssignment course={{ ...COURSE, status: 'delivered' }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
