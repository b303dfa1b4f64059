import { describe, expect, it } from '@jest/globals';
import { PROOF_MESSAGES } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, login, newPhone, signedIn } from '../support/accounts.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { codeIn } from '../support/outbox.js';
import type { TestApp } from '../support/test-app.js';

// Proof of delivery beside the code (issue 37), with the photo required on cash courses: the courier takes it at the
// door, the client then sees it with the course.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
/** A real 1×1 PNG: the client's browser draws it. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

browserSuite(
  contexts,
  (started, chromium) => {
    app = started;
    browser = chromium;
  },
  { PROOF_PHOTO_REQUIRED_FOR_CASH: 'true' },
);

/** A page signed in as this account (session put in place directly: the sign-in screen is tested elsewhere). */
async function signedInPage(account: { phone: string; password: string }, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', ...options });
  contexts.push(context);
  const page = await context.newPage();
  const session = await login(app, account.phone, account.password);
  await page.goto(`${app.baseUrl}/auth`);
  await page.evaluate((tokens) => {
    localStorage.setItem('token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }, session);
  await page.goto(`${app.baseUrl}/`);
  return page;
}

/** What the courier's screen says while the photo waits for the network (ProofPhotoStep). */
const PROOF_WAITING_FOR_NETWORK = 'Photo gardée sur le téléphone : envoi dès le retour du réseau.';

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

describe('the proof photo at the door', () => {
  it('is required before the code, taken by the courier, and seen by the client', async () => {
    const client = await signedIn(app, 'client');
    const recipient = newPhone();
    const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
    expect(created.status).toBe(201);
    const courseId = (created.body as { id: string }).id;

    // The courier brings it to the door (through the API: the steps' screens are the delivery journey's).
    const courier = await createAccount(app, 'independent_delivery');
    const courierToken = (await login(app, courier.phone, courier.password)).access_token;
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courierToken });
    expect((await app.request('POST', `/api/delivery/accept-course/${courseId}`, undefined, { token: courierToken })).status).toBe(200);
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
      expect((await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${status}`, undefined, { token: courierToken })).status).toBe(200);
    }
    const code = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);

    const courierPage = await signedInPage(courier, { permissions: ['geolocation'], geolocation: { latitude: 9.5092, longitude: -13.7122 } });
    await tab(courierPage, 'Navigation').click();
    // Without the photo, the code is refused and says why.
    await courierPage.getByLabel('Code OTP du destinataire').fill(code);
    await courierPage.getByRole('button', { name: 'Valider la livraison' }).click();
    await courierPage.getByText(PROOF_MESSAGES.required).waitFor();

    // Taken in a network drop, the photo waits on the phone, then goes when the network is back.
    await courierPage.context().setOffline(true);
    await courierPage.getByLabel('Photo du colis à la porte (obligatoire)').setInputFiles({ name: 'porte.png', mimeType: 'image/png', buffer: PHOTO });
    await courierPage.getByText(PROOF_WAITING_FOR_NETWORK).waitFor();
    expect(await app.db.course.findUniqueOrThrow({ where: { id: courseId } })).toMatchObject({ proofPhotoFileId: null });
    await courierPage.context().setOffline(false);
    await courierPage.getByText(`✓ ${PROOF_MESSAGES.saved}`).waitFor({ timeout: 20_000 });
    await courierPage.getByText(PROOF_WAITING_FOR_NETWORK).waitFor({ state: 'detached' });
    await courierPage.getByText(PROOF_MESSAGES.required).waitFor({ state: 'detached' });
    await courierPage.getByRole('img', { name: 'Photo de la remise prise sur ce téléphone' }).waitFor();
    await expectAccessible(courierPage, 'courier-proof-photo');
    await screenshot(courierPage, 'courier-proof-photo');
    await courierPage.getByLabel('Code OTP du destinataire').fill(code);
    await courierPage.getByRole('button', { name: 'Valider la livraison' }).click();
    await courierPage.getByText('🎉 Livraison validée avec succès !').first().waitFor();

    const clientPage = await signedInPage(client);
    await tab(clientPage, 'Mes courses').click();
    const card = clientPage.getByRole('article', { name: `Course ${(created.body as { course_id: string }).course_id}` });
    await card.getByRole('button', { name: 'Voir les détails' }).click();
    const photo = card.getByRole('img', { name: 'Photo du colis remis à la porte' });
    await photo.waitFor();
    // Drawn from the server's bytes (a 1×1 picture), not a broken image.
    await expect(photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).resolves.toBe(1);
    await expectAccessible(clientPage, 'client-course-proof-photo');
    await screenshot(clientPage, 'client-course-proof-photo');
  }, 90_000);
});
