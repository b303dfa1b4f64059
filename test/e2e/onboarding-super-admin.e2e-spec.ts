import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, login, newIp, newPhone, signedIn } from '../support/accounts.js';
import { allPagesOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fileOf, JPEG, PNG, uploadPhoto, WEBP } from '../support/uploads.js';

let app: TestApp;
const storageDir = `var/test/storage-${randomBytes(4).toString('hex')}`;

const FIVE_MB = 5_242_880;

const TOO_LARGE = { detail: 'Fichier trop volumineux. Maximum 5MB.', code: 'FILE_TOO_LARGE' };
const NOT_ALLOWED = { detail: 'Format de fichier non autorisé. Utilisez JPG, PNG ou WebP.', code: 'FILE_TYPE_NOT_ALLOWED' };

type Account = Awaited<ReturnType<typeof signedIn>>;
let admin: Account, support: Account, client: Account, courier: Account;

/** Posts a multipart form, as the back office's file input does. */
const upload = (kind: 'personal-photo' | 'id-photo', token: string, file?: { data: Buffer; name: string; type: string }, field = 'file') =>
  uploadPhoto(app, kind, token, file, field);

/** A full, valid KYC payload around an uploaded identity photo. */
async function kycPayload(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const idPhoto = await upload('id-photo', admin.token, { data: fileOf(JPEG), name: 'cni.jpg', type: 'image/jpeg' });
  expect(idPhoto.status).toBe(201);
  return {
    full_name: 'Mamadou Camara',
    phone: newPhone(),
    password: 'livreur-1',
    role: 'independent_delivery',
    id_type: 'carte_identite',
    id_number: 'GN-0042',
    id_expiry_date: '2031-06-30',
    id_photo_url: idPhoto.body.photo_url,
    emergency_contact_name: 'Fanta Camara',
    emergency_contact_phone: newPhone(),
    emergency_contact_relationship: 'conjoint',
    ...overrides,
  };
}

const createCourier = (payload: unknown, token = admin.token) =>
  app.request('POST', '/api/admin/create-delivery-person', payload, { token, ip: '10.1.2.3' });

beforeAll(async () => {
  app = await startTestApp({ STORAGE_DIR: storageDir });
  [admin, support, client, courier] = await Promise.all([
    signedIn(app, 'admin'),
    signedIn(app, 'support'),
    signedIn(app, 'client'),
    signedIn(app, 'independent_delivery'),
  ]);
});
afterAll(async () => {
  await app?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

// First: the platform starts without a super_admin, which the migration needs.
describe('migration to super administrator', () => {
  const migrate = (token: string) => app.request('POST', '/api/super-admin/migrate-to-super-admin', undefined, { token, ip: '10.4.4.4' });

  const availability = (token: string) => app.request('GET', '/api/super-admin/migration', undefined, { token });

  it('is offered to an admin exactly while no super_admin exists, never to support', async () => {
    expect(await availability(admin.token)).toMatchObject({ status: 200, body: { available: true } });
    expect((await availability(support.token)).status).toBe(403);
    expect(await migrate(support.token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: support.user.id } })).toMatchObject({ role: 'support' });

    const existing = await createAccount(app, 'super_admin');
    expect(await availability(admin.token)).toMatchObject({ status: 200, body: { available: false } });
    await app.db.user.delete({ where: { id: existing.user.id } });
    expect(await availability(admin.token)).toMatchObject({ status: 200, body: { available: true } });
  });

  it('is refused (403) while a super_admin exists, with an audit row', async () => {
    const existing = await createAccount(app, 'super_admin');
    const refused = await migrate(admin.token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'SUPER_ADMIN_EXISTS', detail: expect.stringContaining('super administrateur existe déjà') } });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: admin.user.id } })).toMatchObject({ role: 'admin' });
    expect(await app.db.auditLog.findFirst({ where: { action: 'super_admin_migration', actorId: admin.user.id } })).toMatchObject({
      actorRole: 'admin',
      resourceType: 'user',
      resourceId: admin.user.id,
      success: false,
      ip: '10.4.4.4',
    });
    await app.db.user.delete({ where: { id: existing.user.id } });
  });

  it('with none: of two admins at once exactly one becomes super_admin and must sign in again; the other is refused', async () => {
    const [first, second] = await Promise.all([signedIn(app, 'admin'), signedIn(app, 'admin')]);
    const answers = await Promise.all([migrate(first.token), migrate(second.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const winner = answers[0]!.status === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect(answers.find((answer) => answer.status === 200)!.body).toEqual({ success: true, message: expect.stringContaining('Reconnectez-vous') });
    expect(await app.db.user.count({ where: { role: 'super_admin' } })).toBe(1);
    expect(await app.db.user.findUniqueOrThrow({ where: { id: winner.user.id } })).toMatchObject({ role: 'super_admin', sessionVersion: 1 });
    expect(await app.db.auditLog.findFirst({ where: { action: 'super_admin_migration', actorId: winner.user.id } })).toMatchObject({ success: true, actorRole: 'admin' });

    expect((await migrate(loser.token)).status).toBe(403);
    expect(await app.db.auditLog.count({ where: { action: 'super_admin_migration', actorId: loser.user.id, success: false } })).toBe(2);

    // The old token carries the old session version; signing in again gives the new role.
    expect((await app.request('GET', '/api/super-admin/audit-stats', undefined, { token: winner.token })).status).toBe(401);
    const session = await login(app, winner.phone, winner.password);
    expect(session.user).toMatchObject({ role: 'super_admin' });
    expect((await app.request('GET', '/api/super-admin/audit-stats', undefined, { token: session.access_token })).status).toBe(200);
    expect((await migrate(session.access_token)).status).toBe(403);
    expect(await availability(session.access_token)).toMatchObject({ status: 200, body: { available: false } });
    expect(await availability(admin.token)).toMatchObject({ status: 200, body: { available: false } });
  });
});

describe('photo uploads', () => {
  it('keep a PNG named .jpg as image/png under a random key, with its audit row', async () => {
    const data = fileOf(PNG, 2048);
    const answer = await upload('personal-photo', admin.token, { data, name: 'photo.jpg', type: 'image/jpeg' });
    expect(answer).toEqual({ status: 201, body: { photo_url: `/api/files/${answer.body.file_id}`, file_id: expect.any(String) } });
    const stored = await app.db.storedFile.findUniqueOrThrow({ where: { id: answer.body.file_id } });
    expect(stored).toMatchObject({ kind: 'personal_photo', mimeType: 'image/png', sizeBytes: 2048, uploadedById: admin.user.id });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.storageKey).not.toContain('photo');
    expect(readFileSync(join(storageDir, stored.storageKey)).equals(data)).toBe(true);
    expect(await app.db.auditLog.findFirst({ where: { action: 'file_uploaded', resourceId: stored.id } })).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      resourceType: 'file',
      success: true,
      ip: '10.9.8.7',
    });
  });

  it('accept WebP, and exactly 5 MB; refuse one byte more (413) and a far larger file, storing nothing', async () => {
    const webp = await upload('id-photo', support.token, { data: fileOf(WEBP), name: 'cni.webp', type: 'image/webp' });
    expect(webp.status).toBe(201);
    expect(await app.db.storedFile.findUniqueOrThrow({ where: { id: webp.body.file_id } })).toMatchObject({ kind: 'id_photo', mimeType: 'image/webp' });

    const exact = await upload('id-photo', admin.token, { data: fileOf(JPEG, FIVE_MB), name: 'cni.jpg', type: 'image/jpeg' });
    expect(exact.status).toBe(201);
    expect(await app.db.storedFile.findUniqueOrThrow({ where: { id: exact.body.file_id } })).toMatchObject({ mimeType: 'image/jpeg', sizeBytes: FIVE_MB });

    const files = await app.db.storedFile.count();
    expect(await upload('id-photo', admin.token, { data: fileOf(JPEG, FIVE_MB + 1), name: 'cni.jpg', type: 'image/jpeg' })).toEqual({ status: 413, body: TOO_LARGE });
    expect(await upload('personal-photo', admin.token, { data: fileOf(PNG, 8 * FIVE_MB), name: 'big.png', type: 'image/png' })).toEqual({ status: 413, body: TOO_LARGE });
    expect(await app.db.storedFile.count()).toBe(files);
  });

  it('refuse a text file named .png (415), a form without the file (400) and other callers (403)', async () => {
    const text = await upload('personal-photo', admin.token, { data: Buffer.from('pas une image'), name: 'photo.png', type: 'image/png' });
    expect(text).toEqual({ status: 415, body: NOT_ALLOWED });
    expect(await upload('id-photo', admin.token)).toMatchObject({ status: 400, body: { code: 'FILE_MISSING' } });
    expect((await upload('id-photo', admin.token, { data: fileOf(PNG), name: 'a.png', type: 'image/png' }, 'photo')).status).toBe(400);
    const notMultipart = await app.request('POST', '/api/upload/id-photo', { file: 'x' }, { token: admin.token });
    expect(notMultipart).toMatchObject({ status: 400, body: { code: 'FILE_MISSING' } });
    for (const token of [client.token, courier.token]) {
      expect((await upload('id-photo', token, { data: fileOf(PNG), name: 'a.png', type: 'image/png' })).status).toBe(403);
    }
  });

  it('leave the JSON body limit of other routes as it was', async () => {
    const huge = { full_name: 'x'.repeat(2 * 1024 * 1024) };
    const superAdmin = await signedIn(app, 'super_admin');
    expect((await app.request('POST', '/api/super-admin/create-admin', huge, { token: superAdmin.token })).status).toBe(413);
  });
});

describe('KYC photos', () => {
  it('are served to staff only (others get 404), with their stored type, never sniffed and never cached by others', async () => {
    const data = fileOf(PNG, 4096);
    const { body } = await upload('id-photo', admin.token, { data, name: 'x.jpg', type: 'image/jpeg' });
    for (const account of [admin, support]) {
      const response = await fetch(`${app.baseUrl}${body.photo_url}`, { headers: { authorization: `Bearer ${account.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toBe('inline');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    }
    // Anyone else: the 404 of a file that does not exist.
    for (const account of [client, courier]) {
      expect((await app.request('GET', body.photo_url, undefined, { token: account.token })).status).toBe(404);
    }
    expect((await app.request('GET', body.photo_url)).status).toBe(401);
  });

  it('answer 404 for a guessed id, a malformed one and a receipt', async () => {
    const receipt = await app.db.storedFile.create({ data: { kind: 'receipt', storageKey: `receipts/${randomUUID()}.pdf`, mimeType: 'application/pdf', sizeBytes: 1, sha256: '0' } });
    for (const id of [randomUUID(), 'abc', receipt.id]) {
      expect(await app.request('GET', `/api/files/${id}`, undefined, { token: admin.token })).toMatchObject({ status: 404, body: { code: 'FILE_NOT_FOUND' } });
    }
  });
});

describe('creating a delivery person', () => {
  it('creates an activated courier with the whole KYC file and its audit row; they can sign in at once', async () => {
    const personal = await upload('personal-photo', admin.token, { data: fileOf(PNG), name: 'moi.png', type: 'image/png' });
    const phone = newPhone();
    const payload = await kycPayload({
      phone: `${phone.slice(4, 7)} ${phone.slice(7, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`,
      email: 'Mamadou.Camara@Example.com',
      role: 'salaried_delivery',
      vehicle_type: 'vélo',
      license_number: 'PC-77',
      vehicle_registration: 'RC-1234-A',
      vehicle_description: 'Vélo bleu',
      personal_photo_url: personal.body.photo_url,
      blood_group: 'AB+',
      address: 'Ratoma, Conakry',
      experience_years: 50,
      previous_employer: 'Express Guinée',
      bank_account: '620000001',
      bank_name: 'orange_money',
    });
    const created = await createCourier(payload);
    expect(created).toMatchObject({
      status: 201,
      body: {
        message: 'Livreur créé avec succès! Dossier KYC complet.',
        user: { phone, email: 'mamadou.camara@example.com', full_name: 'Mamadou Camara', role: 'salaried_delivery', is_active: true, accepted_terms: false },
      },
    });
    expect(created.body.user.password_hash).toBeUndefined();
    const id = created.body.user.id as string;
    const user = await app.db.user.findUniqueOrThrow({ where: { id }, include: { courierProfile: true } });
    expect(user.activatedAt).not.toBeNull();
    expect(user.referralCode).toMatch(/^CRS[A-HJ-NP-Z2-9]{8}$/);
    expect(user.courierProfile).toMatchObject({
      vehicleType: 'velo',
      idType: 'carte_identite',
      idExpiryDate: new Date('2031-06-30'),
      idPhotoId: (payload.id_photo_url as string).split('/').at(-1),
      personalPhotoId: personal.body.file_id,
      bloodGroup: 'AB_POS',
      emergencyContactPhone: payload.emergency_contact_phone,
      emergencyContactRelationship: 'conjoint',
      experienceYears: 50,
      bankName: 'orange_money',
      createdById: admin.user.id,
    });
    // The spec's values are what the database holds.
    expect(await app.db.$queryRaw`SELECT vehicle_type::text AS vehicle, blood_group::text AS blood FROM courier_profiles WHERE user_id = ${id}::uuid`).toEqual([
      { vehicle: 'vélo', blood: 'AB+' },
    ]);
    expect(await app.db.auditLog.findFirst({ where: { action: 'user_created', resourceId: id } })).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      resourceType: 'user',
      success: true,
      ip: '10.1.2.3',
    });

    const session = await login(app, phone, 'livreur-1');
    expect(session.user).toMatchObject({ id, role: 'salaried_delivery' });
    expect((await app.request('GET', '/api/delivery/history', undefined, { token: session.access_token })).status).toBe(200);
  });

  it('refuses each missing required field with a French detail', async () => {
    const payload = await kycPayload();
    const required: Record<string, string> = {
      full_name: 'Le nom complet est obligatoire.',
      phone: 'Le numéro de téléphone est obligatoire.',
      password: 'Le mot de passe est obligatoire.',
      role: 'Le rôle du livreur est obligatoire.',
      id_type: "Le type de pièce d'identité est obligatoire.",
      id_number: "Le numéro de la pièce d'identité est obligatoire.",
      id_expiry_date: "La date d'expiration de la pièce d'identité est obligatoire.",
      id_photo_url: "La photo de la pièce d'identité est obligatoire.",
      emergency_contact_name: "Le nom du contact d'urgence est obligatoire.",
      emergency_contact_phone: "Le téléphone du contact d'urgence est obligatoire.",
      emergency_contact_relationship: "Le lien avec le contact d'urgence est obligatoire.",
    };
    for (const [field, detail] of Object.entries(required)) {
      const { [field]: _left, ...incomplete } = payload;
      expect(await createCourier(incomplete)).toEqual({ status: 400, body: { detail, code: 'VALIDATION_ERROR' }, headers: expect.anything() });
    }
    expect((await createCourier({ ...payload, full_name: '  ' })).body.detail).toBe('Le nom complet est obligatoire.');
    expect(await app.db.user.count({ where: { phone: payload.phone as string } })).toBe(0);
  });

  it('refuses values outside the lists and bounds of the spec', async () => {
    const payload = await kycPayload();
    const refused: [Record<string, unknown>, string][] = [
      [{ role: 'client' }, 'Rôle invalide : salaried_delivery ou independent_delivery attendu.'],
      [{ role: 'admin' }, 'Rôle invalide : salaried_delivery ou independent_delivery attendu.'],
      [{ vehicle_type: 'velo' }, 'Type de véhicule invalide : moto, scooter, vélo, voiture ou tricycle attendu.'],
      [{ id_type: 'badge' }, "Type de pièce d'identité invalide : carte_identite, passeport, permis_conduire ou carte_sejour attendu."],
      [{ blood_group: 'C+' }, 'Groupe sanguin invalide : A+, A-, B+, B-, AB+, AB-, O+ ou O- attendu.'],
      [{ emergency_contact_relationship: 'cousin' }, "Lien avec le contact d'urgence invalide : parent, conjoint, frere_soeur, enfant, ami ou autre attendu."],
      [{ bank_name: 'paypal' }, 'Banque invalide : bcrg, sgbg, uba, bicigui, ecobank, orange_money, mtn_momo ou moov_flooz attendu.'],
      [{ experience_years: 51 }, "Les années d'expérience doivent être comprises entre 0 et 50."],
      [{ experience_years: -1 }, "Les années d'expérience doivent être comprises entre 0 et 50."],
      [{ password: '12345' }, 'Le mot de passe doit contenir au moins 6 caractères'],
      [{ id_expiry_date: '30/06/2031' }, "Date d'expiration invalide : format AAAA-MM-JJ attendu."],
      [{ id_expiry_date: '2020-01-01' }, "La pièce d'identité est expirée : sa date d'expiration est passée."],
      [{ phone: '+33 6 12 34 56 78' }, 'Numéro de téléphone invalide : utilisez un mobile guinéen (+224 6XX XX XX XX).'],
      [{ emergency_contact_phone: '12' }, "Téléphone du contact d'urgence invalide : utilisez un mobile guinéen (+224 6XX XX XX XX)."],
    ];
    for (const [change, detail] of refused) {
      const answer = await createCourier({ ...payload, ...change });
      expect({ change, status: answer.status, detail: answer.body.detail }).toEqual({ change, status: 400, detail });
    }
    expect((await createCourier({ ...payload, salary: 1 })).status).toBe(400);
    expect(await app.db.user.count({ where: { phone: payload.phone as string } })).toBe(0);
  });

  it('needs the identity photo to be an uploaded identity photo not yet in another file', async () => {
    const personal = await upload('personal-photo', admin.token, { data: fileOf(PNG), name: 'moi.png', type: 'image/png' });
    const receipt = await app.db.storedFile.create({ data: { kind: 'receipt', storageKey: `receipts/${randomUUID()}.pdf`, mimeType: 'application/pdf', sizeBytes: 1, sha256: '0' } });
    const payload = await kycPayload();
    for (const url of [personal.body.photo_url, `/api/files/${randomUUID()}`, `/api/files/${receipt.id}`, 'https://example.com/cni.jpg']) {
      expect(await createCourier({ ...payload, id_photo_url: url })).toMatchObject({ status: 400, body: { code: 'ID_PHOTO_INVALID' } });
    }
    expect(await createCourier({ ...payload, personal_photo_url: payload.id_photo_url })).toMatchObject({ status: 400, body: { code: 'PERSONAL_PHOTO_INVALID' } });

    expect((await createCourier(payload)).status).toBe(201);
    const reused = await createCourier({ ...payload, phone: newPhone() });
    expect(reused).toMatchObject({ status: 400, body: { code: 'PHOTO_ALREADY_USED' } });
  });

  it('refuses a phone or an email already used (409)', async () => {
    const first = await kycPayload({ email: 'unique@example.com' });
    expect((await createCourier(first)).status).toBe(201);
    expect(await createCourier(await kycPayload({ phone: first.phone }))).toMatchObject({
      status: 409,
      body: { code: 'PHONE_ALREADY_REGISTERED', detail: 'Un compte existe déjà avec ce numéro de téléphone.' },
    });
    expect(await createCourier(await kycPayload({ email: 'UNIQUE@example.com' }))).toMatchObject({ status: 409, body: { code: 'EMAIL_ALREADY_REGISTERED' } });
  });

  it('is open to support, closed to clients and couriers', async () => {
    expect((await createCourier(await kycPayload(), support.token)).status).toBe(201);
    for (const token of [client.token, courier.token]) expect((await createCourier(await kycPayload(), token)).status).toBe(403);
  });
});

describe('creating an admin', () => {
  it('is for the super administrator only; the admin is activated, audited and can sign in', async () => {
    const superAdmin = await signedIn(app, 'super_admin');
    const phone = newPhone();
    const body = { full_name: 'Aminata Touré', phone, email: 'aminata@example.com', password: 'admin-123' };
    for (const token of [admin.token, support.token, client.token, courier.token]) {
      expect((await app.request('POST', '/api/super-admin/create-admin', body, { token })).status).toBe(403);
    }
    const created = await app.request('POST', '/api/super-admin/create-admin', body, { token: superAdmin.token, ip: '10.5.5.5' });
    expect(created).toMatchObject({ status: 201, body: { success: true, message: 'Compte administrateur créé avec succès.' } });
    const newAdmin = await app.db.user.findUniqueOrThrow({ where: { phone } });
    expect(newAdmin).toMatchObject({ role: 'admin', fullName: 'Aminata Touré', email: 'aminata@example.com', isActive: true });
    expect(newAdmin.activatedAt).not.toBeNull();
    expect(await app.db.auditLog.findFirst({ where: { action: 'admin_created', resourceId: newAdmin.id } })).toMatchObject({
      actorId: superAdmin.user.id,
      actorRole: 'super_admin',
      resourceType: 'user',
      success: true,
      ip: '10.5.5.5',
    });
    expect((await login(app, phone, 'admin-123')).user).toMatchObject({ role: 'admin' });

    expect(await app.request('POST', '/api/super-admin/create-admin', body, { token: superAdmin.token })).toMatchObject({ status: 409, body: { code: 'PHONE_ALREADY_REGISTERED' } });
    const { full_name: _name, ...noName } = { ...body, phone: newPhone() };
    expect(await app.request('POST', '/api/super-admin/create-admin', noName, { token: superAdmin.token })).toMatchObject({ status: 400, body: { detail: 'Le nom complet est obligatoire.' } });
  });
});

describe('the audit dashboard', () => {
  let superAdmin: Account;
  beforeAll(async () => {
    superAdmin = await signedIn(app, 'super_admin');
    // Older than the 30 days of the stats, and absent from them; enough for the list to fill its default page.
    await app.db.auditLog.createMany({
      data: Array.from({ length: 20 }, (_, day) => ({
        at: new Date(Date.now() - (40 + day) * 86400_000),
        actorId: admin.user.id,
        actorRole: 'admin',
        action: 'user_deleted',
        resourceType: 'user',
        success: true,
      })),
    });
  });
  const get = (path: string, token = superAdmin.token) => app.request('GET', `/api/super-admin/${path}`, undefined, { token });

  it('lists the newest entries first with who did what, filtered by action and resource type', async () => {
    const logs = await get('audit-logs');
    expect(logs.status).toBe(200);
    expect(await app.db.auditLog.count()).toBeGreaterThan(50);
    expect(logs.body.logs).toHaveLength(50);
    expect(logs.body.next_cursor).toEqual(expect.any(String));
    const timestamps = logs.body.logs.map((log: { timestamp: string }) => log.timestamp);
    expect(timestamps).toEqual([...timestamps].sort().reverse());
    const newest = await app.db.auditLog.findFirstOrThrow({ orderBy: [{ at: 'desc' }, { id: 'desc' }], include: { actor: true } });
    expect(logs.body.logs[0]).toEqual({
      id: newest.id,
      timestamp: newest.at.toISOString(),
      user_name: newest.actor?.fullName ?? null,
      user_role: newest.actorRole,
      action: newest.action,
      resource_type: newest.resourceType,
      resource_id: newest.resourceId,
      success: newest.success,
      ip: newest.ip,
    });

    const created = await get('audit-logs?action=admin_created&limit=100');
    expect(created.body).toMatchObject({ next_cursor: null });
    expect(created.body.logs).toHaveLength(1);
    expect(created.body.logs[0]).toMatchObject({ user_name: 'Test super_admin', user_role: 'super_admin', action: 'admin_created', resource_type: 'user', success: true, ip: '10.5.5.5' });

    const files = await allPagesOf(app, '/api/super-admin/audit-logs?resource_type=file', 'logs', superAdmin.token);
    expect(files.length).toBe(await app.db.auditLog.count({ where: { resourceType: 'file' } }));
    expect(files.every((log: { action: string }) => log.action === 'file_uploaded')).toBe(true);
    expect((await get('audit-logs?limit=3&action=')).body.logs).toHaveLength(3);
    // Every log once, newest first, page after page.
    const everything = await allPagesOf(app, '/api/super-admin/audit-logs', 'logs', superAdmin.token, 7);
    expect(everything.map((log: { id: string }) => log.id)).toEqual(
      (await app.db.auditLog.findMany({ orderBy: [{ at: 'desc' }, { id: 'desc' }], select: { id: true } })).map((log) => log.id),
    );
    for (const limit of ['0', '101', 'abc']) expect((await get(`audit-logs?limit=${limit}`)).status).toBe(400);
    expect(await get('audit-logs?action=course.create')).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('counts 30 days of actions, per day, per type and for the 5 most active users', async () => {
    const since = new Date(Date.now() - 30 * 86400_000);
    const stats = await get('audit-stats');
    expect(stats.status).toBe(200);
    const total = await app.db.auditLog.count({ where: { at: { gte: since } } });
    expect(total).toBeGreaterThan(30);
    expect(stats.body.total_actions).toBe(total);
    expect(stats.body.actions_per_day).toBe(Math.round((total / 30) * 10) / 10);
    expect(stats.body.actions_by_type).toMatchObject({ admin_created: 1, super_admin_migration: 5 });
    expect(stats.body.actions_by_type.user_deleted).toBeUndefined();
    expect(stats.body.actions_by_type.file_uploaded).toBe(await app.db.auditLog.count({ where: { action: 'file_uploaded' } }));

    expect(stats.body.most_active_users).toHaveLength(5);
    const adminActions = await app.db.auditLog.count({ where: { actorId: admin.user.id, at: { gte: since } } });
    // The admin uploaded and created the most in this suite.
    expect(stats.body.most_active_users[0]).toEqual({ user_name: 'Test admin', user_role: 'admin', actions: adminActions });
    const counts = stats.body.most_active_users.map((user: { actions: number }) => user.actions);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('is for the super administrator only', async () => {
    for (const token of [admin.token, support.token, client.token, courier.token]) {
      expect((await get('audit-logs', token)).status).toBe(403);
      expect((await get('audit-stats', token)).status).toBe(403);
    }
  });
});

describe('who may call', () => {
  it('every route refuses clients and couriers (403) and anonymous callers (401)', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/upload/personal-photo'],
      ['POST', '/api/upload/id-photo'],
      ['POST', '/api/admin/create-delivery-person'],
      ['POST', '/api/super-admin/create-admin'],
      ['GET', '/api/super-admin/migration'],
      ['POST', '/api/super-admin/migrate-to-super-admin'],
      ['GET', '/api/super-admin/audit-logs'],
      ['GET', '/api/super-admin/audit-stats'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? {} : undefined;
      for (const token of [client.token, courier.token]) expect({ path, status: (await app.request(method, path, body, { token, ip: newIp() })).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await app.request(method, path, body)).status }).toEqual({ path, status: 401 });
    }
    expect(existsSync(storageDir)).toBe(true);
  });
});
