import { describe, expect, it } from '@jest/globals';
import { commissionFor, estimatePrice } from '@coursa/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhone, signedIn } from '../support/accounts.js';
import { browserSuite, keepOnThisApp, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { codeIn } from '../support/outbox.js';
import type { TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// The courier's money in the browser: balance, cash held and entries, a deposit through the sandbox page; staff see the
// cash table and a refund to do.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const PRICE = estimatePrice(PICKUP, DROP);
const OWED = PRICE - commissionFor(PRICE, 0.7);
const gnf = (amount: number) => new Intl.NumberFormat('fr-FR').format(amount).replace(/\s/g, ' ');

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

type Account = Awaited<ReturnType<typeof signedIn>>;

/** A page already signed in (the sign-in screen has its own journey). */
async function signedInPage(account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  contexts.push(context);
  await keepOnThisApp(context, app.baseUrl);
  const page = await context.newPage();
  const session = await app.request('POST', '/api/auth/login', { phone: account.phone, password: account.password });
  await page.goto(`${app.baseUrl}/auth`);
  await page.evaluate((tokens) => {
    localStorage.setItem('token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }, session.body as { access_token: string; refresh_token: string });
  await page.goto(`${app.baseUrl}/`);
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
/** A figure of a details list, spaces made plain (fr-FR groups digits with narrow no-break spaces). */
const figure = async (page: Page, label: string) =>
  ((await page.locator('.details div', { has: page.getByText(label, { exact: true }) }).first().textContent()) ?? '').replace(/\s/g, ' ');

/** A cash course ordered and handed over through the API. */
async function cashDelivery(courier: Account) {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  const id = created.body.id as string;
  expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
    await app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token: courier.token });
  }
  const otp = codeIn((await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp')).text);
  expect((await app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);
}

/** A course paid by PayCard in the sandbox, then cancelled by its client: its refund is for staff to send. */
async function cancelledPaidCourse() {
  const client = await signedIn(app, 'client');
  const order_id = `COURSE_${Date.now()}`;
  const paid = await app.request('POST', '/api/payments/paycard', { amount: PRICE, customer_name: 'Fanta', order_id }, { token: client.token });
  await fetch(paid.body.payment_url.replace(/^https?:\/\/[^/]+/, app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
    redirect: 'manual',
  });
  await waitFor('the payment', () => app.request('GET', `/api/payments/status/${order_id}`, undefined, { token: client.token }), (answer) => answer.body.status === 'succeeded', 10_000);
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_reference: order_id }, { token: client.token });
  expect((await app.request('POST', `/api/courses/${created.body.id}/cancel`, undefined, { token: client.token })).status).toBe(200);
  return client;
}

describe('courier money in the browser', () => {
  it('the courier sees their cash and entries and deposits through the sandbox page; staff see the cash table and a refund to do', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    await cashDelivery(courier);
    const refundClient = await cancelledPaidCourse();

    const page = await signedInPage(courier);
    await tab(page, 'Mes gains').click();
    expect(await figure(page, 'Solde')).toContain(`Vous devez ${gnf(OWED)}`);
    expect(await figure(page, 'Espèces détenues')).toContain(gnf(PRICE));
    expect(await figure(page, 'Espèces à déposer')).toContain(gnf(OWED));
    await page.getByText('Espèces encaissées').first().waitFor();
    await page.getByText('Commission', { exact: true }).first().waitFor();
    // Owing cash: no early payment, and the screen says why.
    const early = page.getByRole('button', { name: 'Demander un paiement anticipé' });
    expect(await early.isDisabled()).toBe(true);
    await page.getByText(`Vous devez ${gnf(OWED)} GNF d'espèces à Coursa : déposez-les avant de demander un paiement anticipé.`).waitFor();
    await expectAccessible(page, 'courier-money');
    await screenshot(page, 'courier-money');

    const deposit = page.getByRole('form', { name: 'Déposer par mobile money' });
    await deposit.getByLabel('Numéro mobile money').fill('664 00 00 01');
    await deposit.getByText('MTN MoMo').waitFor();
    await deposit.getByRole('button', { name: /Déposer/ }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Payer' }).click();
    // Back on the app, « Mes gains » follows the deposit until the payment's callback has credited it.
    await page.waitForURL((url) => !url.pathname.startsWith('/sandbox'));
    await page.getByText(/Dépôt de .+ GNF reçu, merci !/).waitFor({ timeout: 20_000 });
    expect(await figure(page, 'Espèces à déposer')).toContain(`${gnf(0)} GNF`);
    expect(await figure(page, 'Espèces détenues')).toContain(gnf(PRICE - OWED));
    expect(await figure(page, 'Dépôts')).toContain(gnf(OWED));
    await page.getByText("Dépôt d'espèces").first().waitFor();
    // Nothing due now (the commission is what the courier kept): still no early payment, for that reason.
    expect(await early.isDisabled()).toBe(true);
    await page.getByText('Rien ne vous est dû pour le moment : vos commissions ont été versées ou compensent vos espèces.').waitFor();
    await expectAccessible(page, 'courier-money-deposited');
    await screenshot(page, 'courier-money-deposited');

    const admin = await signedIn(app, 'admin');
    const staffPage = await signedInPage(admin);
    await tab(staffPage, 'Commissions').click();
    const cash = staffPage.getByRole('region', { name: 'Espèces' });
    const row = cash.locator('li', { has: staffPage.getByText(courier.user.fullName) });
    await row.waitFor();
    expect(((await row.textContent()) ?? '').replace(/\s/g, ' ')).toContain(`détient ${gnf(PRICE - OWED)} GNF · doit ${gnf(0)} GNF`);
    await staffPage.getByText('À rembourser').first().waitFor();
    await staffPage.getByText(refundClient.user.fullName).first().waitFor();
    await expectAccessible(staffPage, 'back-office-cash-and-refunds');
    await screenshot(staffPage, 'back-office-cash-and-refunds');

    // An admin corrects the courier's ledger: a bonus owed to them, with its reason, after a confirmation.
    staffPage.on('dialog', (dialog) => void dialog.accept());
    const correction = row.getByRole('form', { name: 'Correction du grand livre' });
    await correction.getByLabel('Compte à corriger').selectOption('earnings');
    await correction.getByLabel('Montant de la correction (GNF, négatif pour retirer)').fill('6000');
    await correction.getByLabel('Raison (obligatoire)').fill('Prime de fin de semaine');
    await correction.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await staffPage.getByText(/Correction de 6\s000 GNF enregistrée pour/).waitFor();
    expect(await app.db.courierLedgerEntry.findFirst({ where: { courierId: courier.user.id, kind: 'adjustment' } })).toMatchObject({ account: 'earnings', amount: 6000, reason: 'Prime de fin de semaine', createdById: admin.user.id });
    await waitFor('the row to show the balance', async () => ((await row.textContent()) ?? '').replace(/\s/g, ' '), (text) => text.includes(`solde ${gnf(6000)} GNF`), 10_000);
    await expectAccessible(staffPage, 'back-office-ledger-correction');
    await screenshot(staffPage, 'back-office-ledger-correction');

    // Owed 6 000 GNF now: the courier may ask for it.
    await page.reload();
    await tab(page, 'Mes gains').click();
    await page.getByRole('button', { name: 'Demander un paiement anticipé' }).waitFor();
    expect(await page.getByRole('button', { name: 'Demander un paiement anticipé' }).isDisabled()).toBe(false);
  }, 90_000);
});
