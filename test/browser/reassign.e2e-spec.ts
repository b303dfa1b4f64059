import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { courseNumber } from '@coursa/domain';
import { createAccount, signedIn } from '../support/accounts.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { acceptedCourse, insertCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';

// Issue 38: staff give a waiting course to a courier from the dispatch card, and move a course under way to another
// courier from the course list; a courier hands a course back, and reports an incident on another.
let app: TestApp;
let browser: Browser;
let context: BrowserContext | undefined;

const VIEWPORT = { width: 390, height: 844 };

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist' }, { apiProcess: true }), launchBrowser()]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

describe('assign and reassign from the back office', () => {
  it('assigns a waiting course from the dispatch card, then reassigns a course under way from the course list', async () => {
    const { courier: first, courseId: underWay } = await acceptedCourse(app);
    const second = await signedIn(app, 'salaried_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: second.token });
    // A course that has waited ten minutes for a courier, and was handed back once already.
    const client = await signedIn(app, 'client');
    const waitingCourse = await insertCourse(app, { clientId: client.user.id, createdAt: new Date(Date.now() - 10 * 60_000), handBackCount: 1 });

    const admin = await createAccount(app, 'admin');
    context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByLabel('Téléphone').fill(admin.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();

    // The dispatch card: the waiting course, how often it was handed back, and the picker.
    const waiting = page.getByRole('region', { name: "Courses en attente d'un livreur" });
    await waiting.getByText('Rendue 1 fois par un livreur').waitFor();
    await waiting.getByRole('button', { name: 'Assigner un livreur' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Livreur disponible').selectOption({ label: second.user.fullName });
    await expectAccessible(page, 'dispatch-assign-picker');
    await screenshot(page, 'dispatch-assign-picker');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await waitUntil('assigned', async () => (await app.db.course.findUniqueOrThrow({ where: { id: waitingCourse.id } })).courierId === second.user.id, 10_000, 100);
    // No longer waiting: the card reads the dispatch view again and drops it.
    await page.getByText('Rendue 1 fois par un livreur').waitFor({ state: 'detached' });

    // The course list: the course under way moves from the first courier to the second.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Courses' }).click();
    const { number } = await app.db.course.findUniqueOrThrow({ where: { id: underWay } });
    const card = page.getByRole('article', { name: `Course ${courseNumber(number)}` });
    await card.getByText(first.user.fullName).waitFor();
    await card.getByRole('button', { name: 'Réassigner' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByLabel('Livreur disponible').selectOption({ label: `${second.user.fullName} · 1 course(s) en cours` });
    await picker.getByRole('button', { name: 'Confirmer' }).click();
    await card.getByText(`Course confiée à ${second.user.fullName}.`).waitFor();
    await card.locator('dd').filter({ hasText: second.user.fullName }).waitFor();
    await expectAccessible(page, 'course-list-reassigned');
    await screenshot(page, 'course-list-reassigned');
    expect(await app.db.course.findUniqueOrThrow({ where: { id: underWay } })).toMatchObject({ status: 'assigned', courierId: second.user.id });
    expect(await app.db.auditLog.count({ where: { resourceId: underWay, action: 'course_courier_changed' } })).toBe(1);
  }, 90_000);

  it('lets a courier hand a course back with a reason, and report an incident once the parcel is collected', async () => {
    const { courier, courseId: toHandBack } = await acceptedCourse(app);
    // A second course of his, collected: incidents are for after the pickup.
    const client = await signedIn(app, 'client');
    const collected = await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'collected', assignedAt: new Date(), pickupTime: new Date() });

    const courierContext = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    try {
      const page = await courierContext.newPage();
      await page.goto(`${app.baseUrl}/auth`);
      await page.getByLabel('Téléphone').fill(courier.phone);
      await page.getByLabel('Mot de passe', { exact: true }).fill(courier.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await tab(page, 'Navigation').click();
      const chooser = page.getByLabel('Course active');
      await chooser.waitFor();

      await chooser.selectOption({ value: toHandBack });
      await page.getByRole('button', { name: 'Rendre la course' }).click();
      const form = page.getByRole('form', { name: 'Pourquoi rendez-vous la course ?' });
      await form.getByLabel('Autre').check();
      await form.getByRole('button', { name: 'Confirmer' }).click();
      await form.getByText('Précisez le motif (« Autre »).').waitFor();
      await form.getByLabel('Expéditeur absent').check();
      await expectAccessible(page, 'courier-hand-back');
      await screenshot(page, 'courier-hand-back');
      await form.getByRole('button', { name: 'Confirmer' }).click();
      await waitUntil('handed back', async () => (await app.db.course.findUniqueOrThrow({ where: { id: toHandBack } })).status === 'pending', 10_000, 100);

      // The course he handed back leaves his list: the collected one remains.
      await page.getByRole('button', { name: 'Signaler un incident' }).click();
      const incident = page.getByRole('form', { name: "Quel est l'incident ?" });
      await incident.getByLabel('Destinataire absent').check();
      await incident.getByLabel('Précisions (facultatif)').fill('Ne répond pas au téléphone');
      await expectAccessible(page, 'courier-incident');
      await incident.getByRole('button', { name: 'Confirmer' }).click();
      await page.getByText('Incident signalé : le support va vous contacter.').waitFor();
      expect(await app.db.supportRequest.findFirstOrThrow({ where: { courseId: collected.id } })).toMatchObject({
        requesterId: courier.user.id,
        incidentKind: 'recipient_absent',
        issue: 'Destinataire absent : Ne répond pas au téléphone',
      });
    } finally {
      await courierContext.close();
    }
  }, 90_000);
});

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
