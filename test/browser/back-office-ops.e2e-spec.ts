import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ClientToServerEvents, PositionAck, ServerToClientEvents } from '@coursa/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { courseNumber } from '@coursa/domain';
import { createAccount, signedIn } from '../support/accounts.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep, waitUntil } from '../support/wait.js';

// The back office's live operations: an admin watches a courier move on the ops map, cancels a course, then sees the
// route of one that ended.
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let app: TestApp;
let browser: Browser;
let context: BrowserContext | undefined;
let courierSocket: ClientSocket | undefined;

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const VIEWPORT = { width: 390, height: 844 };

beforeAll(async () => {
  // An ended course's route is kept at once (not 30 s later), for the course view.
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist', ROUTE_AFTER_END_MS: '0' }, { apiProcess: true }), launchBrowser()]);
});
afterAll(async () => {
  courierSocket?.disconnect();
  await context?.close();
  await browser?.close();
  await app?.close();
});


async function orderCourse(token: string): Promise<string> {
  const created = await app.request(
    'POST',
    '/api/courses',
    { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: '+224620000001', payment_method: 'cash_on_delivery' },
    { token },
  );
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

/** How the back office names a course: CRS-000123. */
const numberOf = async (id: string) => courseNumber((await app.db.course.findUniqueOrThrow({ where: { id } })).number);

async function signInAsAdmin(context: BrowserContext) {
  const admin = await createAccount(app, 'admin');
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/auth`);
  await page.getByLabel('Téléphone').fill(admin.phone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  return page;
}

describe('back-office operations', () => {
  it('shows a courier moving on the live map, cancels a course with a reason, and shows an ended course\'s route', async () => {
    // A courier with an accepted course, and another pending course to cancel.
    const client = await signedIn(app, 'client');
    const accepted = await orderCourse(client.token);
    const toCancel = await orderCourse(client.token);
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    expect((await app.request('POST', `/api/delivery/accept-course/${accepted}`, undefined, { token: courier.token })).status).toBe(200);

    courierSocket = io(app.baseUrl, { path: '/socket.io', auth: { token: courier.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      courierSocket!.once('connect', resolve);
      courierSocket!.once('connect_error', reject);
    });
    const send = (lat: number, lng: number) =>
      new Promise<PositionAck>((resolve) => courierSocket!.emit('courier:position', { lat, lng, at: Date.now() }, resolve));
    expect(await send(9.54, -13.66)).toEqual({ ok: true });
    // A fix 23 km away at the same moment: kept off the map, and flagged for ops.
    expect(await send(9.75, -13.66)).toMatchObject({ ok: false, code: 'INVALID_POSITION' });
    // The course to cancel has waited ten minutes for a courier: ops see it, with the nearest available courier.
    await app.db.course.update({ where: { id: toCancel }, data: { createdAt: new Date(Date.now() - 10 * 60_000) } });
    // A handover 3 km from the door was flagged on the accepted course (as the delivery-code check records it).
    await app.db.auditLog.create({
      data: { actorId: courier.user.id, actorRole: 'independent_delivery', action: 'delivery_flagged', resourceType: 'course', resourceId: accepted, success: true, details: { kind: 'far_handover', distance_m: 3000, position_age_s: 5 } },
    });

    // The admin signs in through the sign-in screen and lands on the dashboard.
    context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    const page = await signInAsAdmin(context);

    // The courier carries a course: its marker is the « en course » one, named after the courier.
    const marker = page.locator(`.ops-map__marker--transit[title="${courier.user.fullName}"]`);
    await marker.waitFor({ timeout: 15_000 });
    await expect(page.locator('.ops-map__marker').count()).resolves.toBe(1);
    const waiting = page.getByRole('region', { name: "Courses en attente d'un livreur" });
    await waiting.getByText(/ · en attente depuis 10 min/).waitFor();
    await waiting.getByText(new RegExp(`Livreurs les plus proches : ${courier.user.fullName} \\(à [\\d,]+ k?m\\)`)).waitFor();
    await expect(page.locator('.ops-map__marker--waiting').count()).resolves.toBe(1);
    const flagged = page.getByRole('region', { name: 'Livraisons à vérifier' });
    await flagged.getByText(new RegExp(`CRS-\\d{6} · remise à 3 km du point de livraison \\(${courier.user.fullName}\\)`)).waitFor();
    const positions = page.getByRole('region', { name: 'Positions écartées de la carte' });
    await positions.getByText(new RegExp(`${courier.user.fullName} · CRS-\\d{6} · position improbable \\(saut de 23,3 km en moins d'une seconde\\)`)).waitFor();
    await expectAccessible(page, 'ops-dashboard-waiting-course');
    await screenshot(page, 'ops-dashboard-waiting-course');
    await page.getByRole('region', { name: 'Carte des livreurs en ligne' }).scrollIntoViewIfNeeded();
    // The map keeps the courier in view, whatever the tiles (none load offline).
    const expectInsideMap = async () => {
      const [box, area] = await Promise.all([marker.boundingBox(), page.locator('.ops-map__canvas').boundingBox()]);
      expect(box!.x).toBeGreaterThanOrEqual(area!.x);
      expect(box!.y).toBeGreaterThanOrEqual(area!.y);
      expect(box!.x + box!.width).toBeLessThanOrEqual(area!.x + area!.width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(area!.y + area!.height);
    };
    await expectInsideMap();
    await expectAccessible(page, 'back-office-ops-map-before');
    await screenshot(page, 'back-office-ops-map-before');
    const before = await marker.evaluate((element) => (element as HTMLElement).style.transform);

    // Positions stream at most once a second: the same marker moves in place.
    await sleep(1100);
    // About 90 m on (a move the server believes however fast the test goes).
    expect(await send(9.5406, -13.6606)).toEqual({ ok: true });
    await page.waitForFunction(
      ([selector, previous]) => (document.querySelector(selector) as HTMLElement | null)?.style.transform !== previous,
      [`.ops-map__marker--transit[title="${courier.user.fullName}"]`, before] as const,
      { timeout: 15_000 },
    );
    await expect(page.locator('.ops-map__marker').count()).resolves.toBe(1);
    await expectInsideMap();
    await expectAccessible(page, 'back-office-ops-map-after');
    await screenshot(page, 'back-office-ops-map-after');

    // The admin cancels the pending course with a reason.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Courses' }).click();
    const card = page.getByRole('article', { name: `Course ${await numberOf(toCancel)}` });
    await card.getByRole('button', { name: 'Annuler la course' }).click();
    await page.getByLabel('Raison (optionnelle)').fill('Client injoignable');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Statut mis à jour avec succès').waitFor();
    await card.getByText('Annulée').waitFor();
    await expectAccessible(page, 'back-office-course-cancelled');
    await screenshot(page, 'back-office-course-cancelled');

    const stored = await app.db.course.findUniqueOrThrow({ where: { id: toCancel } });
    expect(stored.status).toBe('cancelled');
    // No courier rode it: no route.
    await card.getByRole('button', { name: 'Voir le trajet' }).click();
    await card.getByText('Trajet non disponible').waitFor();

    // The accepted course, closed as delivered: its courier's streamed positions became its route, shown on demand.
    // (Its route is kept at once here: first its two positions reach the trail, written every 5 s.)
    await waitUntil('the trail', async () => (await app.db.courierPosition.count({ where: { courseId: accepted } })) === 2, 15_000, 100);
    const carried = page.getByRole('article', { name: `Course ${await numberOf(accepted)}` });
    await carried.getByRole('button', { name: 'Marquer livrée' }).click();
    // A cash course: the admin says whether its courier collected the cash (issue 34).
    await page.getByRole('dialog').getByLabel(/Oui, il les a encaissés/).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await carried.getByRole('button', { name: 'Voir le trajet' }).waitFor();
    await waitUntil('the route to be kept', async () => (await app.db.course.findUniqueOrThrow({ where: { id: accepted } })).route !== null, 15_000, 100);
    await carried.getByRole('button', { name: 'Voir le trajet' }).click();
    // About 90 m, from its two positions.
    await carried.getByText('Trajet parcouru : 100 m').waitFor();
    await carried.getByRole('region', { name: 'Carte du trajet' }).locator('path.leaflet-interactive').first().waitFor();
    expect(await card.getByText('Trajet non disponible').count()).toBe(0);
    await expectAccessible(page, 'back-office-course-route');
    await screenshot(page, 'back-office-course-route');
  }, 90_000); // a long journey, with an accessibility pass on each of its screens, on a shared 2-core machine

  it('finds a course from what a caller says: an accent-less name, a phone however written, its number; calls with a tap (issue 38)', async () => {
    const client = await signedIn(app, 'client');
    await app.db.user.update({ where: { id: client.user.id }, data: { fullName: 'Mamadou Baldé', phone: '+224622987654' } });
    const sought = await orderCourse(client.token);
    // Others the search must leave out.
    const other = await signedIn(app, 'client');
    await orderCourse(other.token);
    const number = await numberOf(sought);

    const searchContext = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    try {
      const page = await signInAsAdmin(searchContext);
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Courses' }).click();
      const box = page.getByRole('searchbox', { name: 'Rechercher une course' });
      const cards = page.locator('article.admin-course');
      const found = page.getByRole('article', { name: `Course ${number}` });
      for (const typed of ['balde', '622 98 76 54', number]) {
        // Cleared, the box shows the whole list again.
        await box.fill('');
        await cards.nth(1).waitFor();
        await box.pressSequentially(typed);
        // Once typing pauses, the list holds the course sought and nothing else.
        await page.waitForFunction(
          (name) => {
            const shown = [...document.querySelectorAll('article.admin-course')].map((card) => card.getAttribute('aria-label'));
            return shown.length === 1 && shown[0] === name;
          },
          `Course ${number}`,
          { timeout: 15_000 },
        );
      }
      await found.getByRole('heading', { name: `Course ${number}` }).waitFor();
      expect(await found.getByRole('link', { name: /^Appeler le client Mamadou Baldé/ }).getAttribute('href')).toBe('tel:+224622987654');
      expect(await found.getByRole('link', { name: /^Appeler le destinataire/ }).getAttribute('href')).toBe('tel:+224620000001');
      await found.getByText('Espèces').waitFor();
      await expectAccessible(page, 'back-office-course-search');
      await screenshot(page, 'back-office-course-search');

      await box.fill('zzzz introuvable');
      await page.getByText('Aucune course trouvée pour « zzzz introuvable ».').waitFor();
    } finally {
      await searchContext.close();
    }
  }, 60_000);
});
