import { describe, expect, it } from '@jest/globals';
import { COURSE_STATUS_LABELS, courseNumber, type CourseStatus } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { login } from '../support/accounts.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { acceptedCourse } from '../support/courses.js';
import { codeIn } from '../support/outbox.js';
import type { TestApp } from '../support/test-app.js';

// Issue 22, done when: a courier finishes a delivery with no network — the steps and the recipient's code are kept on
// the phone through a reload — and when the network returns the server has each step once, in order, at the times they
// were made on the phone; the client's page heard each step once.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

const WAITING = 'En attente de réseau';
const OTP_WAITING = 'En attente de réseau : envoi dès le retour du réseau.';
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/** A phone signed in as this account (the session put in place directly: signing in is tested elsewhere). */
async function phoneOf(account: { phone: string; password: string }): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  contexts.push(context);
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await context.newPage();
  const session = await login(app, account.phone, account.password);
  await page.goto(`${app.baseUrl}/auth`);
  await page.evaluate((tokens) => {
    localStorage.setItem('token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }, session);
  await page.goto(`${app.baseUrl}/`);
  return [context, page];
}

/** The `course:status` events a page receives on its socket (Socket.IO frames: 42["event",payload]). */
function statusEventsHeardBy(page: Page, courseId: string): CourseStatus[] {
  const heard: CourseStatus[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const frame = /^42(?:\/[^,]*,)?(\[.*\])$/s.exec(String(payload));
      if (!frame) return;
      const [event, body] = JSON.parse(frame[1]!) as [string, { course_id?: string; status?: CourseStatus }];
      if (event === 'course:status' && body.course_id === courseId) heard.push(body.status!);
    }),
  );
  return heard;
}

/** What the courier's phone keeps in its outbox (IndexedDB `coursa-courier`). */
const outboxOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ key: string; occurredAt: string; action: { kind: string; status?: string } }[]>((resolve, reject) => {
        const opening = indexedDB.open('coursa-courier');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('outbox').objectStore('outbox').getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        };
      }),
  );

describe('a delivery made offline', () => {
  it('is kept on the phone through a reload, then reaches the server in order, once, at the device times', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const { recipientPhone, number } = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    const sms = await app.outbox.waitFor((line) => line.to === recipientPhone && line.kind === 'delivery_otp');

    // The client follows the course.
    const [, clientPage] = await phoneOf(client);
    const clientHeard = statusEventsHeardBy(clientPage, courseId);
    await tab(clientPage, 'Suivi GPS').click();
    await clientPage.getByRole('region', { name: 'Carte de suivi' }).waitFor();

    // The courier's phone, once its service worker keeps the screens' answers, opens the course then loses the network.
    const [courierContext, courierPage] = await phoneOf(courier);
    await courierPage.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await courierPage.reload();
    await tab(courierPage, 'Navigation').click();
    const heading = courierPage.getByRole('heading', { name: `Course ${courseNumber(number)}` });
    await heading.waitFor();
    await courierContext.setOffline(true);

    // Each step shows at once, marked as waiting for the network; then the code.
    for (const step of ['Aller au retrait', 'Colis récupéré', 'Aller à la livraison']) {
      await courierPage.getByRole('button', { name: step }).click();
      await courierPage.getByRole('button', { name: step }).waitFor({ state: 'detached' });
      await courierPage.getByRole('status').getByText(WAITING, { exact: true }).waitFor();
    }
    await courierPage.getByLabel('Code OTP du destinataire').fill(codeIn(sms.text));
    await courierPage.getByRole('button', { name: 'Valider la livraison' }).click();
    await courierPage.getByText(OTP_WAITING).waitFor();
    const kept = await outboxOf(courierPage);
    expect(kept.map(({ action }) => action.status ?? action.kind)).toEqual(['en_route_pickup', 'collected', 'en_route_delivery', 'verify-otp']);
    expect(new Set(kept.map(({ key }) => key)).size).toBe(4);

    // A reload with no network: the screen is there, with what the courier did.
    await courierPage.reload();
    await tab(courierPage, 'Navigation').click();
    await heading.waitFor();
    await courierPage.locator('.status-badge').getByText(COURSE_STATUS_LABELS.en_route_delivery).waitFor();
    await courierPage.getByText(OTP_WAITING).waitFor();
    await expectAccessible(courierPage, 'courier-offline-waiting');
    await screenshot(courierPage, 'courier-offline-waiting');
    expect((await app.db.course.findUniqueOrThrow({ where: { id: courseId } })).status).toBe('assigned');

    // The network returns: everything is sent, in order, and the code's answer shows.
    await courierContext.setOffline(false);
    await courierPage.getByText('🎉 Livraison validée avec succès !').first().waitFor({ timeout: 30_000 });
    // The course says it is delivered (issue 38) before the courier moves on: no course is left under way.
    await courierPage.getByRole('heading', { name: `Course ${courseNumber(number)} livrée` }).waitFor();
    await courierPage.getByRole('button', { name: 'Voir les courses disponibles' }).waitFor();
    expect(await outboxOf(courierPage)).toEqual([]);

    const times = kept.map(({ occurredAt }) => new Date(occurredAt));
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    expect(stored).toMatchObject({ status: 'delivered', pickupTime: times[1], deliveryTime: times[3], statusAt: times[3] });
    const steps = await app.db.auditLog.findMany({ where: { resourceId: courseId, action: { in: ['course_status_changed', 'course_delivered'] } }, orderBy: { at: 'asc' } });
    expect(steps.map((line) => line.details as { status: string; occurred_at: string })).toEqual(
      ['en_route_pickup', 'collected', 'en_route_delivery', 'delivered'].map((status, index) =>
        expect.objectContaining({ status, occurred_at: times[index]!.toISOString() }),
      ),
    );
    // Accepted, then the four steps: one event each.
    expect(await app.db.outboxEvent.count({ where: { type: 'course.status', aggregateId: courseId } })).toBe(5);

    await clientPage.getByText('Livré !').waitFor({ timeout: 15_000 });
    expect(clientHeard).toEqual(['en_route_pickup', 'collected', 'en_route_delivery', 'delivered']);
  });
});
