/**
 * What the service worker (src/sw.ts) and the page agree on: the cache holding the API's last answers, and the
 * message that empties it. Kept free of any import so both sides can share it.
 */
export const API_CACHE = 'coursa-api';
export const CLEAR_API_CACHE = 'CLEAR_API_CACHE';

/**
 * Forgets every API answer kept for offline use: at sign-out (or a session the API refused), so the next person on
 * the phone never sees the last one's courses. The worker also drops any answer still in flight when told.
 */
export function forgetOfflineData(): void {
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: CLEAR_API_CACHE });
  if (typeof caches !== 'undefined') void caches.delete(API_CACHE).catch(() => undefined);
}
