import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { COURSE_STATUS_LABELS } from '@coursa/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { createAccount, newPhone, signedIn } from '../support/accounts.js';
import { keepOnThisApp, launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { showCoordinates, typeAddress, typePoint } from '../support/order-form.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';

// A client's journey in the built web app (apps/web/dist, built by `npm test`), served by the real API and worker.
let app: TestApp;
let browser: Browser;
let page: Page;

const PICKUP = { address: 'Marché Madina', latitude: '9.5456', longitude: '-13.6566' };
const DROP = { address: 'Kaloum, port autonome', latitude: '9.5092', longitude: '-13.7122' };

beforeAll(async () => {
  // The route of an ended course is kept at once (not 30 s later), for the delivered course's details.
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist', ROUTE_AFTER_END_MS: '0' }, { apiProcess: true }), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', acceptDownloads: true });
  // No internet here: map tiles are refused at once (markers render without them).
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await keepOnThisApp(context, app.baseUrl);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const tab = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

async function fillCourse(recipient: string) {
  await typePoint(page, 0, PICKUP);
  await typePoint(page, 1, DROP);
  await page.getByLabel('Téléphone du destinataire').fill(recipient);
  await page.getByLabel('Description').fill('Un carton de livres');
}

const courseCard = (status: string): Locator => page.locator('article.course-card').filter({ hasText: status });

describe('a client in the browser', () => {
  let client: Awaited<ReturnType<typeof createAccount>>;

  it('signs in, is told what is wrong in the order form, pays with PayCard and finds the course', async () => {
    client = await createAccount(app, 'client');
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(client.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Bienvenue, Test client !').waitFor();
    await page.getByText('Niveau Bronze').waitFor();
    await expectAccessible(page, 'client-home');
    await screenshot(page, 'client-home');

    await tab('Nouvelle course').click();
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.getByText("L'adresse de retrait est obligatoire").waitFor();
    await typeAddress(page, 0, PICKUP.address);
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.getByText('Touchez la carte ou choisissez une adresse').waitFor();
    await showCoordinates(page, 0);
    await page.getByLabel('Latitude').first().fill('nord');
    await page.getByLabel('Longitude').first().fill(PICKUP.longitude);
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.getByText('Les coordonnées du point de retrait doivent être des nombres').waitFor();

    await fillCourse(newPhone());
    await page.locator('.point-marker--delivery').waitFor();
    await page.getByText('12 000 GNF').first().waitFor();
    await expectAccessible(page, 'client-create-course');
    await screenshot(page, 'client-create-course');
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^PayCard/ }).click();
    await dialog.getByRole('button', { name: 'Payer avec PayCard' }).click();
    await page.waitForURL('**/sandbox/pay/**');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.waitForURL(/\/\?paiement=COURSE_\d+/);
    await page.getByText('Votre course est enregistrée !').first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'client-paid-with-paycard');
    await screenshot(page, 'client-paid-with-paycard');

    await tab('Mes courses').click();
    await courseCard('En attente').first().getByText('Marché Madina').waitFor();
    expect(await page.locator('article.course-card').count()).toBe(1);
  });

  it('orders with cash on delivery and a parcel photo, and once delivered rates it, downloads its receipt and opens a claim', async () => {
    const recipient = newPhone();
    await tab('Nouvelle course').click();
    await fillCourse(recipient);
    // The parcel: its type, and a photo sent as soon as it is chosen.
    await page.getByLabel('Type de colis').selectOption('Fragile');
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);
    await page.getByLabel('Photo du colis (facultatif)').setInputFiles({ name: 'colis.png', mimeType: 'image/png', buffer: photo });
    await page.getByText('✓ Photo du colis ajoutée').waitFor();
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Paiement à la livraison/ }).click();
    await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
    await dialog.getByText('Votre course est enregistrée !').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await page.getByRole('button', { name: 'Créer une autre course' }).waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const courses = (await app.request('GET', '/api/courses', undefined, { token })).body as { id: string; course_id: string; recipient_phone: string }[];
    const course = courses.find((candidate) => candidate.recipient_phone === recipient)!;

    // « Suivre ma course » opens the tracking of this very course, listed while it waits for a courier (issue 38).
    await page.getByRole('button', { name: 'Suivre ma course' }).click();
    await page.getByRole('heading', { name: 'Suivi GPS Temps Réel' }).waitFor();
    await expect(page.getByLabel('Course à suivre').inputValue()).resolves.toBe(course.id);
    const followed = page.locator('section.tracking');
    await followed.getByRole('heading', { name: `Course ${course.course_id}` }).waitFor();
    await followed.locator('.status-badge').getByText(COURSE_STATUS_LABELS.pending, { exact: true }).waitFor();

    // A courier accepts it while the screen is open: the tracking shows it at once, with his number to call.
    const courier = await signedIn(app, 'independent_delivery');
    const asCourier = (path: string, body?: unknown) => app.request('POST', `/api/delivery/${path}`, body, { token: courier.token });
    await asCourier('toggle-availability');
    expect((await asCourier(`accept-course/${course.id}`)).status).toBe(200);
    await followed.locator('.status-badge').getByText(COURSE_STATUS_LABELS.assigned, { exact: true }).waitFor();
    await followed.getByRole('link', { name: 'Contacter le livreur' }).waitFor();
    expect(await followed.getByRole('link', { name: 'Contacter le livreur' }).getAttribute('href')).toBe(`tel:${courier.phone}`);
    await expectAccessible(page, 'client-tracking-accepted-live');
    await screenshot(page, 'client-tracking-accepted-live');

    // « Mes courses » follows its steps live, without a reload.
    await tab('Mes courses').click();
    const listed = page.getByRole('article', { name: `Course ${course.course_id}` });
    await listed.locator('.status-badge').getByText(COURSE_STATUS_LABELS.assigned, { exact: true }).waitFor();

    // The courier delivers it through the API, with the code the recipient received.
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
      expect((await asCourier(`course/${course.id}/update-status?new_status=${status}`)).status).toBe(200);
    }
    // The trail its phone sent on the way: straight from the pickup to the delivery, 7.4 km.
    const start = Date.now() - 20 * 60_000;
    const along = (from: string, to: string, index: number) => Number(from) + ((Number(to) - Number(from)) * index) / 29;
    await app.db.courierPosition.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        courierId: courier.user.id,
        courseId: course.id,
        latitude: along(PICKUP.latitude, DROP.latitude, index),
        longitude: along(PICKUP.longitude, DROP.longitude, index),
        recordedAt: new Date(start + index * 10_000),
      })),
    });
    await listed.locator('.status-badge').getByText(COURSE_STATUS_LABELS.en_route_delivery, { exact: true }).waitFor();
    const sms = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');
    expect((await asCourier(`course/${course.id}/verify-otp`, { otp: codeIn(sms.text) })).status).toBe(200);
    await waitUntil('the route to be kept', async () => (await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).route !== null, 10_000, 100);

    await tab('Mes courses').click();
    const delivered = courseCard('Livré avec succès');
    await delivered.waitFor();
    await delivered.getByRole('button', { name: 'Voir les détails' }).click();
    await delivered.getByText('Prix final').waitFor();
    await delivered.getByText('Fragile').waitFor();
    await delivered.getByRole('img', { name: 'Photo du colis' }).waitFor();
    // The route the courier rode, on its map, with its length.
    await delivered.getByText('Trajet parcouru : 7,4 km').waitFor();
    await delivered.getByRole('region', { name: 'Carte du trajet' }).locator('path.leaflet-interactive').first().waitFor();
    expect((await app.db.course.findUniqueOrThrow({ where: { id: course.id }, include: { photoFile: true } })).photoFile).toMatchObject({ kind: 'parcel_photo', sizeBytes: photo.length });
    await expectAccessible(page, 'client-my-courses-delivered');
    await screenshot(page, 'client-my-courses-delivered');

    await delivered.getByRole('button', { name: 'Évaluer' }).click();
    await page.getByRole('radio', { name: '4 sur 5' }).click();
    await page.getByLabel('Commentaire (facultatif)').fill('Rapide et aimable');
    await page.getByRole('dialog').getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Merci pour votre évaluation !').waitFor();
    // Rated: « Évaluer » gives way to the rating given, so nobody tries twice.
    await delivered.getByLabel('Votre note : 4 sur 5').waitFor();
    expect(await delivered.getByRole('button', { name: 'Évaluer' }).count()).toBe(0);

    // The worker renders the receipt after delivery; the button works once it exists.
    await waitUntil('the receipt to be rendered', async () => (await app.request('GET', `/api/courses/${course.id}/receipt`, undefined, { token })).status === 200, 10_000, 200);
    const [download] = await Promise.all([page.waitForEvent('download'), delivered.getByRole('button', { name: 'Reçu PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^recu-coursa-\d{6}\.pdf$/);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    await delivered.getByRole('button', { name: 'Réclamation' }).click();
    const claim = page.getByRole('dialog');
    await claim.getByRole('heading', { name: 'Signaler un Problème' }).waitFor();
    await claim.getByRole('button', { name: 'Envoyer' }).click();
    await claim.getByText('Le résumé du problème est obligatoire').waitFor();
    await claim.getByLabel('Type de problème').selectOption('damage');
    await claim.getByLabel('Résumé').fill('Un livre abîmé');
    await claim.getByRole('button', { name: 'Envoyer' }).click();
    await claim.getByText('Réclamation enregistrée avec succès!').waitFor();
    await expectAccessible(page, 'client-claim-recorded');
    await screenshot(page, 'client-claim-recorded');
    await claim.waitFor({ state: 'detached', timeout: 5000 });
    // « Mes réclamations » lists it, with where it stands.
    const myClaim = page.getByRole('region', { name: 'Mes réclamations' }).getByRole('listitem').filter({ hasText: 'Un livre abîmé' });
    await myClaim.getByText('Ouverte', { exact: true }).waitFor();
    const claims = await app.request('GET', '/api/disputes', undefined, { token });
    expect(claims.body).toEqual([expect.objectContaining({ course_id: course.id, dispute_type: 'damage', reason: 'Un livre abîmé' })]);
  }, 90_000); // a long journey (order, delivery, rating, receipt, claim) on a shared 2-core machine
});
