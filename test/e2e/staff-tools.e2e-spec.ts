import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createAccount, login, newIp, newPhone, signedIn } from '../support/accounts.js';
import { temporaryPasswordIn } from '../support/outbox.js';
import { nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fileOf, JPEG, uploadPhoto } from '../support/uploads.js';
import { waitFor } from '../support/wait.js';

// Issue 38, the staff tools: a courier's file read and changed by admins, a user's password reset by staff, the
// notification centre's notices kept server-side, « Utilisateurs actifs ».

let app: TestApp;
const storageDir = `var/test/storage-${randomBytes(4).toString('hex')}`;

type Account = Awaited<ReturnType<typeof signedIn>>;
let admin: Account, support: Account, superAdmin: Account, client: Account, courier: Account;

beforeAll(async () => {
  app = await startTestApp({ STORAGE_DIR: storageDir });
  [admin, support, superAdmin, client, courier] = await Promise.all([
    signedIn(app, 'admin'),
    signedIn(app, 'support'),
    signedIn(app, 'super_admin'),
    signedIn(app, 'client'),
    signedIn(app, 'independent_delivery'),
  ]);
});

afterAll(async () => {
  await app?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const as = (account: { token: string }) => ({ token: account.token, ip: newIp() });

async function idPhoto(): Promise<string> {
  const uploaded = await uploadPhoto(app, 'id-photo', admin.token, { data: fileOf(JPEG), name: 'cni.jpg', type: 'image/jpeg' });
  expect(uploaded.status).toBe(201);
  return uploaded.body.photo_url as string;
}

/** A courier made with the back office's form, with a full KYC file. */
async function onboardedCourier(overrides: Record<string, unknown> = {}) {
  const phone = newPhone();
  const created = await app.request(
    'POST',
    '/api/admin/create-delivery-person',
    {
      full_name: 'Mamadou Camara',
      phone,
      password: 'livreur-1',
      role: 'independent_delivery',
      vehicle_type: 'moto',
      id_type: 'carte_identite',
      id_number: 'GN-0042',
      id_expiry_date: '2031-06-30',
      id_photo_url: await idPhoto(),
      emergency_contact_name: 'Fanta Camara',
      emergency_contact_phone: newPhone(),
      emergency_contact_relationship: 'conjoint',
      bank_name: 'orange_money',
      bank_account: '620 00 00 01',
      ...overrides,
    },
    as(admin),
  );
  expect(created.status).toBe(201);
  return { id: created.body.user.id as string, phone };
}

describe("a courier's file", () => {
  it('is read by every staff member, with its KYC photos and wallet; couriers and clients are refused', async () => {
    const { id, phone } = await onboardedCourier();
    const read = await app.request('GET', `/api/admin/couriers/${id}/file`, undefined, as(support));
    expect(read).toMatchObject({
      status: 200,
      body: {
        id,
        display_id: expect.stringMatching(/^USR-\d{6}$/),
        full_name: 'Mamadou Camara',
        phone,
        role: 'independent_delivery',
        is_active: true,
        kyc: {
          vehicle_type: 'moto',
          id_type: 'carte_identite',
          id_number: 'GN-0042',
          id_expiry_date: '2031-06-30',
          id_photo_url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
          personal_photo_url: null,
          emergency_contact_relationship: 'conjoint',
          bank_name: 'orange_money',
          // Kept as the weekly run pays it.
          bank_account: '+224620000001',
        },
      },
    });
    // The photo itself opens for staff.
    expect((await app.request('GET', read.body.kyc.id_photo_url, undefined, as(support))).status).toBe(200);

    for (const caller of [courier, client]) expect((await app.request('GET', `/api/admin/couriers/${id}/file`, undefined, as(caller))).status).toBe(403);
    // A client's account has no courier file.
    expect(await app.request('GET', `/api/admin/couriers/${client.user.id}/file`, undefined, as(admin))).toMatchObject({ status: 404, body: { code: 'COURIER_NOT_FOUND', detail: 'Livreur introuvable.' } });
    // A courier made without the form: the account, no KYC file.
    expect((await app.request('GET', `/api/admin/couriers/${courier.user.id}/file`, undefined, as(admin))).body).toMatchObject({ id: courier.user.id, kyc: null });
  });

  it('is changed by an admin with the onboarding rules, each change audited old → new', async () => {
    const { id } = await onboardedCourier();
    const newPhoto = await idPhoto();
    const changed = await app.request(
      'PUT',
      `/api/admin/couriers/${id}/file`,
      { full_name: 'Mamadou Saliou Camara', vehicle_type: 'vélo', vehicle_registration: 'RC-4521-B', id_photo_url: newPhoto, bank_name: 'mtn_momo', bank_account: '664 00 00 02', blood_group: 'O+' },
      { token: admin.token, ip: '10.3.8.1' },
    );
    expect(changed).toMatchObject({
      status: 200,
      body: {
        message: 'Dossier du livreur mis à jour.',
        file: {
          full_name: 'Mamadou Saliou Camara',
          kyc: { vehicle_type: 'vélo', vehicle_registration: 'RC-4521-B', id_photo_url: newPhoto, bank_name: 'mtn_momo', bank_account: '+224664000002', blood_group: 'O+', id_number: 'GN-0042' },
        },
      },
    });
    expect((await app.request('GET', `/api/admin/couriers/${id}/file`, undefined, as(support))).body).toEqual(changed.body.file);
    const audit = await app.db.auditLog.findFirstOrThrow({ where: { action: 'courier_file_updated', resourceId: id } });
    expect(audit).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', resourceType: 'user', success: true, ip: '10.3.8.1' });
    expect(audit.details).toEqual({
      changes: {
        full_name: { from: 'Mamadou Camara', to: 'Mamadou Saliou Camara' },
        vehicle_type: { from: 'moto', to: 'vélo' },
        vehicle_registration: { from: null, to: 'RC-4521-B' },
        id_photo_url: { from: expect.stringMatching(/^\/api\/files\//), to: newPhoto },
        bank_name: { from: 'orange_money', to: 'mtn_momo' },
        bank_account: { from: '+224620000001', to: '+224664000002' },
        blood_group: { from: null, to: 'O+' },
      },
    });
    // The database holds the spec's values.
    expect(await app.db.$queryRaw`SELECT vehicle_type::text AS vehicle, blood_group::text AS blood FROM courier_profiles WHERE user_id = ${id}::uuid`).toEqual([{ vehicle: 'vélo', blood: 'O+' }]);

    // The same value again changes nothing and writes no audit row.
    expect((await app.request('PUT', `/api/admin/couriers/${id}/file`, { vehicle_type: 'vélo' }, as(superAdmin))).status).toBe(200);
    expect(await app.db.auditLog.count({ where: { action: 'courier_file_updated', resourceId: id } })).toBe(1);
  });

  it('refuses a bad wallet, an expired document, a photo of another file, an unknown field and an empty change, in French, changing nothing', async () => {
    const { id } = await onboardedCourier();
    const other = await onboardedCourier();
    const otherPhoto = (await app.request('GET', `/api/admin/couriers/${other.id}/file`, undefined, as(admin))).body.kyc.id_photo_url as string;
    const before = await app.db.courierProfile.findUniqueOrThrow({ where: { userId: id } });
    const refusals: [unknown, number, string, string][] = [
      [{ bank_account: '664 00 00 02' }, 400, 'INVALID_WALLET', 'Numéro Orange Money invalide : un mobile guinéen en 62X (+224 62X XX XX XX) est attendu.'],
      [{ bank_name: 'mtn_momo', bank_account: 'GN00 1234' }, 400, 'INVALID_WALLET', 'Numéro MTN MoMo invalide : un mobile guinéen en 66X (+224 66X XX XX XX) est attendu.'],
      [{ id_expiry_date: '2020-01-31' }, 400, 'ID_DOCUMENT_EXPIRED', "La pièce d'identité est expirée : sa date d'expiration est passée."],
      [{ id_photo_url: otherPhoto }, 400, 'PHOTO_ALREADY_USED', "Cette photo appartient déjà au dossier d'un autre livreur."],
      [{ emergency_contact_phone: '3012345' }, 400, 'INVALID_EMERGENCY_PHONE', "Téléphone du contact d'urgence invalide : utilisez un mobile guinéen (+224 6XX XX XX XX)."],
      [{}, 400, 'NOTHING_TO_CHANGE', 'Aucun champ à modifier : indiquez au moins une valeur du dossier.'],
    ];
    for (const [body, status, code, detail] of refusals) {
      expect(await app.request('PUT', `/api/admin/couriers/${id}/file`, body, as(admin))).toMatchObject({ status, body: { code, detail } });
    }
    const unknownField = await app.request('PUT', `/api/admin/couriers/${id}/file`, { phone: newPhone() }, as(admin));
    expect(unknownField).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', detail: expect.stringContaining('phone') } });
    expect(await app.request('PUT', `/api/admin/couriers/${id}/file`, { vehicle_type: 'avion' }, as(admin))).toMatchObject({
      status: 400,
      body: { detail: 'Type de véhicule invalide : moto, scooter, vélo, voiture ou tricycle attendu.' },
    });
    expect(await app.db.courierProfile.findUniqueOrThrow({ where: { userId: id } })).toEqual(before);
  });

  it('is changed by admins only: support, couriers and clients are refused', async () => {
    const { id } = await onboardedCourier();
    for (const caller of [support, courier, client]) {
      expect((await app.request('PUT', `/api/admin/couriers/${id}/file`, { address: 'Ratoma' }, as(caller))).status).toBe(403);
    }
    expect(await app.db.courierProfile.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({ address: null });
  });
});

describe("a user's password reset by staff", () => {
  it('sends a temporary password by SMS, ends every session, and only the new password opens the account', async () => {
    const user = await createAccount(app, 'client');
    const session = await login(app, user.phone, user.password);
    expect((await app.request('GET', '/api/auth/me', undefined, { token: session.access_token })).status).toBe(200);

    const reset = await app.request('POST', `/api/admin/users/${user.user.id}/reset-password`, undefined, { token: support.token, ip: '10.4.4.4' });
    expect(reset).toMatchObject({
      status: 200,
      body: { message: `Mot de passe temporaire envoyé par SMS au ${user.phone}. L'utilisateur le changera dans Mon Profil.`, sent_to: user.phone },
    });
    expect(JSON.stringify(reset.body)).not.toMatch(/temporaire : /);
    const sms = await app.outbox.waitFor((line) => line.to === user.phone && line.kind === 'temporary_password');
    const temporary = temporaryPasswordIn(sms.text);
    expect(temporary).toMatch(/^[\w-]{12}$/);

    // The sessions of before are over: the access token and the refresh token are refused.
    expect((await app.request('GET', '/api/auth/me', undefined, { token: session.access_token })).status).toBe(401);
    expect((await app.request('POST', '/api/auth/refresh', { refresh_token: session.refresh_token }, { ip: newIp() })).status).toBe(401);
    // The old password no longer opens the account; the temporary one does, and the user changes it.
    expect((await app.request('POST', '/api/auth/login', { phone: user.phone, password: user.password }, { ip: newIp() })).status).toBe(401);
    const signedInAgain = await login(app, user.phone, temporary);
    const changed = await app.request('POST', '/api/auth/change-password', { current_password: temporary, new_password: 'mon-nouveau-1' }, { token: signedInAgain.access_token, ip: newIp() });
    expect(changed.status).toBe(200);
    await login(app, user.phone, 'mon-nouveau-1');

    const audit = await app.db.auditLog.findFirstOrThrow({ where: { action: 'password_reset_by_staff', resourceId: user.user.id } });
    expect(audit).toMatchObject({ actorId: support.user.id, actorRole: 'support', success: true, ip: '10.4.4.4', details: { sent_to: user.phone } });
    expect(JSON.stringify(audit)).not.toContain(temporary);
  });

  it('is refused to couriers and clients, for oneself, and for an account of a role above one’s own', async () => {
    const target = await createAccount(app, 'independent_delivery');
    for (const caller of [courier, client]) {
      expect((await app.request('POST', `/api/admin/users/${target.user.id}/reset-password`, undefined, as(caller))).status).toBe(403);
    }
    const refusals: [Account, string, string, string][] = [
      [admin, admin.user.id, 'CANNOT_RESET_OWN_PASSWORD', 'Pour votre propre compte, changez votre mot de passe dans Mon Profil.'],
      [admin, superAdmin.user.id, 'SUPER_ADMIN_PROTECTED', 'Seul un super administrateur peut désactiver, modifier ou supprimer un super administrateur.'],
      [support, admin.user.id, 'ROLE_ABOVE_YOURS', expect.stringContaining('rôle supérieur au vôtre') as unknown as string],
    ];
    for (const [caller, id, code, detail] of refusals) {
      expect(await app.request('POST', `/api/admin/users/${id}/reset-password`, undefined, as(caller))).toMatchObject({ status: 403, body: { code, detail } });
    }
    // Nobody's id: the client's with its last digit changed (to a digit it is not, or this resets the client's password).
    const nobody = client.user.id.slice(0, -1) + (client.user.id.endsWith('0') ? '1' : '0');
    expect(await app.request('POST', `/api/admin/users/${nobody}/reset-password`, undefined, as(admin))).toMatchObject({ status: 404 });
    // Nobody's password moved: the accounts still sign in with theirs, and no SMS went out.
    await login(app, target.phone, target.password);
    await login(app, admin.phone, admin.password);
    expect(app.outbox.lines().filter((line) => line.kind === 'temporary_password' && [target.phone, admin.phone, superAdmin.phone].includes(line.to))).toEqual([]);
  });

  it('is limited per account: the fourth reset within 15 minutes is refused', async () => {
    const target = await createAccount(app, 'client');
    for (let n = 0; n < 3; n++) expect((await app.request('POST', `/api/admin/users/${target.user.id}/reset-password`, undefined, as(admin))).status).toBe(200);
    expect(await app.request('POST', `/api/admin/users/${target.user.id}/reset-password`, undefined, as(admin))).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
  });
});

describe('the notification centre', () => {
  it('keeps each notice for staff, lists it after a reload with read or unread per staff member, and marks it read', async () => {
    const course = await app.request(
      'POST',
      '/api/courses',
      {
        pickup_location: { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 },
        delivery_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 },
        recipient_phone: newPhone(),
        payment_method: 'cash_on_delivery',
      },
      as(client),
    );
    expect(course.status).toBe(201);
    const reasons = ['Colis abîmé', 'Livreur en retard'];
    for (const reason of reasons) {
      expect((await app.request('POST', '/api/disputes', { course_id: course.body.id, reason }, as(client))).status).toBe(201);
    }
    const listed = await waitFor(
      'the claims to be kept for staff',
      () => app.request('GET', '/api/admin/notifications?limit=1', undefined, as(support)),
      (answer) => Number(answer.headers.get('x-total-count')) >= 2,
      10_000,
    );
    // Newest first, a page at a time.
    expect(listed.body).toEqual([{ id: expect.any(String), kind: 'claim', message: 'Nouvelle réclamation : Livreur en retard', created_at: expect.any(String), read: false }]);
    expect(nextLinkOf(listed)).not.toBeNull();
    const newest = listed.body[0].id as string;

    expect(await app.request('POST', `/api/admin/notifications/${newest}/read`, undefined, as(support))).toMatchObject({ status: 200, body: { id: newest, read: true } });
    const mine = await app.request('GET', '/api/admin/notifications', undefined, as(support));
    expect(mine.body.find((notice: { id: string }) => notice.id === newest)).toMatchObject({ read: true });
    // Read for support, not for the admin: each reads for themselves.
    const theirs = await app.request('GET', '/api/admin/notifications?unread=true', undefined, as(admin));
    expect(theirs.body.map((notice: { id: string }) => notice.id)).toContain(newest);
    const unreadBefore = Number(theirs.headers.get('x-total-count'));
    const supportUnread = await app.request('GET', '/api/admin/notifications?unread=true', undefined, as(support));
    expect(Number(supportUnread.headers.get('x-total-count'))).toBe(unreadBefore - 1);

    expect(await app.request('POST', '/api/admin/notifications/read-all', undefined, as(admin))).toMatchObject({ status: 200, body: { marked: unreadBefore } });
    expect((await app.request('GET', '/api/admin/notifications?unread=true', undefined, as(admin))).body).toEqual([]);
    expect(await app.request('POST', '/api/admin/notifications/read-all', undefined, as(admin))).toMatchObject({ status: 200, body: { marked: 0 } });
    // Marking again is harmless; an unknown notice is 404 in French; clients and couriers see none of it.
    expect((await app.request('POST', `/api/admin/notifications/${newest}/read`, undefined, as(support))).status).toBe(200);
    expect(await app.request('POST', `/api/admin/notifications/${newest.replace(/.$/, newest.endsWith('0') ? '1' : '0')}/read`, undefined, as(support))).toMatchObject({
      status: 404,
      body: { code: 'NOTIFICATION_NOT_FOUND', detail: 'Notification introuvable.' },
    });
    expect(await app.request('GET', '/api/admin/notifications?unread=maybe', undefined, as(support))).toMatchObject({ status: 400, body: { detail: 'Filtre « unread » invalide : true ou false.' } });
    for (const caller of [client, courier]) expect((await app.request('GET', '/api/admin/notifications', undefined, as(caller))).status).toBe(403);
  });
});

describe('« Utilisateurs actifs »', () => {
  it('counts accounts switched on, not deleted, that signed in within 30 days', async () => {
    const stats = async () => (await app.request('GET', '/api/dashboard/stats', undefined, as(admin))).body as { total_users: number; active_users: number };
    const before = await stats();
    // Signed in now: counted.
    const fresh = await signedIn(app, 'client');
    // Never signed in: not counted.
    await createAccount(app, 'client');
    // Signed in 31 days ago and not since: not counted.
    const away = await signedIn(app, 'client');
    await app.db.session.updateMany({ where: { userId: away.user.id }, data: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
    // Signed in, then switched off by staff: not counted.
    const disabled = await signedIn(app, 'client');
    expect((await app.request('PUT', `/api/users/${disabled.user.id}/toggle-status`, undefined, as(admin))).status).toBe(200);

    const after = await stats();
    expect(after.total_users).toBe(before.total_users + 4);
    expect(after.active_users).toBe(before.active_users + 1);
    expect(after.active_users).toBeLessThan(after.total_users);
    expect(fresh.user.id).toBeTruthy();
  });
});
