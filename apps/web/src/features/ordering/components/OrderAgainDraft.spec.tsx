/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CourseDto } from '@coursa/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { orderAgain } from '@/lib/order-again';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';

jest.unstable_mockModule('@/features/auth', () => ({
  useCurrentUser: () => ({ phone: '+224620000031', full_name: 'Fatoumata Bah', email: null }),
}));
jest.unstable_mockModule('@/components/map/PointPickerMap', () => ({ default: () => null }));
const { CreateCourseTab } = await import('./CreateCourseTab');

const past = {
  pickup_location: { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566, instructions: 'Boutique 12' },
  delivery_location: { address: 'Kipé', latitude: 9.6009, longitude: -13.6431, instructions: null },
  pickup_instructions: 'Boutique 12',
  delivery_instructions: null,
  pickup_contact_phone: null,
  delivery_contact_phone: '+224620000044',
  recipient_phone: '+224620000002',
  package_type: null,
} as unknown as CourseDto;

describe('« Commander à nouveau » opens the order form refilled', () => {
  afterEach(cleanup);

  it('fills both points, their instructions and contacts, and the recipient', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => answer(200, []));
    orderAgain(past);
    await act(async () => void renderWithQuery(<CreateCourseTab />));
    const value = (label: string, index: number) => (screen.getAllByLabelText(label)[index] as HTMLInputElement).value;
    expect([value('Adresse', 0), value('Latitude', 0), value('Longitude', 0), value('Instructions', 0)]).toEqual(['Marché Madina', '9.5456', '-13.6566', 'Boutique 12']);
    expect([value('Adresse', 1), value('Latitude', 1), value('Longitude', 1), value('Téléphone du contact', 1)]).toEqual(['Kipé', '9.6009', '-13.6431', '+224620000044']);
    expect((screen.getByLabelText('Téléphone du destinataire') as HTMLInputElement).value).toContain('620');
  });
});
