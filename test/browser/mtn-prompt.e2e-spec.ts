import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { createAccount, newPhone } from '../support/accounts.js';
import { keepOnThisApp, launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { startFakeMtnMomo, type FakeMtnMomo } from '../support/fake-payment-servers.js';
import { typePoint } from '../support/order-form.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// MTN MoMo has no payment page: it asks the payer's phone (issue 34). The built app against the live MTN adapter and
// a local fake of MTN's Collection API, from the order form to the course the server makes once the phone approves.
let app: TestApp;
let browser: Browser;
let page: Page;
let mtn: FakeMtnMomo;

beforeAll(async () => {
  mtn = await startFakeMtnMomo({ subscriptionKey: 'mtn-sub', apiUser: 'mtn-user', apiKey: 'mtn-key', targetEnvironment: 'mtnguinea' });
  [app, browser] = await Promise.all([
    startTestApp(
      {
        WEB_DIST: 'apps/web/dist',
        PAYMENT_DRIVER: 'live',
        PAYMENT_METHODS: 'mtn_momo,cash_on_delivery',
        // Live mode wants every provider's credentials; only MTN is offered and called here.
        PAYCARD_MERCHANT_CODE: 'unused',
        ORANGE_MONEY_CLIENT_ID: 'unused',
        ORANGE_MONEY_CLIENT_SECRET: 'unused',
        ORANGE_MONEY_MERCHANT_KEY: 'unused',
        MTN_MOMO_BASE_URL: mtn.url,
        MTN_MOMO_SUBSCRIPTION_KEY: 'mtn-sub',
        MTN_MOMO_API_USER: 'mtn-user',
        MTN_MOMO_API_KEY: 'mtn-key',
        MTN_MOMO_TARGET_ENVIRONMENT: 'mtnguinea',
      },
      { apiProcess: true },
    ),
    launchBrowser(),
  ]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await keepOnThisApp(context, app.baseUrl);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await mtn?.stop();
});

async function order(recipient: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Nouvelle course' }).click();
  await typePoint(page, 0, { address: 'Marché Madina', latitude: '9.5456', longitude: '-13.6566' });
  await typePoint(page, 1, { address: 'Kaloum, port autonome', latitude: '9.5092', longitude: '-13.7122' });
  await page.getByLabel('Téléphone du destinataire').fill(recipient);
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^MTN MoMo/ }).click();
  await dialog.getByLabel('Numéro MTN MoMo').fill('664 00 00 07');
  await dialog.getByRole('button', { name: 'Payer avec MTN MoMo' }).click();
  await dialog.getByText(/^Confirmez le paiement sur votre téléphone \(\+224 664 00 00 07\)/).waitFor();
  return dialog;
}

/** The request to pay MTN received last, once it has. */
const lastPrompt = (count: number) => waitFor('MTN to receive the request to pay', () => [...mtn.payments.keys()], (keys) => keys.length >= count).then((keys) => keys.at(-1)!);

describe('a client paying by MTN MoMo in the browser', () => {
  it('is asked to confirm on the phone, and lands on the course once the phone approves', async () => {
    const client = await createAccount(app, 'client');
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(client.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Bienvenue, Test client !').waitFor();

    const recipient = newPhone();
    const dialog = await order(recipient);
    await expectAccessible(page, 'client-mtn-prompt');
    await screenshot(page, 'client-mtn-prompt');
    expect(await app.db.course.count({ where: { clientId: client.user.id } })).toBe(0);

    // The payer approves on the phone; MTN calls back.
    const reference = await lastPrompt(1);
    mtn.complete(reference);
    await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(reference));
    await dialog.getByText('Votre course est enregistrée !').waitFor({ timeout: 15_000 });
    await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');
    expect(await app.db.course.count({ where: { clientId: client.user.id } })).toBe(1);

    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Mes courses' }).click();
    await page.locator('article.course-card').filter({ hasText: 'En attente' }).first().getByText('Marché Madina').waitFor();
  });

  it('is told in French when the prompt is refused on the phone, and no course is made', async () => {
    const before = await app.db.course.count();
    const dialog = await order(newPhone());
    const reference = await lastPrompt(2);
    mtn.decline(reference, 'APPROVAL_REJECTED');
    await app.request('POST', '/api/payments/callback/mtn-momo', mtn.callback(reference));
    await dialog.getByText("Paiement refusé sur le téléphone. Aucun montant n'a été débité.").waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Réessayer' }).waitFor();
    expect(await app.db.course.count()).toBe(before);
  });
});
