import { describe, expect, it } from '@jest/globals';
import type { CourseDto } from '@coursa/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, login, newPhone, signedIn } from '../support/accounts.js';
import { expectAccessible } from '../support/accessibility.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { acceptedCourse } from '../support/courses.js';
import { showCoordinates, typeAddress } from '../support/order-form.js';
import type { TestApp } from '../support/test-app.js';

// What a screen shows (issue 35), at a small phone's 360 px, a common phone's 390 px and a laptop's 1366 px: headers and
// banners stay above maps, words do not break, the back office uses a desktop's width. Checked with boxes and
// elementFromPoint, not pixels; screenshots kept in test/artifacts.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

/** A page at that width, already signed in as `account` (the sign-in screen has its own journey). */
async function signedInPage(account: { phone: string; password: string }, width: number, height = 800): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'fr-FR' });
  contexts.push(context);
  const page = await context.newPage();
  const tokens = await login(app, account.phone, account.password);
  await page.goto(`${app.baseUrl}/auth`);
  await page.evaluate((session) => {
    localStorage.setItem('token', session.access_token);
    localStorage.setItem('refresh_token', session.refresh_token);
  }, tokens as { access_token: string; refresh_token: string });
  await page.goto(`${app.baseUrl}/`);
  return [context, page];
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/** The element drawn at a point of the viewport is inside the element matching `selector`. */
const drawnInside = (page: Page, selector: string, x: number, y: number) =>
  page.evaluate(([at, inside]) => Boolean(document.elementFromPoint(at[0], at[1])?.closest(inside)), [[x, y], selector] as const);

describe('what a screen shows', () => {
  it.each([360, 390])('the courier’s navigation, scrolled at %i px: the header and « Hors ligne » stay above the map', async (width) => {
    const { courier } = await acceptedCourse(app);
    const [context, page] = await signedInPage(courier, width);
    await tab(page, 'Navigation').click();
    const map = page.getByRole('region', { name: 'Carte de navigation' });
    const zoomIn = map.getByRole('button', { name: 'Zoom avant' });
    await zoomIn.waitFor();
    await context.setOffline(true);
    const banner = page.locator('.offline-banner');
    await banner.waitFor();
    // A screen long enough to scroll the map under the header, whatever the course's details.
    await page.evaluate(() => document.querySelector('main')?.style.setProperty('padding-bottom', '100vh'));

    const header = (await page.locator('.app-header').boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    for (const [under, y] of [['.app-header', header.y + header.height / 2], ['.offline-banner', bannerBox.y + bannerBox.height / 2]] as const) {
      // Scroll until the zoom button's middle is at that height: the header (or the banner) is what is drawn there.
      const button = (await zoomIn.boundingBox())!;
      await page.evaluate((by) => window.scrollBy(0, by), button.y + button.height / 2 - y);
      const now = (await zoomIn.boundingBox())!;
      expect(Math.abs(now.y + now.height / 2 - y)).toBeLessThan(2);
      expect(await drawnInside(page, under, now.x + now.width / 2, y)).toBe(true);
      // Across its whole width, whatever the map has there (markers, the route line, its controls).
      for (let x = 2; x < width; x += 20) expect(await drawnInside(page, '.shell__top', x, y)).toBe(true);
    }
    // The zoom buttons are a thumb's size on a phone.
    const button = (await zoomIn.boundingBox())!;
    expect(button.width).toBeGreaterThanOrEqual(44);
    expect(button.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, `layout-courier-navigation-offline-${width}`);
    await screenshot(page, `layout-courier-navigation-under-header-${width}`);
  });

  it.each([360, 390])('« Mes gains » at %i px: « Hebdomadaire » stays on one line', async (width) => {
    const courier = await signedIn(app, 'independent_delivery');
    const [, page] = await signedInPage(courier, width);
    await tab(page, 'Mes gains').click();
    const value = page.locator('.details dd', { hasText: 'Hebdomadaire' });
    await value.waitFor();
    const lines = await value.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    // Nothing goes past the phone's edge either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `layout-courier-earnings-${width}`);
    await screenshot(page, `layout-courier-earnings-${width}`);
  });

  it('the order form for a thumb at 360×640: the whole of Conakry, a hint, « — » until both points, cash on screen at payment', async () => {
    const client = await createAccount(app, 'client');
    const [context, page] = await signedInPage(client, 360, 640);
    // No internet here: map tiles are refused at once (markers render without them).
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await tab(page, 'Nouvelle course').click();
    await page.getByText('Touchez la carte pour placer le retrait').waitFor();
    const price = page.locator('.price-summary__row').filter({ hasText: 'Prix estimé' }).locator('strong');
    expect(await price.textContent()).toBe('—');
    const map = page.locator('.point-picker__map');
    await map.getByRole('button', { name: 'Zoom avant' }).waitFor();
    await expectAccessible(page, 'layout-order-form-360x640');
    await screenshot(page, 'layout-order-form-360x640');

    // The map opens on the whole peninsula: a tap in its bottom-left corner lands south-west of Kaloum's tip, one in its
    // top-right corner north-east of the last communes (the view's bounds: components/map/PointPickerMap.tsx).
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: 20, y: box.height - 20 } });
    await page.locator('.point-marker--pickup').waitFor();
    await page.getByText('Touchez la carte pour placer la livraison').waitFor();
    expect(await price.textContent()).toBe('—');
    await map.click({ position: { x: box.width - 20, y: 20 } });
    await page.locator('.point-marker--delivery').waitFor();
    expect(await price.textContent()).toMatch(/^\d[\d\s]* GNF$/);
    const coordinate = async (name: 'Latitude' | 'Longitude', index: number) => Number(await page.getByLabel(name).nth(index).inputValue());
    const pickupLatitude = await coordinate('Latitude', 0);
    expect(pickupLatitude).toBeLessThan(9.495);
    expect(await coordinate('Longitude', 0)).toBeLessThan(-13.73);
    expect(await coordinate('Latitude', 1)).toBeGreaterThan(9.72);
    expect(await coordinate('Longitude', 1)).toBeGreaterThan(-13.54);

    // « Coordonnées » unfolds with a thumb's target, and shows what the taps placed.
    const fold = page.locator('details.point-coordinates summary').first();
    expect((await fold.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.getByLabel('Latitude').first().isVisible()).toBe(false);
    await showCoordinates(page, 0);
    expect(await page.getByLabel('Latitude').first().isVisible()).toBe(true);

    await typeAddress(page, 0, 'Marché Madina');
    await typeAddress(page, 1, 'Carrefour Bambéto');
    await page.getByLabel('Téléphone du destinataire').fill(newPhone());
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();

    // The payment step: its five methods fit the screen, cash (the last) whole and on top, nothing to scroll.
    const dialog = page.getByRole('dialog');
    const cash = dialog.getByRole('button', { name: /^Paiement à la livraison/ });
    await cash.waitFor();
    expect(await dialog.getByRole('list', { name: 'Moyens de paiement' }).getByRole('button').count()).toBe(5);
    const cashBox = (await cash.boundingBox())!;
    expect(cashBox.y).toBeGreaterThanOrEqual(0);
    expect(cashBox.y + cashBox.height).toBeLessThanOrEqual(640);
    expect(cashBox.x + cashBox.width).toBeLessThanOrEqual(360);
    expect(cashBox.height).toBeGreaterThanOrEqual(44);
    expect(await cash.evaluate((button, at) => document.elementFromPoint(at[0], at[1])?.closest('button') === button, [cashBox.x + cashBox.width / 2, cashBox.y + cashBox.height / 2])).toBe(true);
    expect(await page.locator('.modal').evaluate((modal) => modal.scrollHeight <= modal.clientHeight)).toBe(true);
    await expectAccessible(page, 'layout-payment-methods-360x640');
    await screenshot(page, 'layout-payment-methods-360x640');

    await cash.click();
    await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
    await dialog.getByText('Votre course est enregistrée !').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const courses = (await app.request('GET', '/api/courses', undefined, { token })).body as CourseDto[];
    expect(courses).toEqual([expect.objectContaining({ payment_method: 'cash_on_delivery' })]);
    expect(courses[0]!.pickup_location).toMatchObject({ address: 'Marché Madina', latitude: pickupLatitude });
  });

  it('the back office uses a desktop’s width at 1366 px, and its users table scrolls inside its card on a phone', async () => {
    const admin = await createAccount(app, 'admin');
    const [, page] = await signedInPage(admin, 1366, 768);
    await tab(page, 'Utilisateurs').click();
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    await actions.waitFor();
    expect((await page.locator('main').boundingBox())!.width).toBeGreaterThan(1100);
    // The « Actions » column is whole, inside its card and the screen, and its buttons are what is drawn there.
    const card = (await page.locator('.admin-table').first().boundingBox())!;
    const column = (await actions.boundingBox())!;
    expect(column.x + column.width).toBeLessThanOrEqual(Math.min(card.x + card.width, 1366) + 1);
    const firstAction = page.locator('.admin-table__actions').first().getByRole('button').first();
    const box = (await firstAction.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 1);
    expect(await firstAction.evaluate((button, at) => document.elementFromPoint(at[0], at[1])?.closest('button') === button, [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
    await expectAccessible(page, 'layout-back-office-users-1366');
    await screenshot(page, 'layout-back-office-users-1366');

    // On a phone, the table scrolls sideways inside its card; the page itself does not.
    await page.setViewportSize({ width: 360, height: 800 });
    const scroller = page.locator('.admin-table').first();
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'layout-back-office-users-360');
  });
});
