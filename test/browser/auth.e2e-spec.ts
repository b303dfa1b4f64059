import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { newPhone } from '../support/accounts.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { activationTokenIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The built web app (apps/web/dist, built by `npm test`) served by the real API, in Debian's Chromium.
let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist' }, { apiProcess: true }), launchBrowser()]);
  // A context of its own (axe opens a blank page in the page's context to gather its results).
  page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a newcomer in the browser', () => {
  it('registers, activates through the SMS link, signs in and sees their name', async () => {
    const phone = newPhone();
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Inscription' }).click();
    await page.getByLabel('Nom complet').fill('Mariam Soumah');
    await page.getByLabel('Téléphone').fill(phone.slice(4));
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse');

    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText("Vous devez accepter les Conditions d'Utilisation et la Politique de Confidentialité").waitFor();
    await expectAccessible(page, 'auth-register-terms-refused');
    await screenshot(page, 'auth-register-terms-refused');

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Compte créé avec succès ! Vérifiez votre email/SMS pour activer votre compte.').waitFor();

    const sms = await app.outbox.waitFor((line) => line.to === phone && line.kind === 'activation');
    await page.goto(`${app.baseUrl}/activation?token=${activationTokenIn(sms.text)}`);
    await page.getByText('Compte activé avec succès ! Vous pouvez maintenant vous connecter.').waitFor();
    await expectAccessible(page, 'activation-success');
    await screenshot(page, 'activation-success');
    await page.waitForURL('**/auth', { timeout: 5000 });

    await page.getByLabel('Téléphone').fill(phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Bonjour, Mariam Soumah').waitFor();
    await expectAccessible(page, 'signed-in-client');
    await screenshot(page, 'signed-in-client');
    expect(await page.evaluate(() => typeof localStorage.getItem('token'))).toBe('string');
  });

  it('shows the server message for wrong credentials', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(newPhone());
    await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Numéro de téléphone ou mot de passe incorrect.').waitFor();
    await expectAccessible(page, 'sign-in-refused');
  });

  it('serves the legal pages and says so when the activation link has no token', async () => {
    await page.goto(`${app.baseUrl}/cgu`);
    await page.getByRole('link', { name: /retour|accueil/i }).first().waitFor();
    await expectAccessible(page, 'legal-cgu');
    await page.goto(`${app.baseUrl}/activation`);
    await page.getByText("Token d'activation manquant").waitFor();
    await expectAccessible(page, 'activation-without-token');
  });
});
