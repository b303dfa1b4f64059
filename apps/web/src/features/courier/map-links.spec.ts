import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mapLinks, openWithFallback, WEB_MAP_FALLBACK_MS } from './map-links';

const POINT = { latitude: 9.5092, longitude: -13.7122, label: 'Kaloum, Rue KA-020' };

describe('mapLinks', () => {
  it('gives a geo: link with the address as the pin, and an OpenStreetMap link for the same point', () => {
    expect(mapLinks(POINT)).toEqual({
      geo: 'geo:9.509200,-13.712200?q=9.509200,-13.712200(Kaloum%2C%20Rue%20KA-020)',
      web: 'https://www.openstreetmap.org/?mlat=9.509200&mlon=-13.712200#map=17/9.509200/-13.712200',
    });
  });
});

describe('openWithFallback', () => {
  beforeEach(() => void jest.useFakeTimers());
  afterEach(() => void jest.useRealTimers());

  function page(visible: boolean) {
    const went: string[] = [];
    const tabs: string[] = [];
    return { went, tabs, page: { visible: () => visible, go: (url: string) => void went.push(url), openTab: (url: string) => void tabs.push(url) } };
  }

  it('opens the web map when no app took the page', () => {
    const t = page(true);
    openWithFallback(mapLinks(POINT), t.page);
    expect(t.went).toEqual([mapLinks(POINT).geo]);
    jest.advanceTimersByTime(WEB_MAP_FALLBACK_MS - 1);
    expect(t.tabs).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(t.tabs).toEqual([mapLinks(POINT).web]);
  });

  it('opens nothing more when the navigation app came to the front', () => {
    const t = page(false);
    openWithFallback(mapLinks(POINT), t.page);
    jest.advanceTimersByTime(WEB_MAP_FALLBACK_MS);
    expect(t.tabs).toEqual([]);
  });
});
