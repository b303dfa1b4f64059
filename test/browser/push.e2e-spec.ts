import { describe, expect, it } from '@jest/globals';
import { courseNumber } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pushTexts } from '../../apps/api/src/modules/push/push-texts.js';
import { newPhone, signedIn } from '../support/accounts.js';
import { expectAccessible } from '../support/accessibility.js';
import { browserSuite } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Web Push in the browser (issue 37): the profile asks the browser's permission on a tap only, never at load; a push
// delivered to the registered service worker (CDP ServiceWorker.deliverPushMessage) shows a notification, and its tap
// opens the course it is about.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/** Two courses of one client, each accepted by a courier: the push is about the second, not the one shown first. */
async function clientWithTwoCourses() {
  const client = await signedIn(app, 'client');
  const courier = await signedIn(app, 'independent_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  const ids: string[] = [];
  for (let index = 0; index < 2; index++) {
    const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' }, { token: client.token });
    ids.push(created.body.id as string);
    expect((await app.request('POST', `/api/delivery/accept-course/${created.body.id}`, undefined, { token: courier.token })).status).toBe(200);
  }
  return { client, ids };
}

describe('push notifications in the browser', () => {
  it('asks permission on the tap only; a push shows a notification whose tap opens the course', async () => {
    const { client, ids } = await clientWithTwoCourses();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    contexts.push(context);
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    // Counts the permission prompts the page asks for (answered « not now »: the browser's choice stays open).
    await context.addInitScript(() => {
      const counted = window as unknown as { permissionAsks: number };
      counted.permissionAsks = 0;
      Notification.requestPermission = async () => {
        counted.permissionAsks += 1;
        return 'default';
      };
    });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(client.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await tab(page, 'Profil').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });

    await tab(page, 'Profil').click();
    const toggle = page.getByRole('button', { name: 'Activer sur cet appareil' });
    await toggle.waitFor();
    await expectAccessible(page, 'profil, notifications');
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
    await toggle.click();
    await page.waitForFunction(() => (window as unknown as { permissionAsks: number }).permissionAsks === 1);
    // Not granted: still off, nothing kept on the server.
    await toggle.waitFor();
    expect(await app.db.pushSubscription.count({ where: { userId: client.user.id } })).toBe(0);

    // The push, as the push service hands it to the browser.
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL === `${app.baseUrl}/` && !registration.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const message = pushTexts.courierAssigned(ids[1]!);
    await context.grantPermissions(['notifications'], { origin: app.baseUrl });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.baseUrl, registrationId, data: JSON.stringify(message) });

    const shown = await waitFor(
      'the notification',
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            tag: notification.tag,
            data: notification.data as unknown,
          })),
        ),
      (notifications) => notifications.length > 0,
    );
    expect(shown).toEqual([{ title: 'Livreur trouvé', body: 'Un livreur a accepté votre course et va au retrait.', tag: `course-${ids[1]}`, data: { url: `/?tab=tracking&course=${ids[1]}` } }]);

    // Headless Chromium shows no notification to tap: the service worker gets the tap as a notificationclick event,
    // dispatched inside it with the notification it showed.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(`${app.baseUrl}/?tab=tracking&course=${ids[1]}`);
    await page.getByRole('heading', { name: 'Suivi GPS Temps Réel' }).waitFor();
    await expect(page.getByLabel('Course à suivre').inputValue()).resolves.toBe(ids[1]);
    const { number } = await app.db.course.findUniqueOrThrow({ where: { id: ids[1]! } });
    expect(await page.getByLabel('Course à suivre').locator('option:checked').textContent()).toContain(courseNumber(number));
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
  });
});
