/// <reference lib="webworker" />
// The service worker (issue 22), built by vite-plugin-pwa (injectManifest) into dist/sw.js: the app shell from the
// precache, so the app opens without network, and the API's last GET answers, so each screen shows what it last knew.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { API_CACHE, CLEAR_API_CACHE } from './pwa/offline-data';

declare let self: ServiceWorkerGlobalScope;

// A new version waits until the page asks for it (src/pwa/register.ts: at the next launch), never mid-delivery.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === CLEAR_API_CACHE) event.waitUntil(clearApiCache());
});
clientsClaim();

// The app shell: the built JavaScript, CSS and HTML, and the icons; the previous version's are deleted.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Browser routes of the app get its index.html; what the server answers itself goes to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/sandbox(\/|$)/, /^\/metrics$/, /^\/suivi(\/|$)/],
  }),
);

/**
 * API answers never kept: the session's own routes (tokens), files and receipts, the payment provider's return. The
 * profile (GET /api/auth/me, no token in it) is kept: without it an offline launch could not say who is signed in.
 */
const NEVER_CACHED = /^\/api\/(auth\/(?!me$)|files\/|payments\/callback\/)|\/receipt$/;

/** Bumped when the page signs out: an answer that left before is not stored after the cache was emptied. */
let generation = 0;

/** At most 200 URLs, each kept a day. */
const expiration = new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 24 * 60 * 60 });

async function clearApiCache(): Promise<void> {
  generation += 1;
  // The cache and the expiration's own list of its URLs (IndexedDB).
  await expiration.deleteCacheAndMetadata();
}

const privacy: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = generation;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    response.status === 200 && state?.generation === generation && !/no-store/.test(response.headers.get('cache-control') ?? '') ? response : null,
  // Keyed by URL alone: the request's Authorization header (the access token) is not written to the cache.
  cacheKeyWillBeUsed: async ({ request }) => request.url,
};

// GET /api/…: the network first (4 s, a slow mobile network), else the last answer kept.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/') && !NEVER_CACHED.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [privacy, expiration],
  }),
  'GET',
);

/** A push from Coursa (the server's PushMessage, modules/push/push-texts.ts): shown at once, even with the app closed. */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      data: { url: message.url },
    }),
  );
});

function readPush(data: PushMessageData | null): PushMessage | null {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    return message?.title && message.body ? { title: message.title, body: message.body, url: message.url ?? '/', tag: message.tag ?? '' } : null;
  } catch {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data as { url?: string } | null));
});

/**
 * A tap opens the screen the push is about (`/?tab=…&course=…`): in the app's window when one is open, else a new
 * one. Only paths of this app: a push never sends the user elsewhere.
 */
async function openFromNotification(data: { url?: string } | null): Promise<void> {
  const target = new URL(data?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  // navigate() works only on a window this worker controls, and focus() only while the tap lets it: each may fail
  // alone; with no window taken to the screen, a new one.
  const navigated = open ? await open.navigate(url).catch(() => null) : null;
  if (navigated) {
    await navigated.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}
