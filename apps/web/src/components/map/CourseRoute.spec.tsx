/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';

// The Leaflet map stood in for by what it was given.
jest.unstable_mockModule('@/components/map/CourseMap', () => ({
  default: ({ route, label }: { route?: [number, number][]; label: string }) => <div role="region" aria-label={label} data-route={JSON.stringify(route)} />,
}));
const { CourseRoute } = await import('./CourseRoute');

const ID = 'aaaaaaaa-bbbb-cccc-dddd-eeee12345678';
const tracking = (route: unknown) => ({
  id: ID,
  status: 'delivered',
  pickup_location: { address: 'Kaloum', latitude: 9.51, longitude: -13.71 },
  delivery_location: { address: 'Ratoma', latitude: 9.6, longitude: -13.62 },
  route,
});

describe('CourseRoute', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it("loads the course's tracking and shows its route on the map, with its length", async () => {
    const points = [[9.51, -13.71], [9.55, -13.66], [9.6, -13.62]];
    fetchMock.mockImplementation(() => answer(200, tracking({ points, km: 7.4 })));
    renderWithQuery(<CourseRoute courseId={ID} />);
    expect(await screen.findByText('Trajet parcouru : 7,4 km')).toBeTruthy();
    expect(JSON.parse((await screen.findByRole('region', { name: 'Carte du trajet' })).dataset.route!)).toEqual(points);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/courses/${ID}/tracking`);
  });

  it('says so when the course has no route, or shows what it is given instead', async () => {
    fetchMock.mockImplementation(() => answer(200, tracking(null)));
    renderWithQuery(<CourseRoute courseId={ID} />);
    expect(await screen.findByText('Trajet non disponible')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    const { container } = renderWithQuery(<CourseRoute courseId={ID} missing={null} />);
    // Loaded (the loader gone), nothing shown.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.textContent).toBe('');
  });
});
