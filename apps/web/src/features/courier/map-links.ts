/**
 * « Ouvrir dans Maps » (issue 37): a point handed to the phone's navigation app. A `geo:` link (RFC 5870) opens the
 * app Android offers for it; where nothing answers it (iPhone, a computer), the page is still in front a moment later
 * and the same point opens on OpenStreetMap's web map instead.
 */
export interface MapTarget {
  latitude: number;
  longitude: number;
  /** What the navigation app shows on the pin (the address). */
  label: string;
}

/** How long the page waits for an app to take the `geo:` link before it opens the web map. */
export const WEB_MAP_FALLBACK_MS = 1500;

const coordinate = (value: number) => value.toFixed(6);

export function mapLinks({ latitude, longitude, label }: MapTarget): { geo: string; web: string } {
  const at = `${coordinate(latitude)},${coordinate(longitude)}`;
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(label)})`,
    web: `https://www.openstreetmap.org/?mlat=${coordinate(latitude)}&mlon=${coordinate(longitude)}#map=17/${coordinate(latitude)}/${coordinate(longitude)}`,
  };
}

/**
 * Follows the `geo:` link, and opens the web map in a new tab if no app took the page away within
 * WEB_MAP_FALLBACK_MS (the page stayed visible). Returns the function that cancels the fallback.
 */
export function openWithFallback(links: { geo: string; web: string }, page: { visible(): boolean; go(url: string): void; openTab(url: string): void }, delayMs = WEB_MAP_FALLBACK_MS): () => void {
  page.go(links.geo);
  const timer = setTimeout(() => {
    if (page.visible()) page.openTab(links.web);
  }, delayMs);
  return () => clearTimeout(timer);
}
