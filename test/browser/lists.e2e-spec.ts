import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { createAccount } from '../support/accounts.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Long lists in the built web app (apps/web/dist, built by `npm test`): 20 items at first, « Voir plus » for the next
// page (README "Lists come in pages"), and a filter the server applies to the whole list.
let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist' }, { apiProcess: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signIn(account: { phone: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${app.baseUrl}/auth`);
  await page.getByLabel('Téléphone').fill(account.phone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
}

const tab = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('long lists in the browser', () => {
  it('a client with 23 courses sees the 20 newest, then the rest with « Voir plus »', async () => {
    const client = await createAccount(app, 'client');
    for (let index = 0; index < 23; index++) {
      await insertCourse(app, { clientId: client.user.id, description: `Colis n°${index + 1}`, createdAt: minutesAgo(100 - index) });
    }
    await signIn(client);
    await tab('Mes courses').click();
    const cards = page.locator('article.course-card');
    await page.getByText('Colis n°23', { exact: true }).waitFor();
    expect(await cards.count()).toBe(20);
    await page.getByText('20 sur 23').waitFor();
    // The oldest three come with the next page.
    expect(await page.getByText('Colis n°3', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'lists-my-courses-first-page');
    await screenshot(page, 'lists-my-courses-first-page');

    await page.getByRole('button', { name: 'Voir plus' }).click();
    await page.getByText('Colis n°1', { exact: true }).waitFor();
    expect(await cards.count()).toBe(23);
    await page.getByText('23 sur 23').waitFor();
    expect(await page.getByRole('button', { name: 'Voir plus' }).count()).toBe(0);
    // Newest first, across the pages.
    const descriptions = await cards.getByText(/^Colis n°\d+$/).allTextContents();
    expect(descriptions).toEqual(Array.from({ length: 23 }, (_, index) => `Colis n°${23 - index}`));
  });

  it('a courier filtering 25 deliveries by « Annulées » sees the 3 oldest at once: the server filters the whole list', async () => {
    const courier = await createAccount(app, 'independent_delivery');
    const { user: client } = await createAccount(app, 'client');
    for (let index = 0; index < 25; index++) {
      await insertCourse(app, { clientId: client.id, courierId: courier.user.id, status: index < 3 ? 'cancelled' : 'delivered', createdAt: minutesAgo(100 - index) });
    }
    await signIn(courier);
    await tab('Mes livraisons').click();
    const badges = page.locator('article .status-badge');
    await page.getByText('20 sur 25').waitFor();
    expect(await badges.count()).toBe(20);
    expect(await badges.filter({ hasText: 'Annulée' }).count()).toBe(0);
    // Delivered rows made straight in the database have no commission, as those staff close (issue 34): no gain shown.
    await page.getByText('Aucun : livraison clôturée par Coursa').first().waitFor();
    expect(await page.getByText('Aucun : livraison clôturée par Coursa').count()).toBe(20);

    await page.getByRole('button', { name: 'Annulées' }).click();
    await page.getByText('3 sur 3').waitFor();
    expect(await badges.allTextContents()).toEqual(['Annulée', 'Annulée', 'Annulée']);
    expect(await page.getByRole('button', { name: 'Voir plus' }).count()).toBe(0);
    await expectAccessible(page, 'lists-deliveries-cancelled');
    await screenshot(page, 'lists-deliveries-cancelled');
  });
});
