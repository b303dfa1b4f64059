import { describe, expect, it } from '@jest/globals';
import type { ClientToServerEvents, PositionAck, ServerToClientEvents } from '@coursa/contracts';
import { courseNumber } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { createAccount } from '../support/accounts.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { acceptedCourse } from '../support/courses.js';
import { codeIn } from '../support/outbox.js';
import type { TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';

// Issue 37 in a real browser: the courier's screen kept awake during a course, a courier's position that stops coming
// says its age on the client's map and the recipient's page, ops see the silent couriers, and the order form takes the
// phone's position.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

const VIEWPORT = { width: 390, height: 844 };
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/**
 * Headless Chromium has no Screen Wake Lock to grant: a stand-in records each request and release in
 * `window.wakeLockLog`, and, as browsers do, releases the lock when the page is hidden.
 */
function stubWakeLock() {
  const log: string[] = [];
  const held = new Set<{ release(): Promise<void> }>();
  (window as unknown as { wakeLockLog: string[] }).wakeLockLog = log;
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      async request(type: string) {
        log.push(`request ${type}`);
        const listeners: (() => void)[] = [];
        let released = false;
        const sentinel = {
          type,
          get released() {
            return released;
          },
          addEventListener: (_event: string, listener: () => void) => void listeners.push(listener),
          removeEventListener: () => undefined,
          async release() {
            if (released) return;
            released = true;
            held.delete(sentinel);
            log.push('release');
            listeners.forEach((listener) => listener());
          },
        };
        held.add(sentinel);
        return sentinel;
      },
    },
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') held.forEach((sentinel) => void sentinel.release());
  });
}

/** The page hidden (phone locked) or shown again, as `visibilitychange` tells it. */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible ? 'visible' : 'hidden');

async function signedInPage(account: { phone: string; password: string }, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR', ...options });
  contexts.push(context);
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await context.newPage();
  const session = await app.request('POST', '/api/auth/login', { phone: account.phone, password: account.password });
  await page.goto(`${app.baseUrl}/auth`);
  await page.evaluate((tokens) => {
    localStorage.setItem('token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }, session.body as { access_token: string; refresh_token: string });
  return { context, page };
}

describe('the phone in the pocket', () => {
  it("keeps the courier's screen awake while a course is under way, again after the page comes back, and lets go after the handover", async () => {
    const { courier, courseId } = await acceptedCourse(app);
    const { context, page } = await signedInPage(courier, { permissions: ['geolocation'], geolocation: { latitude: 9.5456, longitude: -13.6566 } });
    await context.addInitScript(stubWakeLock);
    await page.goto(`${app.baseUrl}/`);
    const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLockLog: string[] }).wakeLockLog);
    const status = page.getByTestId('screen-awake-status');

    await tab(page, 'Navigation').click();
    await status.getByText("L'écran reste allumé pendant la course.").waitFor();
    expect(await wakeLog()).toEqual(['request screen']);
    // « Ouvrir dans Maps » leads to the pickup until the parcel is collected.
    const maps = page.getByRole('link', { name: 'Ouvrir dans Maps' });
    expect(await maps.getAttribute('href')).toBe('geo:9.545600,-13.656600?q=9.545600,-13.656600(Madina)');
    expect(await maps.getAttribute('data-web-map')).toBe('https://www.openstreetmap.org/?mlat=9.545600&mlon=-13.656600#map=17/9.545600/-13.656600');
    const toggle = page.getByRole('button', { name: "Garder l'écran allumé" });
    for (const target of [toggle, maps]) expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'courier-navigation-awake');
    await screenshot(page, 'courier-navigation-awake');

    // The phone is locked, the browser lets the lock go; unlocked, the app takes it again.
    await setVisible(page, false);
    await waitUntil('the lock released on hide', async () => (await wakeLog()).length === 2);
    await setVisible(page, true);
    await waitUntil('the lock taken again', async () => (await wakeLog()).length === 3);
    expect(await wakeLog()).toEqual(['request screen', 'release', 'request screen']);
    await status.getByText("L'écran reste allumé pendant la course.").waitFor();

    // The toggle lets the screen sleep, and keeps it awake again.
    await toggle.click();
    await status.getByText("L'écran peut se mettre en veille : vos positions ne sont alors plus envoyées.").waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await status.getByText("L'écran reste allumé pendant la course.").waitFor();
    expect(await wakeLog()).toEqual(['request screen', 'release', 'request screen', 'release', 'request screen']);

    // The handover: once the course is delivered, the lock goes.
    for (const step of ['en_route_pickup', 'collected', 'en_route_delivery']) {
      expect((await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${step}`, undefined, { token: courier.token })).status).toBe(200);
    }
    const { recipientPhone } = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    const sms = await app.outbox.waitFor((line) => line.to === recipientPhone && line.kind === 'delivery_otp');
    expect((await app.request('POST', `/api/delivery/course/${courseId}/verify-otp`, { otp: codeIn(sms.text) }, { token: courier.token })).status).toBe(200);
    await page.getByRole('heading', { name: 'Aucune course active' }).waitFor({ timeout: 15_000 });
    await waitUntil('the lock released after the handover', async () => (await wakeLog()).at(-1) === 'release');
    expect(await wakeLog()).toEqual(['request screen', 'release', 'request screen', 'release', 'request screen', 'release']);
  }, 90_000);

  it("says the courier's position's age on the client's map once positions stop", async () => {
    const { client, courier } = await acceptedCourse(app);
    // The courier's phone sends one position, then nothing more.
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(app.baseUrl, { path: '/socket.io', auth: { token: courier.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat: 9.5404, lng: -13.6603, at: Date.now() }, resolve));
    socket.disconnect();
    expect(ack).toEqual({ ok: true });

    const { page } = await signedInPage(client);
    // The page's clock is the test's to move: three minutes pass without a position.
    await page.clock.install();
    await page.goto(`${app.baseUrl}/`);
    await tab(page, 'Suivi GPS').click();
    await page.getByText('Position du livreur : 9.5404, -13.6603').waitFor();
    const marker = page.locator('.course-map__marker--courier');
    await marker.waitFor();
    expect(await page.getByTestId('stale-position').count()).toBe(0);
    expect(await marker.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');

    await page.clock.fastForward('03:05');
    await page.getByTestId('stale-position').getByText("Position d'il y a 3 min").waitFor();
    await waitUntil('the marker faded', async () => (await marker.evaluate((element) => getComputedStyle(element).opacity)) === '0.45');
    await expectAccessible(page, 'client-tracking-stale-position');
    await screenshot(page, 'client-tracking-stale-position');
  }, 90_000);

  it("says the position's age on the recipient's page once positions stop", async () => {
    const { courier, courseId } = await acceptedCourse(app);
    for (const step of ['en_route_pickup', 'collected']) {
      expect((await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${step}`, undefined, { token: courier.token })).status).toBe(200);
    }
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(app.baseUrl, { path: '/socket.io', auth: { token: courier.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat: 9.5404, lng: -13.6603, at: Date.now() }, resolve));
    socket.disconnect();
    expect(ack).toEqual({ ok: true });
    const { recipientPhone } = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    const link = (await app.outbox.waitFor((line) => line.to === recipientPhone && line.kind === 'tracking_link')).text.match(/https?:\/\/\S+\/suivi\/[\w-]+/)![0];

    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    contexts.push(context);
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${app.baseUrl}${new URL(link).pathname}`);
    await page.getByTestId('suivi-position').getByText(/^9\.54040, -13\.66030/).waitFor();
    expect(await page.getByTestId('suivi-stale-position').isVisible()).toBe(false);

    // Three minutes without a position: the next reading of the link says how old it is.
    await page.clock.fastForward('03:05');
    await page.getByTestId('suivi-stale-position').getByText("Position d'il y a 3 min").waitFor();
    await waitUntil('the marker faded', async () => (await page.locator('.suivi__marker').evaluate((element) => getComputedStyle(element).opacity)) === '0.45');
    await expectAccessible(page, 'recipient-tracking-stale-position');
  }, 90_000);

  it('shows ops the couriers without a position on the dashboard', async () => {
    const { courier, courseId } = await acceptedCourse(app);
    // The silence as the worker's look writes it (test/e2e/silent-couriers proves the look itself), on a course
    // accepted five minutes ago with no position since: the worker's next look (every 15 s) agrees and keeps it, where
    // a course accepted just now would end it.
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    await app.db.course.update({ where: { id: courseId }, data: { assignedAt: fiveMinutesAgo } });
    await app.db.courierSilence.create({ data: { courierId: courier.user.id, since: fiveMinutesAgo } });
    const { number } = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    const admin = await createAccount(app, 'admin');
    const { page } = await signedInPage(admin);
    await page.goto(`${app.baseUrl}/`);
    const section = page.getByRole('region', { name: 'Livreurs sans position' });
    await section.getByText(courier.user.fullName).waitFor({ timeout: 15_000 });
    expect(await section.textContent()).toContain(courseNumber(number));
    await expectAccessible(page, 'ops-silent-couriers');
    await screenshot(page, 'ops-silent-couriers');
  }, 90_000);

  it('fills the pickup from the phone\'s GPS with « Utiliser ma position », with its accuracy', async () => {
    const client = await createAccount(app, 'client');
    const { page } = await signedInPage(client, { permissions: ['geolocation'], geolocation: { latitude: 9.5512, longitude: -13.6498, accuracy: 12 } });
    await page.goto(`${app.baseUrl}/`);
    await tab(page, 'Nouvelle course').click();
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    await page.getByTestId('my-position-status').getByText('Position trouvée, précision ± 12 m').waitFor();
    expect(await page.getByLabel('Latitude').first().inputValue()).toBe('9.5512');
    expect(await page.getByLabel('Longitude').first().inputValue()).toBe('-13.6498');
    // The delivery point is left alone.
    expect(await page.getByLabel('Latitude').nth(1).inputValue()).toBe('');
    expect((await page.getByRole('button', { name: 'Utiliser ma position' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'client-order-my-position');
  }, 90_000);
});
