import { describe, expect, it } from '@jest/globals';
import { estimatePrice, formatGnf } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, newPhone, signedIn } from '../support/accounts.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { codeIn } from '../support/outbox.js';
import type { TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';

// A whole delivery in two browsers: the courier works through the UI while the client watches the tracking tab.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const VIEWPORT = { width: 390, height: 844 };

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR', ...options });
  contexts.push(context);
  return [context, await context.newPage()];
}

/** Text with the French grouping space of amounts (a narrow no-break space) read as a plain one. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

describe('a delivery, from acceptance to the recipient code', () => {
  it('is followed live by the client and ends on « Livré ! »', async () => {
    // The client's course, ordered cash on delivery through the API, with a promo code of 2 000 GNF.
    const client = await signedIn(app, 'client');
    const recipient = newPhone();
    const promo = `JOURNEY${Date.now().toString(36).toUpperCase()}`;
    await app.db.promoCode.create({ data: { code: promo, type: 'fixed', value: 2000, reason: 'test' } });
    const created = await app.request(
      'POST',
      '/api/courses',
      { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery', promo_code: promo },
      { token: client.token },
    );
    expect(created.status).toBe(201);
    // One course number everywhere (issue 38), as the API gives it.
    const number = (created.body as { course_id: string }).course_id;

    // The courier signs in through the UI, with the browser's geolocation on.
    const courier = await createAccount(app, 'independent_delivery');
    const [courierContext, courierPage] = await newPage({ permissions: ['geolocation'], geolocation: { latitude: 9.54, longitude: -13.66 } });
    await courierPage.goto(`${app.baseUrl}/auth`);
    await courierPage.getByLabel('Téléphone').fill(courier.phone);
    await courierPage.getByLabel('Mot de passe', { exact: true }).fill(courier.password);
    await courierPage.getByRole('button', { name: 'Se connecter' }).click();
    await courierPage.getByRole('button', { name: 'Indisponible — passer disponible' }).click();
    await courierPage.getByRole('button', { name: 'Disponible — passer indisponible' }).waitFor();
    await expectAccessible(courierPage, 'courier-home-available');
    await screenshot(courierPage, 'courier-home-available');

    await tab(courierPage, 'Courses disponibles').click();
    const offer = courierPage.getByRole('article', { name: `Course ${number}` });
    // Available, the courier's phone sends where it is: the offer says how far its pickup is (issue 24).
    const distance = offer.getByText(/\(à [\d,]+ k?m\)/);
    await waitUntil('the distance on the offer', async () => {
      if (await distance.isVisible()) return true;
      await courierPage.getByRole('button', { name: 'Actualiser' }).click();
      return false;
    }, 15_000, 200);
    // What the client pays in cash, after the promo, and the trip (issue 34).
    const toCollect = `Encaisser ${plain(formatGnf(estimatePrice(PICKUP, DROP) - 2000))}`;
    expect(plain(await offer.getByTestId('offer-money').textContent())).toBe(`💵 ${toCollect} · Trajet : 7,4 km`);
    expect(plain(await offer.locator('.offer__price').textContent())).toBe(plain(formatGnf(estimatePrice(PICKUP, DROP) - 2000)));
    await offer.getByRole('button', { name: 'Accepter' }).click();
    await courierPage.getByText('Course acceptée !', { exact: false }).waitFor();

    // The client follows the course (session put in place directly: the sign-in screen is tested elsewhere).
    const session = await app.request('POST', '/api/auth/login', { phone: client.phone, password: client.password });
    const [, clientPage] = await newPage();
    await clientPage.goto(`${app.baseUrl}/auth`);
    await clientPage.evaluate((tokens) => {
      localStorage.setItem('token', tokens.access_token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
    }, session.body as { access_token: string; refresh_token: string });
    await clientPage.goto(`${app.baseUrl}/`);
    await tab(clientPage, 'Suivi GPS').click();
    await clientPage.getByRole('region', { name: 'Carte de suivi' }).waitFor();
    // The client can call the courier, and report a problem from here.
    expect(await clientPage.getByRole('link', { name: 'Contacter le livreur' }).getAttribute('href')).toBe(`tel:${courier.phone}`);
    await clientPage.getByRole('button', { name: 'Signaler un problème' }).click();
    const claimForm = clientPage.getByRole('dialog', { name: 'Signaler un Problème' });
    await claimForm.getByLabel('Résumé').waitFor();
    await claimForm.getByRole('button', { name: 'Annuler' }).click();
    await claimForm.waitFor({ state: 'detached' });

    // The courier steps through; positions stream from the browser while the course is active.
    await tab(courierPage, 'Navigation').click();
    expect(plain(await courierPage.getByTestId('offer-money').textContent())).toBe(`💵 ${toCollect} · Trajet : 7,4 km`);
    // The course by its number; the courier himself on his map, apart from A and B (issue 38).
    await courierPage.getByRole('heading', { name: `Course ${number}` }).waitFor();
    await courierPage.getByRole('region', { name: 'Carte de navigation' }).locator('.course-map__marker--me').waitFor();
    // A courier calls by tapping: every phone is a tel: link with the number to call.
    const callRecipient = courierPage.getByRole('link', { name: /^Appeler le destinataire/ });
    expect(await callRecipient.getAttribute('href')).toBe(`tel:${recipient}`);
    expect(await courierPage.getByRole('link', { name: new RegExp(`^Appeler ${client.user.fullName}`) }).getAttribute('href')).toBe(`tel:${client.phone}`);
    await callRecipient.click({ trial: true });
    for (const step of ['Aller au retrait', 'Colis récupéré', 'Aller à la livraison']) {
      await courierPage.getByRole('button', { name: step }).click();
      await courierPage.getByRole('button', { name: step }).waitFor({ state: 'detached' });
    }
    // The courier moves twice, about 50 m each time (a move the server believes however fast the test goes: issue 24
    // keeps impossible ones off the map); the client sees each point, on the same single marker.
    for (const point of [{ latitude: 9.5404, longitude: -13.6603 }, { latitude: 9.5408, longitude: -13.6606 }]) {
      await courierContext.setGeolocation(point);
      await clientPage.getByText(`Position du livreur : ${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`).waitFor({ timeout: 15_000 });
    }
    // …and the ETA with them (its minutes depend on the pace the journey happened to keep).
    await clientPage.getByTestId('arrival-estimate').getByText(/^Arrivée estimée dans \d+ min$/).waitFor();
    await expect(clientPage.locator('.course-map__marker--courier').count()).resolves.toBe(1);
    await expectAccessible(clientPage, 'client-tracking-courier-moving');
    await screenshot(clientPage, 'client-tracking-courier-moving');

    const sms = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');
    await courierPage.getByLabel('Code OTP du destinataire').fill(codeIn(sms.text));
    await expectAccessible(courierPage, 'courier-navigation-otp');
    await screenshot(courierPage, 'courier-navigation-otp');
    await courierPage.getByRole('button', { name: 'Valider la livraison' }).click();
    await courierPage.getByText('🎉 Livraison validée avec succès !').first().waitFor();
    // The course says it is delivered before the courier moves on (issue 38).
    await courierPage.getByRole('heading', { name: `Course ${number} livrée` }).waitFor();
    await courierPage.getByRole('button', { name: 'Voir les courses disponibles' }).waitFor();
    await expectAccessible(courierPage, 'courier-delivered');
    await screenshot(courierPage, 'courier-delivered');
    // Home counts the delivery at once, without signing in again.
    await tab(courierPage, 'Accueil').click();
    await courierPage.locator('.courier-banner__stats').getByText('Courses terminées').locator('xpath=..').getByText('1', { exact: true }).waitFor();

    // The history says what was collected and earned: the commission on what the client paid.
    await tab(courierPage, 'Mes livraisons').click();
    const row = courierPage.locator('article').filter({ hasText: number });
    await row.getByText('Livré avec succès').waitFor();
    expect(plain(await row.textContent())).toContain(toCollect);
    expect(plain(await row.textContent())).toContain(`Gain${plain(formatGnf(Math.floor((estimatePrice(PICKUP, DROP) - 2000) * 0.7)))}`);

    await clientPage.getByText('Livré !').waitFor({ timeout: 15_000 });
    await expectAccessible(clientPage, 'client-tracking-delivered');
    await screenshot(clientPage, 'client-tracking-delivered');
  }, 90_000); // a long journey, with an accessibility pass on each of its screens, on a shared 2-core machine
});
