import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { createAccount, newPhone } from '../support/accounts.js';
import { keepOnThisApp, launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { showCoordinates, typePoint } from '../support/order-form.js';

// « Mes adresses » (issue 39) in the built web app: a client saves « Maison » from the order form, then one touch on
// it fills the other point (address, coordinates, instructions) and places its marker; the profile lists it.
let app: TestApp;
let browser: Browser;
let page: Page;

const HOME = { address: 'Carrefour Bambéto, à côté de la pharmacie', latitude: '9.5917', longitude: '-13.6236', instructions: 'Portail bleu' };

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist' }, { apiProcess: true }), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
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

describe('« Mes adresses » in the browser', () => {
  it('saves « Maison » from the order form, then fills the delivery point with it', async () => {
    const client = await createAccount(app, 'client');
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(client.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await tab('Nouvelle course').click();

    await typePoint(page, 0, HOME);
    await page.getByLabel('Instructions').first().fill(HOME.instructions);
    await page.getByRole('button', { name: 'Enregistrer l’adresse de retrait' }).click();
    await page.getByLabel('Nom de l’adresse').fill('Maison');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Adresse « Maison » enregistrée.').waitFor();

    const forDelivery = page.getByRole('group', { name: 'Mes adresses pour la livraison' });
    await forDelivery.getByRole('button', { name: 'Maison' }).click();
    await expect(page.getByLabel('Adresse', { exact: true }).nth(1).inputValue()).resolves.toBe(HOME.address);
    await expect(page.getByLabel('Latitude').nth(1).inputValue()).resolves.toBe(HOME.latitude);
    await expect(page.getByLabel('Longitude').nth(1).inputValue()).resolves.toBe(HOME.longitude);
    await expect(page.getByLabel('Instructions').nth(1).inputValue()).resolves.toBe(HOME.instructions);
    await page.locator('.point-marker--delivery').waitFor();
    await expectAccessible(page, 'client-saved-places-order-form');
    await screenshot(page, 'client-saved-places-order-form');

    await tab('Profil').click();
    await page.getByRole('listitem', { name: 'Maison' }).getByText(HOME.address).waitFor();
    await expectAccessible(page, 'client-saved-places-profile');
  });

  it('suggests « Carrefour Bambéto » for « bambeto »: choosing it fills the address and moves the pickup marker, and the order keeps the place', async () => {
    // A place the book learned from deliveries by three clients (the grouping itself is tested in test/e2e).
    const place = await app.db.place.create({
      data: { name: 'Carrefour Bambéto', normalisedName: 'carrefour bambeto', latitude: 9.5917, longitude: -13.6236, observationCount: 5, distinctClients: 3, spreadM: 40, instructions: 'Devant la pharmacie' },
    });
    const client = await createAccount(app, 'client');
    await page.context().clearCookies();
    await page.goto(`${app.baseUrl}/auth`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(client.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await tab('Nouvelle course').click();

    // The pickup placed first by a tap somewhere on the map…
    const map = page.locator('.point-picker__map');
    await map.getByRole('button', { name: 'Zoom avant' }).waitFor();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2, y: box.height / 4 } });
    const marker = page.locator('.point-marker--pickup');
    const before = (await marker.boundingBox())!;
    // …then « bambeto » typed, accents left out: the known place comes, and choosing it moves the marker there.
    const address = page.getByLabel('Adresse', { exact: true }).first();
    await address.pressSequentially('bambeto', { delay: 30 });
    const suggestion = page.getByRole('listbox', { name: 'Adresses proposées' }).getByRole('option', { name: /^Carrefour Bambéto/ });
    await suggestion.waitFor();
    await expectAccessible(page, 'client-order-form-suggestions');
    await screenshot(page, 'client-order-form-suggestions');
    await suggestion.click();
    await expect(address.inputValue()).resolves.toBe('Carrefour Bambéto');
    await expect(page.getByLabel('Instructions').first().inputValue()).resolves.toBe('Devant la pharmacie');
    await showCoordinates(page, 0);
    await expect(page.getByLabel('Latitude').first().inputValue()).resolves.toBe('9.5917');
    await page.waitForFunction(
      (y) => {
        const box = document.querySelector('.point-marker--pickup')?.getBoundingClientRect();
        return box !== undefined && Math.abs(box.y - y) > 1;
      },
      before.y,
    );

    // Ordered: the course keeps the place (the courier's navigation names it: test/e2e/place-search).
    await typePoint(page, 1, { address: 'Kaloum, immeuble Sonoco', latitude: '9.5092', longitude: '-13.7122' });
    await page.getByLabel('Téléphone du destinataire').fill(newPhone());
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Paiement à la livraison/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.getByRole('dialog').getByText('Votre course est enregistrée !').waitFor();
    const course = await app.db.course.findFirstOrThrow({ where: { clientId: client.user.id } });
    expect(course).toMatchObject({ pickupAddress: 'Carrefour Bambéto', pickupPlaceId: place.id, deliveryPlaceId: null });
  });
});
