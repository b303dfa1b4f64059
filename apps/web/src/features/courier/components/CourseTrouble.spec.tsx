/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { CourseTrouble } from './CourseTrouble';

const COURSE = '7d444840-9dc0-41d1-b245-5ffdce74fad2';

describe('when a course goes wrong (issue 38)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(() => answer(200, { message: 'Course rendue : elle est proposée à nouveau aux livreurs.' }));
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  const sent = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input, init]) => [String(input), JSON.parse(String(init!.body))]);

  it('before collection: « Rendre la course » with a reason; « Autre » needs words', async () => {
    renderWithQuery(<CourseTrouble courseId={COURSE} status="en_route_pickup" />);
    expect(screen.queryByRole('button', { name: 'Signaler un incident' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rendre la course' }));
    fireEvent.click(screen.getByLabelText('Autre'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    expect(screen.getByText('Précisez le motif (« Autre »).')).toBeTruthy();
    expect(sent()).toEqual([]);
    fireEvent.click(screen.getByLabelText('Expéditeur absent'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    expect(sent()).toEqual([[`/api/delivery/course/${COURSE}/hand-back`, { reason: 'sender_absent' }]]);
    expect((await screen.findByRole('status')).textContent).toBe('Course rendue : elle est proposée à nouveau aux livreurs.');
  });

  it("after collection: « Signaler un incident », the server's refusal shown in French", async () => {
    fetchMock.mockReturnValueOnce(answer(409, { code: 'COURSE_NO_LONGER_YOURS', detail: 'Cette course ne vous est plus confiée.' }));
    renderWithQuery(<CourseTrouble courseId={COURSE} status="collected" />);
    expect(screen.queryByRole('button', { name: 'Rendre la course' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Signaler un incident' }));
    fireEvent.click(screen.getByLabelText('Colis refusé'));
    fireEvent.change(screen.getByLabelText('Précisions (facultatif)'), { target: { value: 'Le destinataire refuse le colis abîmé' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' })));
    expect(sent()).toEqual([[`/api/delivery/course/${COURSE}/incident`, { kind: 'parcel_refused', note: 'Le destinataire refuse le colis abîmé' }]]);
    expect((await screen.findByRole('alert')).textContent).toBe('Cette course ne vous est plus confiée.');
  });

  it('offers nothing on a course delivered', () => {
    renderWithQuery(<CourseTrouble courseId={COURSE} status="delivered" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
