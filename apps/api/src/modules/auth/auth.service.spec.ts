import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../test/support/test-service.js';
import { Prisma } from '../../generated/prisma/client.js';
import { RateLimiterService } from '../../common/rate-limit/rate-limiter.service.js';
import { PasswordHasher, SecretHasher } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { AuthStates } from '../users/auth-states.js';
import { UsersRepository, type AccountUser } from '../users/users.repository.js';
import { AuthMessages } from './auth.errors.js';
import { AuthRepository } from './auth.repository.js';
import { ACTIVATION_TTL_MS, AUTH_LIMITS, AuthService, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS } from './auth.service.js';
import { TokensService } from './tokens.service.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const PHONE = '+224620000001';
const CONTEXT = { ip: '10.0.0.7', userAgent: 'jest' };
const TOKENS = { access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', expires_in: 900 };

function user(changes: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 'user-1',
    number: 1,
    phone: PHONE,
    fullName: 'Aïssatou Diallo',
    email: 'aissatou@example.gn',
    role: 'client',
    passwordHash: 'argon:secret-123',
    referralCode: 'CRSAAAAAAA1',
    loyaltyPoints: 0,
    isAvailable: false,
    isActive: true,
    totalCourses: 0,
    rating: null,
    acceptedTerms: true,
    termsAcceptedAt: NOW,
    activatedAt: NOW,
    anonymizedAt: null,
    sessionVersion: 0,
    createdAt: NOW,
    updatedAt: NOW,
    merchant: null,
    ...changes,
  } as AccountUser;
}

/** AuthService with every dependency faked: passwords "hash" as `argon:<password>`, secrets as `hmac:<value>`. */
function setUp() {
  const t = newTestService(AuthService, { now: NOW, env: { PUBLIC_URL: 'https://coursa.example' } });
  const passwords = t.mock(PasswordHasher);
  passwords.hash.mockImplementation(async (password) => `argon:${password}`);
  passwords.verify.mockImplementation(async (hash, password) => hash === `argon:${password}`);
  const hasher = t.mock(SecretHasher);
  hasher.hash.mockImplementation((value) => `hmac:${value}`);
  hasher.matches.mockImplementation((value, stored) => stored === `hmac:${value}`);
  t.mock(TokensService).issue.mockResolvedValue(TOKENS as never);
  t.mock(AuthRepository).saveClient.mockImplementation(async (_tx, data) => user({ id: 'new-1', phone: data.phone, fullName: data.fullName, email: data.email ?? null, activatedAt: null }));
  return {
    ...t,
    passwords,
    repository: t.mock(AuthRepository),
    users: t.mock(UsersRepository),
    audit: t.mock(AuditRepository),
    notifications: t.mock(NotificationsService),
    limiter: t.mock(RateLimiterService),
    authStates: t.mock(AuthStates),
  };
}

const REGISTER = { phone: '620 00 00 01', password: 'secret-123', full_name: 'Aïssatou Diallo', accept_terms: true } as never;

describe('AuthService.register', () => {
  it('creates an inactive client and sends the activation link by SMS (and email), the token kept only as its hash', async () => {
    const t = setUp();
    const input = { ...(REGISTER as object), email: 'aissatou@example.gn' } as never;
    await expect(t.sut.register(input, CONTEXT)).resolves.toEqual({ requires_activation: true, message: AuthMessages.registered });
    expect(t.limiter.hit).toHaveBeenCalledWith([AUTH_LIMITS.registerPerIp, '10.0.0.7']);
    expect(t.repository.saveClient).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        phone: PHONE,
        passwordHash: 'argon:secret-123',
        referralCode: 'CRSAAAAAAA1',
        activationTokenHash: 'hmac:token-1',
        activationExpiresAt: new Date(NOW.getTime() + ACTIVATION_TTL_MS),
        termsAcceptedAt: NOW,
      }),
      null,
    );
    expect(t.notifications.sendSms).toHaveBeenCalledWith(PHONE, expect.stringContaining('https://coursa.example/activation?token=token-1'), 'activation');
    expect(t.notifications.sendEmail).toHaveBeenCalledWith('aissatou@example.gn', expect.anything());
  });

  it('refuses any role but client, a phone that is not a Guinean mobile, and a phone already activated', async () => {
    const t = setUp();
    await expect(t.sut.register({ ...(REGISTER as object), role: 'admin' } as never, CONTEXT)).rejects.toMatchObject({ code: 'ROLE_NOT_ALLOWED', status: 403 });
    await expect(t.sut.register({ ...(REGISTER as object), phone: '12' } as never, CONTEXT)).rejects.toMatchObject({ code: 'INVALID_PHONE', status: 400 });
    t.users.findByPhone.mockResolvedValue(user());
    await expect(t.sut.register(REGISTER, CONTEXT)).rejects.toMatchObject({ code: 'PHONE_ALREADY_REGISTERED', status: 409 });
    expect(t.repository.saveClient).not.toHaveBeenCalled();
  });

  it('refuses an unknown referral code, and one that is the new client’s own phone', async () => {
    const t = setUp();
    await expect(t.sut.register({ ...(REGISTER as object), referral_code: 'crsnope' } as never, CONTEXT)).rejects.toMatchObject({ code: 'REFERRAL_CODE_UNKNOWN' });
    expect(t.users.findByReferralCode).toHaveBeenCalledWith('CRSNOPE');
    t.users.findByReferralCode.mockResolvedValue(user({ id: 'referrer', phone: PHONE }));
    await expect(t.sut.register({ ...(REGISTER as object), referral_code: 'CRSX' } as never, CONTEXT)).rejects.toMatchObject({ code: 'REFERRAL_CODE_UNKNOWN' });
  });

  it('draws another referral code when the random one clashes, and says which unique field clashed otherwise', async () => {
    const t = setUp();
    const clash = (target: string) => new Prisma.PrismaClientKnownRequestError('unique', { code: 'P2002', clientVersion: 'test', meta: { target: [target] } });
    t.repository.saveClient.mockRejectedValueOnce(clash('referral_code'));
    await t.sut.register(REGISTER, CONTEXT);
    expect(t.repository.saveClient.mock.calls.map(([, data]) => data.referralCode)).toEqual(['CRSAAAAAAA1', 'CRSAAAAAAA2']);
    t.repository.saveClient.mockRejectedValueOnce(clash('email'));
    await expect(t.sut.register(REGISTER, CONTEXT)).rejects.toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
  });
});

describe('AuthService.activate', () => {
  const stored = { id: 'a1', userId: 'user-1', usedAt: null, expiresAt: new Date(NOW.getTime() + 1) };

  it('activates once with a live token', async () => {
    const t = setUp();
    t.repository.findActivationToken.mockResolvedValue(stored as never);
    t.repository.spendActivationToken.mockResolvedValue(true);
    await expect(t.sut.activate('token-1')).resolves.toEqual({ message: AuthMessages.activated });
    expect(t.repository.findActivationToken).toHaveBeenCalledWith('hmac:token-1');
    // The token is spent and the account activated in one transaction.
    expect(t.repository.spendActivationToken).toHaveBeenCalledWith(expect.anything(), 'a1', NOW);
    expect(t.repository.markActivated).toHaveBeenCalledWith(expect.anything(), 'user-1', NOW);
  });

  it('refuses a missing, unknown, used, expired or raced token', async () => {
    const t = setUp();
    await expect(t.sut.activate(undefined)).rejects.toMatchObject({ code: 'ACTIVATION_TOKEN_MISSING' });
    await expect(t.sut.activate('nope')).rejects.toMatchObject({ code: 'ACTIVATION_TOKEN_INVALID' });
    t.repository.findActivationToken.mockResolvedValue({ ...stored, usedAt: NOW } as never);
    await expect(t.sut.activate('token-1')).rejects.toMatchObject({ code: 'ACTIVATION_TOKEN_INVALID' });
    t.repository.findActivationToken.mockResolvedValue({ ...stored, expiresAt: NOW } as never);
    await expect(t.sut.activate('token-1')).rejects.toMatchObject({ code: 'ACTIVATION_TOKEN_EXPIRED' });
    t.repository.findActivationToken.mockResolvedValue(stored as never);
    t.repository.spendActivationToken.mockResolvedValue(false);
    await expect(t.sut.activate('token-1')).rejects.toMatchObject({ code: 'ACTIVATION_TOKEN_INVALID' });
  });
});

describe('AuthService.login', () => {
  it('opens a session for an active account, audited, limits counted per phone and per address', async () => {
    const t = setUp();
    t.users.findByPhone.mockResolvedValue(user());
    await expect(t.sut.login({ phone: '620 00 00 01', password: 'secret-123' }, CONTEXT)).resolves.toMatchObject({ ...TOKENS, user: { id: 'user-1', phone: PHONE } });
    expect(t.limiter.hit).toHaveBeenCalledWith([AUTH_LIMITS.loginPerPhone, PHONE], [AUTH_LIMITS.loginPerIp, '10.0.0.7']);
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'login', success: true, actorId: 'user-1' }));
  });

  it('says whether the account is a merchant (issue 40), in the session and in /auth/me', async () => {
    const t = setUp();
    t.users.findByPhone.mockResolvedValue(user());
    await expect(t.sut.login({ phone: PHONE, password: 'secret-123' }, CONTEXT)).resolves.toMatchObject({ user: { is_merchant: false } });
    t.users.findByPhone.mockResolvedValue(user({ merchant: { userId: 'user-1' } }));
    await expect(t.sut.login({ phone: PHONE, password: 'secret-123' }, CONTEXT)).resolves.toMatchObject({ user: { is_merchant: true } });
    t.users.findById.mockResolvedValue(user({ merchant: { userId: 'user-1' } }));
    await expect(t.sut.me('user-1')).resolves.toMatchObject({ id: 'user-1', is_merchant: true });
  });

  it('a wrong password and an unknown phone get the same refusal, and the unknown phone still costs a hash check', async () => {
    const t = setUp();
    t.users.findByPhone.mockResolvedValue(user());
    await expect(t.sut.login({ phone: PHONE, password: 'wrong' }, CONTEXT)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    t.users.findByPhone.mockResolvedValue(null);
    t.passwords.verify.mockClear();
    await expect(t.sut.login({ phone: '+224620000099', password: 'secret-123' }, CONTEXT)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(t.passwords.verify).toHaveBeenCalledWith('argon:token-1', 'secret-123');
    expect(t.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'login', success: false }));
  });

  it('refuses an account not activated, then a disabled one', async () => {
    const t = setUp();
    t.users.findByPhone.mockResolvedValue(user({ activatedAt: null }));
    await expect(t.sut.login({ phone: PHONE, password: 'secret-123' }, CONTEXT)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_ACTIVATED', status: 403 });
    t.users.findByPhone.mockResolvedValue(user({ isActive: false }));
    await expect(t.sut.login({ phone: PHONE, password: 'secret-123' }, CONTEXT)).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED', status: 403 });
    expect(t.mock(TokensService).issue).not.toHaveBeenCalled();
  });
});

describe('AuthService.refresh and logout', () => {
  const session = { id: 's1', userId: 'user-1', familyId: 'f1', revokedAt: null, expiresAt: new Date(NOW.getTime() + 60_000) };

  it('rotates a live refresh token within its family', async () => {
    const t = setUp();
    t.repository.findSession.mockResolvedValue(session as never);
    t.repository.rotateSession.mockResolvedValue(true);
    t.users.findById.mockResolvedValue(user());
    await expect(t.sut.refresh('refresh-1', CONTEXT)).resolves.toMatchObject(TOKENS);
    expect(t.repository.findSession).toHaveBeenCalledWith('hmac:refresh-1');
    expect(t.mock(TokensService).issue).toHaveBeenCalledWith(expect.objectContaining({ id: 'user-1' }), CONTEXT, 'f1');
  });

  it('a spent token presented again revokes the whole chain', async () => {
    const t = setUp();
    t.repository.findSession.mockResolvedValue(session as never);
    t.repository.rotateSession.mockResolvedValue(false);
    await expect(t.sut.refresh('refresh-1', CONTEXT)).rejects.toMatchObject({ code: 'SESSION_EXPIRED', status: 401 });
    expect(t.repository.revokeFamily).toHaveBeenCalledWith('f1', NOW);
    expect(t.logger.warn).toHaveBeenCalled();
  });

  it('refuses an unknown, expired or revoked session, and an account no longer usable', async () => {
    const t = setUp();
    await expect(t.sut.refresh('nope', CONTEXT)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    t.repository.findSession.mockResolvedValue({ ...session, expiresAt: NOW } as never);
    await expect(t.sut.refresh('refresh-1', CONTEXT)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    t.repository.findSession.mockResolvedValue(session as never);
    t.repository.rotateSession.mockResolvedValue(true);
    t.users.findById.mockResolvedValue(user({ anonymizedAt: NOW }));
    await expect(t.sut.refresh('refresh-1', CONTEXT)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('logging out revokes the family; an unknown token is not an error', async () => {
    const t = setUp();
    await expect(t.sut.logout('nope')).resolves.toEqual({ message: AuthMessages.loggedOut });
    expect(t.repository.revokeFamily).not.toHaveBeenCalled();
    t.repository.findSession.mockResolvedValue(session as never);
    await t.sut.logout('refresh-1');
    expect(t.repository.revokeFamily).toHaveBeenCalledWith('f1', NOW);
  });
});

describe('AuthService.changePassword', () => {
  it('checks the current password, ends every session and opens a fresh one', async () => {
    const t = setUp();
    t.users.findById.mockResolvedValue(user());
    t.repository.setPassword.mockResolvedValue(user({ passwordHash: 'argon:new-secret' }));
    await expect(t.sut.changePassword('user-1', { current_password: 'wrong', new_password: 'new-secret' }, CONTEXT)).rejects.toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    await expect(t.sut.changePassword('user-1', { current_password: 'secret-123', new_password: 'new-secret' }, CONTEXT)).resolves.toMatchObject({ message: AuthMessages.passwordChanged, ...TOKENS });
    expect(t.repository.endSessions).toHaveBeenCalledWith(expect.anything(), 'user-1', NOW);
    expect(t.repository.setPassword).toHaveBeenCalledWith(expect.anything(), 'user-1', 'argon:new-secret');
    expect(t.authStates.changed).toHaveBeenCalledWith('user-1');
  });
});

describe('AuthService: forgotten password', () => {
  it('answers the same whether or not the account exists, and sends a code only to one that does', async () => {
    const t = setUp();
    const input = { contact: '620 00 00 01', method: 'sms' as const };
    await expect(t.sut.forgotPassword(input, CONTEXT)).resolves.toEqual({ message: AuthMessages.resetCodeSentSms });
    expect(t.repository.createResetCode).not.toHaveBeenCalled();
    t.users.findByPhone.mockResolvedValue(user());
    await expect(t.sut.forgotPassword(input, CONTEXT)).resolves.toEqual({ message: AuthMessages.resetCodeSentSms });
    expect(t.limiter.hit).toHaveBeenCalledWith([AUTH_LIMITS.forgotPerContact, PHONE], [AUTH_LIMITS.forgotPerIp, '10.0.0.7']);
    expect(t.repository.retireResetCodes).toHaveBeenCalledWith(expect.anything(), 'user-1', NOW);
    expect(t.repository.createResetCode).toHaveBeenCalledWith(expect.anything(), 'user-1', 'sms', 'hmac:123456', new Date(NOW.getTime() + RESET_CODE_TTL_MS));
    expect(t.notifications.sendSms).toHaveBeenCalledWith(PHONE, expect.stringContaining('123456'), 'reset_code');
  });

  it('refuses a contact that is not a phone or an email', async () => {
    const t = setUp();
    await expect(t.sut.forgotPassword({ contact: '12', method: 'sms' }, CONTEXT)).rejects.toMatchObject({ code: 'INVALID_PHONE' });
    await expect(t.sut.forgotPassword({ contact: 'nope', method: 'email' }, CONTEXT)).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
    expect(t.limiter.hit).not.toHaveBeenCalled();
  });

  const RESET = { contact: PHONE, method: 'sms' as const, reset_code: '123456', new_password: 'new-secret' };
  const code = { id: 'code-1', codeHash: 'hmac:123456', attempts: 0 };

  it('resets the password with the right code, once, and ends the sessions', async () => {
    const t = setUp();
    t.users.findByPhone.mockResolvedValue(user());
    t.repository.findLiveResetCode.mockResolvedValue(code as never);
    t.repository.reserveResetAttempt.mockResolvedValue(true);
    t.repository.spendResetCode.mockResolvedValue(true);
    await expect(t.sut.resetPassword(RESET, CONTEXT)).resolves.toEqual({ message: AuthMessages.passwordReset });
    expect(t.repository.reserveResetAttempt).toHaveBeenCalledWith('code-1', RESET_CODE_MAX_ATTEMPTS);
    // The code is spent, the sessions end and the password changes in one transaction.
    expect(t.repository.spendResetCode).toHaveBeenCalledWith(expect.anything(), 'code-1', NOW);
    expect(t.repository.endSessions).toHaveBeenCalledWith(expect.anything(), 'user-1', NOW);
    expect(t.repository.setPassword).toHaveBeenCalledWith(expect.anything(), 'user-1', 'argon:new-secret');
    expect(t.authStates.changed).toHaveBeenCalledWith('user-1');
  });

  it('a wrong code is refused; the last allowed attempt kills it', async () => {
    const t = setUp();
    t.users.findByPhone.mockResolvedValue(user());
    t.repository.reserveResetAttempt.mockResolvedValue(true);
    t.repository.findLiveResetCode.mockResolvedValue(code as never);
    await expect(t.sut.resetPassword({ ...RESET, reset_code: '000000' }, CONTEXT)).rejects.toMatchObject({ code: 'RESET_CODE_INVALID' });
    t.repository.findLiveResetCode.mockResolvedValue({ ...code, attempts: RESET_CODE_MAX_ATTEMPTS - 1 } as never);
    await expect(t.sut.resetPassword({ ...RESET, reset_code: '000000' }, CONTEXT)).rejects.toMatchObject({ code: 'RESET_CODE_EXPIRED' });
    expect(t.repository.setPassword).not.toHaveBeenCalled();
  });

  it('no live code, no attempt left, or an unknown account: the same refusal', async () => {
    const t = setUp();
    await expect(t.sut.resetPassword(RESET, CONTEXT)).rejects.toMatchObject({ code: 'RESET_CODE_EXPIRED' });
    t.users.findByPhone.mockResolvedValue(user());
    await expect(t.sut.resetPassword(RESET, CONTEXT)).rejects.toMatchObject({ code: 'RESET_CODE_EXPIRED' });
    t.repository.findLiveResetCode.mockResolvedValue(code as never);
    t.repository.reserveResetAttempt.mockResolvedValue(false);
    await expect(t.sut.resetPassword(RESET, CONTEXT)).rejects.toMatchObject({ code: 'RESET_CODE_EXPIRED' });
  });
});
