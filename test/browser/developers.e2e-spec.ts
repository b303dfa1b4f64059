import { beforeAll, afterAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { createAccount, newIp } from '../support/accounts.js';
import { expectAccessible } from '../support/accessibility.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { serveFake, type FakeRequest, type FakeServer } from '../support/fake-http.js';
import type { TestApp } from '../support/test-app.js';

// Issue 40 in the built web app: a merchant opens « Développeurs », creates an API key (its secret shown once, only its
// prefix after a reload), adds a webhook endpoint pointing at a receiver on this machine, sends a test event and sees
// it succeed in the log (signed as Standard Webhooks says), then revokes the key, which the public API then refuses.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let receiver: FakeServer;
const received: FakeRequest[] = [];
// The receiver's origin is only known once it listens: the suite's API reads it when it starts, after this hook.
const env: Record<string, string> = {};

beforeAll(async () => {
  receiver = await serveFake(
    (request) => {
      received.push(request);
      return { status: 200, body: { received: true } };
    },
    () => ({ error: 'refused' }),
  );
  // A local receiver is accepted only because the tests say so (every other endpoint must be a public host).
  env.WEBHOOK_ALLOWED_ORIGINS = receiver.url;
});
afterAll(async () => {
  await receiver?.stop();
});

browserSuite(
  contexts,
  (started, chromium) => {
    app = started;
    browser = chromium;
  },
  env,
);

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

describe('« Développeurs », a merchant’s keys and webhooks', () => {
  it('creates a key seen once, sends a signed test event to its server, and revokes the key', async () => {
    const account = await createAccount(app, 'client');
    await app.db.merchant.create({
      data: {
        userId: account.user.id,
        businessName: 'Pharmacie du Port',
        pickupAddress: 'Port autonome, Kaloum',
        pickupLatitude: 9.5092,
        pickupLongitude: -13.7122,
        paymentTerms: 'cash_on_delivery',
      },
    });

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(account.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await tab(page, 'Développeurs').click();
    await page.getByRole('heading', { name: 'Développeurs', level: 2 }).waitFor();
    await page.getByText('Aucune clé pour le moment.', { exact: false }).waitFor();
    await expectAccessible(page, 'merchant-developers');

    // A key: its name and permissions, then its secret, once.
    await page.getByRole('button', { name: 'Nouvelle clé' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Nouvelle clé d’API' });
    await keyDialog.getByLabel('Nom de la clé').fill('Site web');
    await expectAccessible(page, 'merchant-developers-new-key');
    await keyDialog.getByRole('button', { name: 'Créer la clé' }).click();
    const keyPanel = page.getByRole('region', { name: 'Votre nouvelle clé « Site web »' });
    await keyPanel.getByText('Copiez cette clé maintenant : elle ne sera plus affichée.').waitFor();
    const secret = await keyPanel.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^cs_live_[A-Za-z0-9]{12}_/);
    await keyPanel.getByRole('button', { name: 'Copier' }).click();
    await keyPanel.getByText('Copiée dans le presse-papiers.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await expectAccessible(page, 'merchant-developers-key-secret');
    await screenshot(page, 'merchant-developers-key-secret');

    // The key works on the public API.
    const withKey = (path: string) => app.request('GET', path, undefined, { token: secret, ip: newIp() });
    expect((await withKey('/api/v1/deliveries')).status).toBe(200);

    // After a reload the secret is gone for good: the key is known by its prefix.
    await page.reload();
    await tab(page, 'Développeurs').click();
    const keyItem = page.getByRole('listitem', { name: 'Clé Site web' });
    await keyItem.getByText(`${secret.slice(0, 'cs_live_'.length + 12)}…`).waitFor();
    await keyItem.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(secret);

    // A webhook endpoint on this machine: its signing secret shown once.
    await page.getByRole('button', { name: 'Ajouter un point de terminaison' }).click();
    const endpointDialog = page.getByRole('dialog', { name: 'Ajouter un point de terminaison' });
    const endpointUrl = `${receiver.url}/coursa/webhooks`;
    await endpointDialog.getByLabel('URL').fill(endpointUrl);
    await endpointDialog.getByLabel('Description (facultative)').fill('Serveur de la pharmacie');
    await expectAccessible(page, 'merchant-developers-new-endpoint');
    await endpointDialog.getByRole('button', { name: 'Ajouter' }).click();
    const secretPanel = page.getByRole('region', { name: `Secret de signature de ${endpointUrl}` });
    const signingSecret = await secretPanel.getByRole('textbox').inputValue();
    expect(signingSecret).toMatch(/^whsec_/);
    await secretPanel.getByRole('button', { name: 'J’ai copié la clé' }).click();
    await secretPanel.waitFor({ state: 'detached' });

    // « Envoyer un test »: the worker sends it, the log follows it until it succeeded.
    const endpointItem = page.getByRole('listitem', { name: endpointUrl });
    await endpointItem.getByText('Actif').waitFor();
    await endpointItem.getByRole('button', { name: 'Envoyer un test' }).click();
    const logLine = endpointItem.getByRole('listitem', { name: /^Test, / });
    await logLine.getByText('Réussi').waitFor({ timeout: 30_000 });
    await logLine.getByText('HTTP 200').waitFor();
    await expectAccessible(page, 'merchant-developers-delivery-log');
    await screenshot(page, 'merchant-developers-delivery-log');

    // What the receiver got: one POST, signed with the endpoint's secret (checked by the Standard Webhooks library a
    // shop would use), carrying the test event.
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/coursa/webhooks');
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request!.headers[name])]));
    expect(new Webhook(signingSecret).verify(request!.body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(`whsec_${Buffer.from('another secret entirely').toString('base64')}`).verify(request!.body, headers)).toThrow();

    // Revoked once confirmed: the list says so, and the public API refuses the key.
    page.once('dialog', (dialog) => void dialog.accept());
    await keyItem.getByRole('button', { name: 'Révoquer la clé Site web' }).click();
    await keyItem.getByText('Révoquée').waitFor();
    await page.getByText('Clé « Site web » révoquée.').waitFor();
    expect((await withKey('/api/v1/deliveries')).status).toBe(401);
    await expectAccessible(page, 'merchant-developers-revoked');
  });
});
