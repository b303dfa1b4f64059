/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';

// react-leaflet stood in for by plain elements: what is drawn, and how the map is framed.
const fitBounds = jest.fn<(bounds: { getSouthWest: () => { lat: number; lng: number }; getNorthEast: () => { lat: number; lng: number } }) => void>();
const Children = ({ children }: { children?: ReactNode }) => <div>{children}</div>;
jest.unstable_mockModule('react-leaflet', () => ({
  MapContainer: Children,
  Marker: Children,
  Tooltip: Children,
  TileLayer: () => null,
  ZoomControl: ({ zoomInTitle, zoomOutTitle }: { zoomInTitle: string; zoomOutTitle: string }) => (
    <div>
      <button type="button">{zoomInTitle}</button>
      <button type="button">{zoomOutTitle}</button>
    </div>
  ),
  Polyline: ({ positions, pathOptions }: { positions: [number, number][]; pathOptions: { dashArray?: string } }) => (
    <div data-testid="line" data-positions={JSON.stringify(positions)} data-dashed={String(!!pathOptions.dashArray)} />
  ),
  useMap: () => ({ fitBounds }),
}));
const { default: CourseMap } = await import('./CourseMap');

const PICKUP = { lat: 9.5456, lng: -13.6566 };
const DELIVERY = { lat: 9.5092, lng: -13.7122 };

describe('CourseMap', () => {
  afterEach(() => {
    cleanup();
    fitBounds.mockClear();
  });

  it('names its zoom buttons in French', () => {
    render(<CourseMap pickup={PICKUP} delivery={DELIVERY} />);
    expect(screen.getByRole('button', { name: 'Zoom avant' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom arrière' })).toBeTruthy();
  });

  it('draws a dashed line from the pickup to the delivery while there is no route', () => {
    render(<CourseMap pickup={PICKUP} delivery={DELIVERY} route={null} />);
    const line = screen.getByTestId('line');
    expect(line.dataset.dashed).toBe('true');
    expect(JSON.parse(line.dataset.positions!)).toEqual([[9.5456, -13.6566], [9.5092, -13.7122]]);
  });

  it('draws the route the courier rode as a solid line instead, and frames it with the two points', () => {
    const route: [number, number][] = [[9.5456, -13.6566], [9.56, -13.69], [9.5092, -13.7122]];
    render(<CourseMap pickup={PICKUP} delivery={DELIVERY} route={route} />);
    const lines = screen.getAllByTestId('line');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.dataset.dashed).toBe('false');
    expect(JSON.parse(lines[0]!.dataset.positions!)).toEqual(route);
    const bounds = fitBounds.mock.calls.at(-1)![0];
    // The route's detour north (9.56) is inside the frame, not only A and B.
    expect(bounds.getNorthEast().lat).toBe(9.56);
    expect(bounds.getSouthWest()).toMatchObject({ lat: 9.5092, lng: -13.7122 });
  });

  it("marks the viewer himself apart from the courier, when his position is known (the courier's navigation, issue 38)", () => {
    const { rerender } = render(<CourseMap pickup={PICKUP} delivery={DELIVERY} courier={null} />);
    expect(screen.queryByText('Vous êtes ici')).toBeNull();
    rerender(<CourseMap pickup={PICKUP} delivery={DELIVERY} me={{ lat: 9.53, lng: -13.68 }} />);
    expect(screen.getByText('Vous êtes ici')).toBeTruthy();
    expect(screen.queryByText('Livreur')).toBeNull();
  });
});
