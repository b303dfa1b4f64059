import { beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, login, newPhone, signedIn } from '../support/accounts.js';
import { browserSuite, screenshot } from '../support/browser.js';
import { expectAccessible } from '../support/accessibility.js';
import { insertCourse } from '../support/courses.js';
import type { TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// The staff half of the back office in a real browser: courier onboarding, money, admins and audit.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
const VIEWPORT = { width: 390, height: 844 };

// The smallest real images: the API recognises photos by their first bytes.
const photosDir = mkdtempSync(join(tmpdir(), 'coursa-kyc-'));
const ID_PHOTO = join(photosDir, 'piece-identite.png');
const PERSONAL_PHOTO = join(photosDir, 'portrait.jpg');
writeFileSync(
  ID_PHOTO,
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
writeFileSync(PERSONAL_PHOTO, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]));

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

async function signInThroughUi(phone: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${app.baseUrl}/auth`);
  await page.getByLabel('Téléphone').fill(phone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
const next = (page: Page) => page.getByRole('button', { name: 'Suivant' }).click();

describe('the staff back office', () => {
  let admin: Awaited<ReturnType<typeof createAccount>>;
  const courierPhone = newPhone();
  const adminPhone = newPhone();

  beforeAll(async () => {
    admin = await createAccount(app, 'admin');
  });

  it('an admin creates a courier with the full KYC file and photos, who can then sign in', async () => {
    const page = await signInThroughUi(admin.phone, admin.password);
    await tab(page, 'Nouveau livreur').click();
    await page.getByLabel('Nom complet *').fill('Mamadou Kaba');
    await page.getByLabel('Téléphone *').fill(courierPhone);
    await page.getByLabel('Email (optionnel)').fill(`kaba-${Date.now()}@example.gn`);
    await page.getByLabel('Mot de passe *').fill('livreur-123');
    await page.getByLabel('Type de livreur *').selectOption('salaried_delivery');
    await next(page);
    await page.getByLabel('Type de véhicule').selectOption('tricycle');
    await page.getByLabel('Numéro de permis').fill('P-778899');
    await page.getByLabel('Immatriculation du véhicule').fill('RC-1234-A');
    await page.getByLabel('Description du véhicule').fill('Tricycle bleu');
    await next(page);
    await page.getByLabel("Type de pièce d'identité *").selectOption('passeport');
    await page.getByLabel('Numéro de la pièce *').fill('GN0099887');
    await page.getByLabel("Date d'expiration *").fill('2031-06-30');
    await page.getByLabel("Photo de la pièce d'identité *").setInputFiles(ID_PHOTO);
    await page.getByText('✓ Photo enregistrée').waitFor();
    await page.getByLabel('Photo personnelle').setInputFiles(PERSONAL_PHOTO);
    await page.getByText('✓ Photo enregistrée').nth(1).waitFor();
    await page.getByLabel('Groupe sanguin').selectOption('O+');
    await next(page);
    await page.getByLabel("Nom du contact d'urgence *").fill('Fatoumata Kaba');
    await page.getByLabel("Téléphone du contact d'urgence *").fill(newPhone());
    await page.getByLabel('Lien de parenté *').selectOption('conjoint');
    await next(page);
    await page.getByLabel('Adresse', { exact: true }).fill('Ratoma, Kipé');
    await page.getByLabel("Années d'expérience").fill('4');
    await page.getByLabel('Employeur précédent').fill('Conakry Express');
    await page.getByLabel('Banque ou portefeuille mobile').selectOption('orange_money');
    await page.getByLabel('Numéro de compte ou de portefeuille').fill('+224 620 00 11 22');
    await expectAccessible(page, 'back-office-kyc-last-step');
    await screenshot(page, 'back-office-kyc-last-step');
    await page.getByRole('button', { name: 'Créer le livreur' }).click();
    await page.getByText('Livreur créé avec succès! Dossier KYC complet.').waitFor();
    expect(await page.getByLabel('Nom complet *').inputValue()).toBe('');
    await expectAccessible(page, 'back-office-kyc-created');
    await screenshot(page, 'back-office-kyc-created');

    const courier = await app.db.user.findFirstOrThrow({ where: { fullName: 'Mamadou Kaba' } });
    expect(courier.role).toBe('salaried_delivery');
    const session = await login(app, courier.phone, 'livreur-123');
    expect(session.user.id).toBe(courier.id);
  });

  it('an admin approves a courier’s early payment request', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    // A name of its own, so that the list shows which request is this test's whatever the others left pending.
    courier.user.fullName = (await app.db.user.update({ where: { id: courier.user.id }, data: { fullName: 'Fodé Anticipé' } })).fullName;
    const { user: client } = await createAccount(app, 'client');
    for (const amount of [4000, 3500]) {
      const course = await insertCourse(app, { clientId: client.id, courierId: courier.user.id, status: 'delivered' });
      // As a handover writes them: the commission and its ledger entry.
      await app.db.commission.create({ data: { courierId: courier.user.id, courseId: course.id, courseAmount: 12_000, rateBps: 7000, amount } });
      await app.db.courierLedgerEntry.create({ data: { courierId: courier.user.id, account: 'earnings', kind: 'commission_earned', amount, courseId: course.id } });
    }
    const asked = await app.request('POST', '/api/delivery/request-payment', { amount: 7500, reason: 'early_payment' }, { token: courier.token });
    expect(asked.status).toBe(201);

    const page = await signInThroughUi(admin.phone, admin.password);
    await tab(page, 'Commissions').click();
    await page.getByRole('button', { name: 'Demandes' }).click();
    const request = page.getByRole('listitem').filter({ hasText: courier.user.fullName }).filter({ hasText: 'En attente' });
    // The money screens' first visit loads their code: more time than a click on a loaded page.
    await request.getByRole('button', { name: 'Approuver' }).click({ timeout: 20_000 });
    await page.getByText('Demande approuvée avec succès').waitFor();
    await expectAccessible(page, 'back-office-payment-request-approved');
    await screenshot(page, 'back-office-payment-request-approved');
    const stored = await app.request('GET', '/api/admin/payment-requests', undefined, { token: (await login(app, admin.phone, admin.password)).access_token });
    const mine = (stored.body.requests as { deliverer_id: string; status: string }[]).find((row) => row.deliverer_id === courier.user.id);
    expect(mine?.status).toBe('approved');
  });

  it('a partial approval pays only the oldest commissions it covers; the rest stays on the pending list and is paid by hand to the wallet the weekly run pays', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    // A name of its own, so that the lists show which rows are this test's whatever the others left.
    courier.user.fullName = (await app.db.user.update({ where: { id: courier.user.id }, data: { fullName: 'Kadiatou Partielle' } })).fullName;
    const { user: client } = await createAccount(app, 'client');
    for (const daysAgo of [3, 2, 1]) {
      const course = await insertCourse(app, { clientId: client.id, courierId: courier.user.id, status: 'delivered' });
      const createdAt = new Date(Date.now() - daysAgo * 24 * 3600 * 1000);
      await app.db.commission.create({ data: { courierId: courier.user.id, courseId: course.id, courseAmount: 12_000, rateBps: 7000, amount: 7000, createdAt } });
      await app.db.courierLedgerEntry.create({ data: { courierId: courier.user.id, account: 'earnings', kind: 'commission_earned', amount: 7000, courseId: course.id, createdAt } });
    }
    // Their KYC wallet, which the weekly run pays: not their login phone.
    const idPhoto = await app.db.storedFile.create({ data: { kind: 'id_photo', storageKey: `kyc/${courier.user.id}.png`, mimeType: 'image/png', sizeBytes: 1, sha256: '0' } });
    await app.db.courierProfile.create({
      data: {
        userId: courier.user.id,
        idType: 'carte_identite',
        idNumber: 'GN-778899',
        idExpiryDate: new Date('2030-01-01'),
        idPhotoId: idPhoto.id,
        emergencyContactName: 'Mariama Sow',
        emergencyContactPhone: newPhone(),
        emergencyContactRelationship: 'parent',
        bankName: 'mtn_momo',
        bankAccount: '664 55 66 77',
      },
    });
    expect((await app.request('POST', '/api/delivery/request-payment', { amount: 14_000, reason: 'early_payment' }, { token: courier.token })).status).toBe(201);

    const page = await signInThroughUi(admin.phone, admin.password);
    page.on('dialog', (dialog) => void dialog.accept());
    await tab(page, 'Commissions').click();
    await page.getByRole('button', { name: 'Demandes' }).click();
    await page.getByRole('listitem').filter({ hasText: courier.user.fullName }).filter({ hasText: 'En attente' }).getByRole('button', { name: 'Approuver' }).click({ timeout: 20_000 });
    await page.getByText('Demande approuvée avec succès').waitFor();
    await waitFor('the early payout', () => app.db.payout.findFirst({ where: { courierId: courier.user.id } }), (payout) => payout?.status === 'completed', 15_000);

    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await tab(page, 'Commissions').click();
    const group = page.locator('article', { has: page.getByRole('heading', { name: courier.user.fullName }) });
    await group.waitFor();
    // Two of the three 7 000 GNF commissions were paid by the 14 000 GNF; the third waits, payable by hand.
    expect(((await group.locator('.money-lines li').allTextContents()) ?? []).length).toBe(1);
    expect(await group.getByLabel('Numéro Mobile Money').inputValue()).toBe('+224664556677');
    await group.getByText('MTN MoMo').waitFor();
    await group.getByRole('button', { name: 'Payer' }).click();
    await page.getByText(/Paiement de 7\s000 GNF envoyé à .+ \(MTN MoMo\)\./).waitFor();
    await expectAccessible(page, 'back-office-partial-approval-then-hand-payment');
    await screenshot(page, 'back-office-partial-approval-then-hand-payment');
    expect(await app.db.commission.count({ where: { courierId: courier.user.id, status: 'paid' } })).toBe(3);
    expect((await app.db.payout.findMany({ where: { courierId: courier.user.id }, orderBy: { createdAt: 'asc' } })).map((payout) => [payout.totalCommission, payout.totalCourses, payout.phone])).toEqual([
      [14_000, 2, '+224664556677'],
      [7_000, 1, '+224664556677'],
    ]);
  });

  it('support reads the money screens without a button that moves money', async () => {
    const courier = await signedIn(app, 'independent_delivery');
    const { user: client } = await createAccount(app, 'client');
    const course = await insertCourse(app, { clientId: client.id, courierId: courier.user.id, status: 'delivered' });
    await app.db.commission.create({ data: { courierId: courier.user.id, courseId: course.id, courseAmount: 12_000, rateBps: 7000, amount: 8400 } });
    await app.db.courierLedgerEntry.create({ data: { courierId: courier.user.id, account: 'earnings', kind: 'commission_earned', amount: 8400, courseId: course.id } });
    const support = await createAccount(app, 'support');
    const page = await signInThroughUi(support.phone, support.password);
    await tab(page, 'Commissions').click();
    await page.getByRole('heading', { name: courier.user.fullName }).first().waitFor();
    await page.getByRole('region', { name: 'Espèces' }).getByText(courier.user.fullName).first().waitFor();
    for (const name of [/^Payer/, /Lancer le paiement hebdomadaire/, /Enregistrer/]) await expect(page.getByRole('button', { name }).count()).resolves.toBe(0);
    await expect(page.getByRole('form', { name: 'Correction du grand livre' }).count()).resolves.toBe(0);
    await expectAccessible(page, 'back-office-support-money');
    await screenshot(page, 'back-office-support-money');
  });

  it('a super admin creates an admin, then reads all of it in the audit', async () => {
    const superAdmin = await createAccount(app, 'super_admin');
    const page = await signInThroughUi(superAdmin.phone, superAdmin.password);
    await tab(page, 'Nouvel admin').click();
    await page.getByLabel('Nom complet *').fill('Aminata Touré');
    await page.getByLabel('Téléphone *').fill(adminPhone);
    await page.getByLabel('Mot de passe *').fill('admin-123');
    await page.getByRole('button', { name: "Créer l'administrateur" }).click();
    await page.getByRole('status').filter({ hasNotText: 'Chargement' }).first().waitFor();
    expect((await app.db.user.findFirstOrThrow({ where: { fullName: 'Aminata Touré' } })).role).toBe('admin');
    await expectAccessible(page, 'back-office-admin-created');
    await screenshot(page, 'back-office-admin-created');

    await tab(page, 'Audit').click();
    const log = page.getByRole('list', { name: "Journal d'audit" });
    await log.waitFor();
    for (const action of ['Administrateur créé', 'Utilisateur créé', 'Connexion']) {
      await log.getByText(action, { exact: true }).first().waitFor();
    }
    await page.getByLabel('Action').selectOption('admin_created');
    await log.getByText('Administrateur créé', { exact: true }).first().waitFor();
    await expect(log.getByText('Connexion', { exact: true }).count()).resolves.toBe(0);
    await page.getByText('Actions totales').waitFor();
    await expectAccessible(page, 'back-office-audit');
    await screenshot(page, 'back-office-audit');
  });

  it('a support user does not see the super administrator tabs', async () => {
    const support = await createAccount(app, 'support');
    const page = await signInThroughUi(support.phone, support.password);
    await tab(page, 'Réclamations').waitFor();
    await expect(tab(page, 'Nouvel admin').count()).resolves.toBe(0);
    await expect(tab(page, 'Audit').count()).resolves.toBe(0);
    await tab(page, 'Réclamations').click();
    await page.getByRole('heading', { name: 'Réclamations' }).waitFor();
    await expectAccessible(page, 'back-office-support-cases');
    await screenshot(page, 'back-office-support-cases');
  });

  it('a support user changes their own password from the staff profile tab (issue 38)', async () => {
    const support = await createAccount(app, 'support');
    const page = await signInThroughUi(support.phone, support.password);
    await tab(page, 'Profil').click();
    await page.getByRole('heading', { name: 'Mon Profil' }).waitFor();
    expect(await page.getByText('Support', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByLabel('Mot de passe actuel', { exact: true }).fill(support.password);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('support-nouveau-7');
    await page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('support-nouveau-7');
    await expectAccessible(page, 'back-office-staff-profile');
    await screenshot(page, 'back-office-staff-profile');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Mot de passe modifié avec succès !').waitFor();
    expect((await app.request('POST', '/api/auth/login', { phone: support.phone, password: support.password })).status).toBe(401);
    await login(app, support.phone, 'support-nouveau-7');
  });

  it("an admin opens « Dossier du livreur » from the users list and changes the courier's wallet, a wrong one refused in French (issue 38)", async () => {
    const courier = await app.db.user.findFirstOrThrow({ where: { fullName: 'Mamadou Kaba' } });
    const page = await signInThroughUi(admin.phone, admin.password);
    await tab(page, 'Utilisateurs').click();
    await page.getByLabel('Filtrer par rôle').selectOption('salaried_delivery');
    await page.getByRole('button', { name: 'Dossier du livreur : Mamadou Kaba' }).click();
    const file = page.getByRole('region', { name: 'Dossier du livreur — Mamadou Kaba' });
    await file.getByText('+224620001122').waitFor();
    await file.getByText('RC-1234-A').waitFor();
    await expectAccessible(page, 'back-office-courier-file');
    await screenshot(page, 'back-office-courier-file');

    await file.getByRole('button', { name: 'Modifier le dossier' }).click();
    await file.getByLabel('Banque ou portefeuille').selectOption('mtn_momo');
    await file.getByLabel('Numéro de compte ou de portefeuille').fill('620 00 11 22');
    await file.getByRole('button', { name: 'Enregistrer le dossier' }).click();
    await file.getByText('Numéro MTN MoMo invalide : un mobile guinéen en 66X (+224 66X XX XX XX) est attendu.').waitFor();
    await file.getByLabel('Numéro de compte ou de portefeuille').fill('664 00 11 22');
    await file.getByRole('button', { name: 'Enregistrer le dossier' }).click();
    await file.getByText('Dossier du livreur mis à jour.').waitFor();
    await file.getByText('+224664001122').waitFor();
    expect(await app.db.courierProfile.findUniqueOrThrow({ where: { userId: courier.id } })).toMatchObject({ bankName: 'mtn_momo', bankAccount: '+224664001122' });
    expect(await app.db.auditLog.count({ where: { action: 'courier_file_updated', resourceId: courier.id } })).toBe(1);
  });
});
