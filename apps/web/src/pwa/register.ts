import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only; main.tsx loads this on demand). A new version found while
 * the app is in use waits: a courier mid-delivery never has the page reload under them. It takes over at the next
 * launch: when the app was closed, the browser starts it; when the page just (re)loaded and finds it already
 * waiting, it is applied at once with one reload, before anything was typed.
 */
export function registerServiceWorker(): void {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', (event) => {
    if (!event.wasWaitingBeforeRegister) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });
  void workbox.register().catch((error: unknown) => console.error(error));
}
