/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { IncidentPlace } from './IncidentPlace';

describe('an incident on a support request (issue 38)', () => {
  afterEach(cleanup);

  it('names the incident and links the courier’s position on a map', () => {
    render(<IncidentPlace request={{ incident_label: 'Colis refusé', position: { latitude: 9.5092, longitude: -13.7122, at: '2026-11-25T10:40:00.000Z' } }} />);
    expect(screen.getByText('Incident : Colis refusé')).toBeTruthy();
    const link = screen.getByRole('link', { name: '9.50920, -13.71220' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=9.5092&mlon=-13.7122#map=17/9.5092/-13.7122');
  });

  it('shows nothing for a plain support request', () => {
    const { container } = render(<IncidentPlace request={{ incident_label: null, position: null }} />);
    expect(container.textContent).toBe('');
  });
});
