/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CourseDto } from '@coursa/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { OpenTabContext } from '@/lib/tabs';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';

import { useOrderAgainCourse } from '@/lib/order-again';
import { OrderAgain } from './OrderAgain';

/** What the order form will read when it opens. */
function HandedOver() {
  return <span data-testid="handed-over">{useOrderAgainCourse()?.id ?? 'rien'}</span>;
}

const course = {
  id: '0c8f5e1a-4b7d-4e2a-9f3c-1d2e3f4a5b6c',
  pickup_location: { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 },
  delivery_location: { address: 'Kipé', latitude: 9.6009, longitude: -13.6431, instructions: 'Portail bleu' },
  pickup_instructions: 'Boutique 12',
  delivery_instructions: 'Portail bleu',
} as unknown as CourseDto;

describe('a past course: « Commander à nouveau » and « Enregistrer l’adresse »', () => {
  afterEach(cleanup);

  it('hands the course to the order form and opens it', async () => {
    const openTab = jest.fn();
    renderWithQuery(
      <OpenTabContext.Provider value={openTab}>
        <OrderAgain course={course} />
        <HandedOver />
      </OpenTabContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Commander à nouveau' }));
    await waitFor(() => expect(openTab).toHaveBeenCalledWith('create-course'));
    expect(screen.getByTestId('handed-over').textContent).toBe(course.id);
  });

  it('saves the delivery point with its instructions under a name', async () => {
    const fetchMock = jest.fn<typeof fetch>(() => answer(201, { message: 'ok', place: { label: 'Tantie' } }));
    globalThis.fetch = fetchMock;
    renderWithQuery(<OrderAgain course={course} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’adresse de livraison' }));
    fireEvent.change(screen.getByLabelText('Nom de l’adresse'), { target: { value: 'Tantie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Adresse « Tantie » enregistrée.')).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ label: 'Tantie', address: 'Kipé', latitude: 9.6009, longitude: -13.6431, instructions: 'Portail bleu' });
  });
});
