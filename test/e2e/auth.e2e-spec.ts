import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from '@coursa/domain';
import { createAccount, login, newIp, newPhone } from '../support/accounts.js';
import { activationTokenIn, codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { settled } from '../support/settled.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const registration = (overrides: Record<string, unknown> = {}) => ({
  phone: newPhone(),
  password: 'motdepasse',
  full_name: 'Aïssatou Bah',
  email: null,
  role: 'client',
  referral_code: null,
  accepted_terms: true,
  terms_accepted_at: new Date().toISOString(),
  ...overrides,
});

async function register(overrides: Record<string, unknown> = {}) {
  const form = registration(overrides);
  const answer = await app.request('POST', '/api/auth/register', form, { ip: newIp() });
  return { form, answer };
}

async function registerAndReadLink(overrides: Record<string, unknown> = {}) {
  const sent = (phone: unknown) => app.outbox.lines().filter((line) => line.to === phone && line.kind === 'activation').length;
  const before = sent(overrides.phone);
  const { form, answer } = await register(overrides);
  expect(answer.status).toBe(201);
  const messages = await app.outbox.waitForCount((line) => line.to === form.phone && line.kind === 'activation', before + 1);
  return { form, token: activationTokenIn(messages.at(-1)!.text) };
}

describe('health', () => {
  it('reports PostgreSQL and Redis up', async () => {
    const answer = await app.request('GET', '/api/health');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok', database: 'up', redis: 'up' } });
  });
});

describe('registration and activation', () => {
  it('registers a client, activates once through the SMS link, then signs in', async () => {
    const { form, answer } = await register();
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      requires_activation: true,
      message: 'Compte créé avec succès ! Vérifiez votre email/SMS pour activer votre compte.',
    });

    const early = await app.request('POST', '/api/auth/login', { phone: form.phone, password: form.password }, { ip: newIp() });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('ACCOUNT_NOT_ACTIVATED');

    const sms = await app.outbox.waitFor((line) => line.to === form.phone && line.kind === 'activation');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toContain('http://coursa.test/activation?token=');
    const token = activationTokenIn(sms.text);

    const activated = await app.request('POST', '/api/auth/activate', { token });
    expect(activated).toMatchObject({ status: 200, body: { message: 'Compte activé avec succès ! Vous pouvez maintenant vous connecter.' } });
    const again = await app.request('POST', '/api/auth/activate', { token });
    expect(again).toMatchObject({ status: 400, body: { code: 'ACTIVATION_TOKEN_INVALID' } });

    const national = form.phone.slice(4);
    const session = await login(app, `${national.slice(0, 3)} ${national.slice(3)}`, form.password);
    const me = await app.request('GET', '/api/auth/me', undefined, { token: session.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ phone: form.phone, full_name: 'Aïssatou Bah', role: 'client', loyalty_points: 0, accepted_terms: true });
    expect(me.body).not.toHaveProperty('password_hash');
    expect(me.body).not.toHaveProperty('passwordHash');
  });

  it('stores the phone in E.164 whatever the typed form, and sends the link by email too', async () => {
    const digits = newPhone().slice(4);
    const { answer } = await register({ phone: `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`, email: 'Fanta@Exemple.gn' });
    expect(answer.status).toBe(201);
    const user = await app.db.user.findUnique({ where: { phone: `+224${digits}` } });
    expect(user).toMatchObject({ email: 'fanta@exemple.gn', role: 'client', activatedAt: null });
    await app.outbox.waitFor((line) => line.channel === 'email' && line.to === 'fanta@exemple.gn');
  });

  it('refuses an activation link used after 24 hours', async () => {
    const { form, token } = await registerAndReadLink();
    const user = await app.db.user.findUniqueOrThrow({ where: { phone: form.phone } });
    await app.db.activationToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = await app.request('POST', '/api/auth/activate', { token });
    expect(answer).toMatchObject({ status: 400, body: { code: 'ACTIVATION_TOKEN_EXPIRED' } });
  });

  it('refuses a missing or made-up activation token', async () => {
    expect(await app.request('POST', '/api/auth/activate', {})).toMatchObject({ status: 400, body: { detail: "Token d'activation manquant" } });
    expect(await app.request('POST', '/api/auth/activate', { token: 'nope' })).toMatchObject({ status: 400, body: { code: 'ACTIVATION_TOKEN_INVALID' } });
  });

  it('lets a never-activated phone register again; the first link dies', async () => {
    const { form, token: first } = await registerAndReadLink();
    const { token: second } = await registerAndReadLink({ phone: form.phone, password: 'nouveau-mdp' });
    expect(second).not.toBe(first);
    expect((await app.request('POST', '/api/auth/activate', { token: first })).status).toBe(400);
    expect((await app.request('POST', '/api/auth/activate', { token: second })).status).toBe(200);
    await login(app, form.phone, 'nouveau-mdp');
  });

  it('refuses a phone that already has an account', async () => {
    const { phone } = await createAccount(app);
    const { answer } = await register({ phone });
    expect(answer).toMatchObject({ status: 409, body: { code: 'PHONE_ALREADY_REGISTERED', detail: 'Un compte existe déjà avec ce numéro de téléphone.' } });
  });

  it.each([
    ['a French number', '+33 6 12 34 56 78'],
    ['a Guinean fixed line', '+224 30 45 12 34'],
    ['letters', 'mon numéro'],
    ['eight digits', '+224 62 00 00 00'],
  ])('refuses %s', async (_label, phone) => {
    const { answer } = await register({ phone });
    expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_PHONE' } });
    expect(answer.body.detail).toContain('+224 6XX XX XX XX');
  });

  it('refuses a password under 6 characters', async () => {
    const { answer } = await register({ password: '12345' });
    expect(answer).toMatchObject({ status: 400, body: { detail: MESSAGES.passwordTooShort } });
  });

  it('refuses the form when the terms are not ticked', async () => {
    for (const accepted_terms of [false, undefined, 'true']) {
      const { answer } = await register({ accepted_terms });
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'TERMS_NOT_ACCEPTED', detail: "Vous devez accepter les Conditions d'Utilisation et la Politique de Confidentialité" },
      });
    }
  });

  it.each(['admin', 'super_admin', 'support', 'salaried_delivery', 'independent_delivery', 'root'])('refuses role "%s" at registration (403)', async (role) => {
    const { form, answer } = await register({ role });
    expect(answer).toMatchObject({ status: 403, body: { code: 'ROLE_NOT_ALLOWED' } });
    expect(await app.db.user.findUnique({ where: { phone: form.phone } })).toBeNull();
  });

  it('refuses an unknown referral code and records a known one', async () => {
    const { answer } = await register({ referral_code: 'CRSNOPE99' });
    expect(answer).toMatchObject({ status: 400, body: { code: 'REFERRAL_CODE_UNKNOWN' } });

    const { user: referrer } = await createAccount(app);
    const { form } = await registerAndReadLink({ referral_code: referrer.referralCode.toLowerCase() });
    const referred = await app.db.user.findUniqueOrThrow({ where: { phone: form.phone }, include: { referralAsReferred: true } });
    expect(referred.referredById).toBe(referrer.id);
    expect(referred.referralAsReferred?.referrerId).toBe(referrer.id);
  });

  it('refuses unknown fields, missing fields and a body that is not JSON, in French', async () => {
    const extra = await register({ is_admin: true });
    expect(extra.answer.status).toBe(400);
    expect(extra.answer.body.detail).toMatch(/Clé non reconnue/);
    const missing = await app.request('POST', '/api/auth/register', { phone: newPhone(), accepted_terms: true });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_ERROR');
    const broken = await app.request('POST', '/api/auth/register', '{"phone":', { headers: { 'content-type': 'application/json' } });
    expect(broken).toMatchObject({ status: 400, body: { code: 'INVALID_JSON' } });
  });
});

describe('sign-in and sessions', () => {
  it('refuses a wrong password and an unknown phone with the same answer', async () => {
    const { phone } = await createAccount(app);
    const wrong = await app.request('POST', '/api/auth/login', { phone, password: 'mauvais' }, { ip: newIp() });
    const unknown = await app.request('POST', '/api/auth/login', { phone: newPhone(), password: 'mauvais' }, { ip: newIp() });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a disabled account, at sign-in and with a token it already had', async () => {
    const { user, phone, password } = await createAccount(app);
    const session = await login(app, phone, password);
    await app.db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await app.request('POST', '/api/auth/login', { phone, password }, { ip: newIp() })).body.code).toBe('ACCOUNT_DISABLED');
    expect((await app.request('GET', '/api/auth/me', undefined, { token: session.access_token })).status).toBe(401);
  });

  it('refuses a missing, tampered or unsigned token', async () => {
    const { phone, password } = await createAccount(app);
    const { access_token } = await login(app, phone, password);
    expect((await app.request('GET', '/api/auth/me')).status).toBe(401);
    const [header, payload] = access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'super_admin' })).toString('base64url');
    expect((await app.request('GET', '/api/auth/me', undefined, { token: `${header}.${forged}.${access_token.split('.')[2]}` })).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await app.request('GET', '/api/auth/me', undefined, { token: `${none}.${payload}.` })).status).toBe(401);
  });

  it('rotates refresh tokens; replaying a spent one revokes the whole chain', async () => {
    const { phone, password } = await createAccount(app);
    const first = await login(app, phone, password);
    const second = await app.request('POST', '/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);

    const replay = await app.request('POST', '/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED', detail: 'Session expirée - veuillez vous reconnecter' } });
    // The thief's replay also kills the legitimate holder's newer token.
    expect((await app.request('POST', '/api/auth/refresh', { refresh_token: second.body.refresh_token })).status).toBe(401);
  });

  it('ends every session when the password changes, and keeps the caller signed in', async () => {
    const { phone, password } = await createAccount(app);
    const other = await login(app, phone, password);
    const mine = await login(app, phone, password);

    const wrong = await app.request('POST', '/api/auth/change-password', { current_password: 'faux', new_password: 'nouveau1' }, { token: mine.access_token });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'WRONG_CURRENT_PASSWORD' } });
    const short = await app.request('POST', '/api/auth/change-password', { current_password: password, new_password: '123' }, { token: mine.access_token });
    expect(short).toMatchObject({ status: 400, body: { detail: MESSAGES.newPasswordTooShort } });

    const changed = await app.request('POST', '/api/auth/change-password', { current_password: password, new_password: 'nouveau1' }, { token: mine.access_token });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Mot de passe modifié avec succès !');

    for (const token of [other.access_token, mine.access_token]) {
      expect((await app.request('GET', '/api/auth/me', undefined, { token })).status).toBe(401);
    }
    expect((await app.request('POST', '/api/auth/refresh', { refresh_token: other.refresh_token })).status).toBe(401);
    expect((await app.request('GET', '/api/auth/me', undefined, { token: changed.body.access_token })).status).toBe(200);
    await login(app, phone, 'nouveau1');
  });

  it('logs out: the refresh token stops working', async () => {
    const { phone, password } = await createAccount(app);
    const session = await login(app, phone, password);
    expect((await app.request('POST', '/api/auth/logout', { refresh_token: session.refresh_token })).status).toBe(200);
    expect((await app.request('POST', '/api/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it('limits sign-in attempts per phone, with a French message and Retry-After', async () => {
    const { phone } = await createAccount(app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await app.request('POST', '/api/auth/login', { phone, password: 'mauvais' }, { ip: newIp() })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await app.request('POST', '/api/auth/login', { phone, password: 'mauvais' }, { ip: newIp() });
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', detail: 'Trop de tentatives. Réessayez dans quelques minutes.' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sign-in attempts per address, whatever the phone', async () => {
    const ip = newIp();
    let last = 0;
    for (let attempt = 0; attempt < 51; attempt++) {
      last = (await app.request('POST', '/api/auth/login', { phone: newPhone(), password: 'x' }, { ip })).status;
    }
    expect(last).toBe(429);
    // Each unknown phone still costs a password hash (the same time as a known one): 51 of them on a busy two-core
    // machine can take longer than the default 30 s.
  }, 90_000);
});

describe('password recovery', () => {
  it('resets the password with the SMS code, once', async () => {
    const { phone, password } = await createAccount(app);
    const before = await login(app, phone, password);
    const asked = await app.request('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' }, { ip: newIp() });
    expect(asked).toMatchObject({ status: 200, body: { message: 'Code envoyé par SMS si ce numéro existe' } });
    const code = codeIn((await app.outbox.waitFor((line) => line.to === phone && line.kind === 'reset_code')).text);
    expect(code).toMatch(/^\d{6}$/);

    const reset = { contact: phone, method: 'sms', reset_code: code, new_password: 'tout-neuf' };
    const done = await app.request('POST', '/api/auth/reset-password-choice', reset, { ip: newIp() });
    expect(done).toMatchObject({ status: 200, body: { message: 'Mot de passe réinitialisé avec succès ! Vous pouvez maintenant vous connecter.' } });
    expect((await app.request('POST', '/api/auth/reset-password-choice', reset, { ip: newIp() })).status).toBe(400);
    expect((await app.request('POST', '/api/auth/login', { phone, password }, { ip: newIp() })).status).toBe(401);
    expect((await app.request('GET', '/api/auth/me', undefined, { token: before.access_token })).status).toBe(401);
    await login(app, phone, 'tout-neuf');
  });

  it('resets by email', async () => {
    const { user, phone } = await createAccount(app);
    await app.db.user.update({ where: { id: user.id }, data: { email: `${user.id}@exemple.gn` } });
    const asked = await app.request('POST', '/api/auth/forgot-password-choice', { contact: `${user.id}@exemple.gn`, method: 'email' }, { ip: newIp() });
    expect(asked.body.message).toBe('Code envoyé par email si cette adresse existe');
    const mail = await app.outbox.waitFor((line) => line.channel === 'email' && line.to === `${user.id}@exemple.gn`);
    const done = await app.request('POST', '/api/auth/reset-password-choice', { contact: `${user.id}@exemple.gn`, method: 'email', reset_code: codeIn(mail.text), new_password: 'par-email' }, { ip: newIp() });
    expect(done.status).toBe(200);
    await login(app, phone, 'par-email');
  });

  it('answers the same for a phone without an account, and sends nothing', async () => {
    const phone = newPhone();
    const asked = await app.request('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' }, { ip: newIp() });
    expect(asked).toMatchObject({ status: 200, body: { message: 'Code envoyé par SMS si ce numéro existe' } });
    await settled(app);
    expect(app.outbox.lines().some((line) => line.to === phone)).toBe(false);
  });

  it('refuses a malformed contact with the spec messages', async () => {
    expect((await app.request('POST', '/api/auth/forgot-password-choice', { contact: 'pas-un-email', method: 'email' })).body.detail).toBe(MESSAGES.invalidEmailFormat);
    expect((await app.request('POST', '/api/auth/forgot-password-choice', { contact: '123', method: 'sms' })).body.detail).toBe(MESSAGES.invalidPhoneNumber);
  });

  it('kills the code after 5 wrong tries: the sixth try and even the right code are refused', async () => {
    const { phone, password } = await createAccount(app);
    await app.request('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' }, { ip: newIp() });
    const code = codeIn((await app.outbox.waitFor((line) => line.to === phone && line.kind === 'reset_code')).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push(await app.request('POST', '/api/auth/reset-password-choice', { contact: phone, method: 'sms', reset_code: wrongCode, new_password: 'piratage' }, { ip: newIp() }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers.slice(0, 4).every((answer) => answer.body.code === 'RESET_CODE_INVALID')).toBe(true);
    expect(answers.slice(4).every((answer) => answer.body.code === 'RESET_CODE_EXPIRED')).toBe(true);

    const right = await app.request('POST', '/api/auth/reset-password-choice', { contact: phone, method: 'sms', reset_code: code, new_password: 'piratage' }, { ip: newIp() });
    expect(right).toMatchObject({ status: 400, body: { code: 'RESET_CODE_EXPIRED' } });
    await login(app, phone, password);
  });

  it('refuses a code older than 15 minutes', async () => {
    const { user, phone } = await createAccount(app);
    await app.request('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' }, { ip: newIp() });
    const code = codeIn((await app.outbox.waitFor((line) => line.to === phone && line.kind === 'reset_code')).text);
    await app.db.passwordResetCode.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = await app.request('POST', '/api/auth/reset-password-choice', { contact: phone, method: 'sms', reset_code: code, new_password: 'trop-tard' }, { ip: newIp() });
    expect(answer).toMatchObject({ status: 400, body: { code: 'RESET_CODE_EXPIRED' } });
  });

  it('limits code requests per phone', async () => {
    const { phone } = await createAccount(app);
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await app.request('POST', '/api/auth/forgot-password-choice', { contact: phone, method: 'sms' }, { ip: newIp() })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('what the logs and the database keep', () => {
  it('never logs passwords, codes or tokens, and stores only hashes', async () => {
    const { form, token } = await registerAndReadLink({ password: 'mot-de-passe-secret' });
    await app.request('POST', '/api/auth/activate', { token });
    const session = await login(app, form.phone, 'mot-de-passe-secret');
    await app.request('POST', '/api/auth/forgot-password-choice', { contact: form.phone, method: 'sms' }, { ip: newIp() });
    const code = codeIn((await app.outbox.waitFor((line) => line.to === form.phone && line.kind === 'reset_code')).text);
    await app.request('POST', '/api/auth/reset-password-choice', { contact: form.phone, method: 'sms', reset_code: code, new_password: 'encore-secret' });

    const logs = app.logs.join('');
    for (const secret of ['mot-de-passe-secret', 'encore-secret', token, code, session.access_token, session.refresh_token]) {
      expect(logs).not.toContain(secret);
    }
    const user = await app.db.user.findUniqueOrThrow({ where: { phone: form.phone } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const tokens = await app.db.activationToken.findMany({ where: { userId: user.id } });
    expect(tokens.every((row) => row.tokenHash !== token && /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('answers an unexpected route with a French 404 and never a stack trace', async () => {
    const answer = await app.request('GET', '/api/nulle-part');
    expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', detail: "Cette adresse n'existe pas." } });
  });
});
