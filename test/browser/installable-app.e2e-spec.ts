import { describe, expect, it } from '@jest/globals';
import { COURSE_STATUS_LABELS } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhone, signedIn } from '../support/accounts.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import type { TestApp } from '../support/test-app.js';

// Issue 22: the installable app. Its files as the API serves them, and a courier's screens through a network drop: a
// reload with no network opens them with what they last knew and says « Hors ligne »; signing out forgets it all.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const OFFLINE = 'Hors ligne — les informations affichées datent de votre dernière connexion.';

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

describe('the installable app', () => {
  it('is served with its manifest, its icons and a service worker the browser checks at each visit', async () => {
    const manifestAnswer = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(manifestAnswer.status).toBe(200);
    expect(manifestAnswer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifestAnswer.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await manifestAnswer.json()) as { name: string; lang: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Coursa', lang: 'fr', start_url: '/', display: 'standalone', theme_color: '#0b6e4f' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of [...manifest.icons.map((each) => each.src), '/apple-touch-icon.png']) {
      const answer = await fetch(`${app.baseUrl}${icon}`);
      expect([icon, answer.status, answer.headers.get('content-type')]).toEqual([icon, 200, 'image/png']);
    }

    const worker = await fetch(`${app.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const page = await (await fetch(`${app.baseUrl}/`)).text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    // Hashed build files are still kept a year.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    expect((await fetch(`${app.baseUrl}${script}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('reopens a courier’s screens offline with what they last knew, says « Hors ligne », and forgets it at sign-out', async () => {
    // A course the courier has accepted.
    const client = await signedIn(app, 'client');
    const courier = await signedIn(app, 'independent_delivery');
    const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: client.token });
    expect(created.status).toBe(201);
    const courseId = (created.body as { id: string }).id;
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courier.token })).status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    contexts.push(context);
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(courier.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(courier.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: `Bonjour ${courier.user.fullName}` }).waitFor();

    // The service worker installs and takes the page over; from then on it keeps the API's answers.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await page.reload();
    await tab(page, 'Mes livraisons').click();
    // Named by its number (issue 38), as the API gives it.
    const course = page.getByRole('article').filter({ hasText: (created.body as { course_id: string }).course_id });
    await course.getByText(COURSE_STATUS_LABELS.assigned).waitFor();
    expect(await page.getByText(OFFLINE).count()).toBe(0);

    // Meanwhile the course moves on (through the API), then the network drops and the app is reloaded.
    expect((await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=en_route_pickup`, undefined, { token: courier.token })).status).toBe(200);
    await context.setOffline(true);
    await page.reload();
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole('heading', { name: `Bonjour ${courier.user.fullName}` }).waitFor();
    await tab(page, 'Mes livraisons').click();
    // What the screen last knew: the course as it was before the drop.
    await course.getByText(COURSE_STATUS_LABELS.assigned).waitFor();
    await expectAccessible(page, 'courier-offline');
    await screenshot(page, 'courier-offline');

    // Back online: the banner goes, and the list reads the news.
    await context.setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await course.getByText(COURSE_STATUS_LABELS.en_route_pickup).waitFor();

    // Signing out forgets the kept answers: the next person on this phone finds nothing of this courier's.
    expect(await page.evaluate(async () => (await (await caches.open('coursa-api')).keys()).length)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(/\/auth$/);
    await page.waitForFunction(async () => !(await caches.has('coursa-api')), undefined, { timeout: 5_000 });
    await context.setOffline(true);
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });
});
