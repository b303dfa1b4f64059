import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PositionAck } from '@coursa/contracts';
import { estimatePrice, formatGnf } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { newPhone, signedIn } from '../support/accounts.js';
import { keepOnThisApp, launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep } from '../support/wait.js';

// The recipient's tracking link in a real browser with no account: the link from the SMS opens /suivi/<token>, the
// page follows the status and the courier's position by itself, and an expired link says so.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
const sockets: Socket[] = [];

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Rue KA-020, Kaloum', latitude: 9.5092, longitude: -13.7122 };

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist' }, { apiProcess: true }), launchBrowser()]);
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await app?.close();
});

/** A phone's browser with no session; map tiles stay off the network. */
async function recipientPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  contexts.push(context);
  await keepOnThisApp(context, app.baseUrl);
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  return context.newPage();
}

async function ordered() {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  const link = (await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'tracking_link')).text.match(/https?:\/\/\S+\/suivi\/[\w-]+/)![0];
  return { courseId: (created.body as { id: string }).id, link };
}

function courierSocket(token: string): Promise<Socket> {
  const socket = io(app.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const sendPosition = (socket: Socket, lat: number, lng: number, at = new Date()) =>
  new Promise<PositionAck>((resolve) => socket.emit('courier:position', { lat, lng, at: at.toISOString() } as never, resolve));
const step = (token: string, id: string, status: string) =>
  app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token });

describe('the recipient tracking page', () => {
  it('follows the course live with no account, then says when the link has expired', async () => {
    const { courseId, link } = await ordered();
    const page = await recipientPage();
    await page.goto(link);
    expect(new URL(page.url()).pathname).toMatch(/^\/suivi\/[\w-]{22}$/);
    await expect(page.getByTestId('suivi-status').textContent()).resolves.toBe('En attente');
    await expect(page.getByTestId('suivi-address').textContent()).resolves.toContain(DROP.address);
    // A cash course (issue 34): how much to hand over to the courier.
    const cash = (await page.getByTestId('suivi-cash').textContent())!.replace(/\s/g, ' ');
    expect(cash).toBe(`À payer en espèces à la livraison : ${formatGnf(estimatePrice(PICKUP, DROP)).replace(/\s/g, ' ')}`);
    expect(await page.getByTestId('suivi-position').count()).toBe(0);
    // No React app, no sign-in screen: the small page alone.
    expect(await page.locator('#root').count()).toBe(0);

    const courier = await signedIn(app, 'independent_delivery');
    await app.db.user.update({ where: { id: courier.user.id }, data: { fullName: 'Mamadou Diallo' } });
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courier.token })).status).toBe(200);
    const socket = await courierSocket(courier.token);
    // Measured 5 minutes ago: the courier rides the 2.5 km to the next position in that time.
    expect(await sendPosition(socket, 9.53, -13.68, new Date(Date.now() - 5 * 60_000))).toEqual({ ok: true });

    // The page asks again by itself: the courier's first name, and still no position before the parcel is collected.
    await page.getByTestId('suivi-status').filter({ hasText: 'Assignée' }).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('suivi-courier').textContent()).resolves.toContain('Mamadou');
    await expect(page.getByTestId('suivi-courier').textContent()).resolves.not.toContain('Diallo');
    expect(await page.getByTestId('suivi-position').count()).toBe(0);

    expect((await step(courier.token, courseId, 'en_route_pickup')).status).toBe(200);
    expect((await step(courier.token, courseId, 'collected')).status).toBe(200);
    await page.getByTestId('suivi-status').filter({ hasText: 'Colis récupéré' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('suivi-position').filter({ hasText: '9.53000, -13.68000' }).waitFor({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Carte : position du livreur' }).isVisible()).resolves.toBe(true);

    // The courier moves: the page follows without a reload.
    await sleep(1_100);
    expect(await sendPosition(socket, 9.52, -13.7)).toEqual({ ok: true });
    expect((await step(courier.token, courseId, 'en_route_delivery')).status).toBe(200);
    await page.getByTestId('suivi-position').filter({ hasText: '9.52000, -13.70000' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('suivi-status').filter({ hasText: 'En route (livraison)' }).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('suivi-map-link').getAttribute('href')).resolves.toContain('mlat=9.52');
    const shown = (await page.locator('body').textContent()) ?? '';
    expect(shown).not.toContain(PICKUP.address);
    expect(shown).not.toContain(courier.phone);
    await expectAccessible(page, 'recipient-tracking');
    await screenshot(page, 'recipient-tracking');

    // Delivered an hour and more ago: the link says it has expired.
    await app.db.course.update({ where: { id: courseId }, data: { status: 'delivered', deliveryTime: new Date(Date.now() - 61 * 60 * 1000) } });
    const later = await recipientPage();
    await later.goto(link);
    await later.getByRole('heading', { name: 'Lien expiré ou introuvable' }).waitFor();
    await expectAccessible(later, 'recipient-tracking-expired');
    await screenshot(later, 'recipient-tracking-expired');
  }, 90_000);
});
