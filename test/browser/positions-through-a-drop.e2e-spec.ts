import { describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { acceptedCourse } from '../support/courses.js';
import type { TestApp } from '../support/test-app.js';
import { sleep, waitFor, waitUntil } from '../support/wait.js';

// Issue 22 item 3 in a real browser: a courier's phone loses the network mid-course and moves on; what it measured
// meanwhile reaches the server's trail with the times it was measured at, once the network is back.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

interface Point {
  latitude: number;
  longitude: number;
  accuracy: number;
}

// From Madina towards Kaloum; 0.0001° is about 11 m. Each fix kept is under 100 m from the one before: a move the
// server believes however fast the test goes (issue 24 keeps impossible ones off the map).
const START: Point = { latitude: 9.5456, longitude: -13.6566, accuracy: 5 };
const ONLINE: Point = { latitude: 9.5451, longitude: -13.6571, accuracy: 5 };
const FIRST: Point = { latitude: 9.5446, longitude: -13.6576, accuracy: 8 };
const IMPRECISE: Point = { latitude: 9.5443, longitude: -13.6579, accuracy: 80 };
const NUDGE: Point = { latitude: 9.54463, longitude: -13.6576, accuracy: 8 };
const SECOND: Point = { latitude: 9.5441, longitude: -13.6581, accuracy: 10 };
const THIRD: Point = { latitude: 9.5436, longitude: -13.6586, accuracy: 6 };
/** A little more than the app's one position a second. */
const SEND_INTERVAL_MS = 1300;

/** The positions the courier's app keeps on the phone, read from its IndexedDB: [lat, lng, at]. */
function keptOnPhone(page: Page): Promise<[number, number, number][]> {
  return page.evaluate(
    () =>
      new Promise<[number, number, number][]>((resolve, reject) => {
        const request = indexedDB.open('coursa-positions');
        // Not created by the app yet: leave it to the app to create.
        request.onupgradeneeded = () => request.transaction!.abort();
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('positions').objectStore('positions').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { position: { lat: number; lng: number; at: number } }[]).map(({ position }) => [position.lat, position.lng, position.at]));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

describe('positions through a network drop', () => {
  it('keeps the positions measured offline, through a reload; the trail gets them with their times, the live position is the latest', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', permissions: ['geolocation'], geolocation: START });
    contexts.push(context);
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    // An open WebSocket outlives context.setOffline in Chromium: the test pulls the cable on the socket itself.
    let cableOut = false;
    const sockets = new Set<[WebSocketRoute, WebSocketRoute]>();
    await context.routeWebSocket(/\/socket\.io\//, async (toPage) => {
      if (cableOut) return toPage.close();
      sockets.add([toPage, toPage.connectToServer()]);
    });
    const dropNetwork = async () => {
      cableOut = true;
      await context.setOffline(true);
      for (const [toPage, toServer] of sockets) await Promise.all([toPage.close(), toServer.close()]);
      sockets.clear();
    };

    const page = await context.newPage();
    const home = page.getByRole('heading', { name: `Bonjour ${courier.user.fullName}` });
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(courier.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(courier.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await home.waitFor();
    // The service worker takes the page over, so that the app opens again without network.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await page.reload();
    await home.waitFor();

    const livePosition = async () =>
      (await app.request('GET', `/api/courses/${courseId}/tracking`, undefined, { token: client.token })).body.delivery_person_location as {
        latitude: number;
        longitude: number;
      } | null;
    // Online, a move is live, and nothing waits on the phone.
    await context.setGeolocation(ONLINE);
    await waitFor('the live position before the drop', livePosition, (live) => live?.latitude === ONLINE.latitude, 15_000, 100);
    await waitUntil('nothing kept on the phone', async () => (await keptOnPhone(page)).length === 0, 10_000, 100);

    // The network drops; the courier moves on. Each fix the app keeps is waited for on the phone.
    await dropNetwork();
    const droppedAt = Date.now();
    const measured: { point: Point; from: number; to: number }[] = [];
    const move = async (point: Point, kept: boolean) => {
      const from = Date.now();
      await context.setGeolocation(point);
      if (!kept) return sleep(SEND_INTERVAL_MS); // Long enough for the app to have kept it, had it wanted to.
      await waitUntil(`${point.latitude} kept on the phone`, async () => (await keptOnPhone(page)).some(([lat, , at]) => lat === point.latitude && at >= from), 10_000, 100);
      measured.push({ point, from, to: Date.now() });
    };
    await move(FIRST, true);
    await move(IMPRECISE, false); // 80 m of uncertainty: dropped
    await move(NUDGE, false); // 3 m from the last fix kept, within 15 s: dropped
    await move(SECOND, true);
    // Still offline, the app is opened again: what it kept is still there, and it goes on keeping.
    await page.reload();
    await home.waitFor();
    await move(THIRD, true);
    await expectAccessible(page, 'courier-positions-offline');
    await screenshot(page, 'courier-positions-offline');

    const kept = await keptOnPhone(page);
    // The reopened app may first read again where the courier stood (SECOND): kept too, it is a fix like any other.
    expect([...new Set(kept.map(([lat]) => lat))]).toEqual([FIRST.latitude, SECOND.latitude, THIRD.latitude]);
    for (const { point, from, to } of measured) {
      expect([point.latitude, kept.some(([lat, lng, at]) => lat === point.latitude && lng === point.longitude && at >= from && at <= to)]).toEqual([point.latitude, true]);
    }
    // Nothing reached the server meanwhile: the live position is where the drop happened, the trail has nothing since.
    expect(await livePosition()).toMatchObject({ latitude: ONLINE.latitude, longitude: ONLINE.longitude });
    expect(await app.db.courierPosition.count({ where: { courseId, recordedAt: { gte: new Date(droppedAt) } } })).toBe(0);

    // Back online: the phone sends what it kept as one batch, and keeps nothing more.
    cableOut = false;
    await context.setOffline(false);
    await waitUntil('the phone to send what it kept', async () => (await keptOnPhone(page)).length === 0, 30_000, 200);
    // The trail has each, at the very millisecond the phone measured it (not when it reached the server).
    const trail = await waitFor(
      'the offline positions in the trail',
      () => app.db.courierPosition.findMany({ where: { courseId, recordedAt: { gte: new Date(droppedAt) } }, orderBy: { recordedAt: 'asc' } }),
      (rows) => rows.length >= kept.length,
      10_000,
      200,
    );
    expect(trail.map((row) => [row.latitude, row.longitude, row.recordedAt.getTime()])).toEqual(kept);
    // The live position is the latest of them.
    await waitFor('the live position after the drop', livePosition, (live) => live?.latitude === THIRD.latitude, 10_000, 100);
    expect(await livePosition()).toMatchObject({ latitude: THIRD.latitude, longitude: THIRD.longitude });
    // About 30 s alone: a reload and several fixes waited for one by one; more on a busy machine.
  }, 120_000);
});
