/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { MemoryRouter, useLocation } from 'react-router';
import { OpenTabContext } from '@/lib/tabs';
import { CourierHome } from './CourierHome';

let location = '';
function Location() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

function renderHomeAt(url: string, openTab: (tabId: string) => void) {
  renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <OpenTabContext value={openTab}>
        <CourierHome />
        <Location />
      </OpenTabContext>
    </MemoryRouter>,
  );
}

describe('CourierHome', () => {
  beforeEach(() => {
    signInForRenders({ id: 'u', role: 'independent_delivery', full_name: 'Sékou', phone: '+224620000021', total_courses: 3, rating: null, is_available: true });
  });

  it('back from a deposit’s payment page, opens « Mes gains » and leaves the address clean', async () => {
    const openTab = jest.fn<(tabId: string) => void>();
    renderHomeAt('/?paiement=DEPOT_1764000000000_ab12cd34', openTab);
    await waitFor(() => expect(openTab).toHaveBeenCalledWith('earnings'));
    expect(location).toBe('/');
  });

  it('stays home otherwise', () => {
    const openTab = jest.fn<(tabId: string) => void>();
    renderHomeAt('/', openTab);
    expect(openTab).not.toHaveBeenCalled();
  });
});
