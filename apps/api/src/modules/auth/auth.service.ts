import { Inject, Injectable } from '@nestjs/common';
import type { MessageResponse, RegisterResponse, SessionResponse, UserDto } from '@coursa/contracts';
import { CODE_LENGTH, isUsableAccount, looksLikeEmail, toGuineanMobile } from '@coursa/domain';
import type { Logger } from 'pino';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '@coursa/contracts/schemas';
import { Prisma, type User } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { RateLimiterService, type RateLimit } from '../../common/rate-limit/rate-limiter.service.js';
import { Clock, PasswordHasher, RandomSource, SecretHasher } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { activationEmail, resetCodeEmail } from '../notifications/email-templates.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { activationSms, resetCodeSms } from '../notifications/sms-texts.js';
import { AuthStates } from '../users/auth-states.js';
import { toUserDto } from '../users/users.mapper.js';
import { UsersRepository, type AccountUser } from '../users/users.repository.js';
import { AuthErrors, AuthMessages } from './auth.errors.js';
import { AuthRepository, type NewClient } from './auth.repository.js';
import { TokensService, type SessionContext } from './tokens.service.js';

export const ACTIVATION_TTL_MS = 24 * 3600_000;
export const RESET_CODE_TTL_MS = 15 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

const FIFTEEN_MINUTES = 15 * 60;
export const AUTH_LIMITS = {
  loginPerPhone: { name: 'login:phone', max: 10, windowSeconds: FIFTEEN_MINUTES },
  loginPerIp: { name: 'login:ip', max: 50, windowSeconds: FIFTEEN_MINUTES },
  forgotPerContact: { name: 'forgot:contact', max: 3, windowSeconds: FIFTEEN_MINUTES },
  forgotPerIp: { name: 'forgot:ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
  resetPerContact: { name: 'reset:contact', max: 10, windowSeconds: FIFTEEN_MINUTES },
  resetPerIp: { name: 'reset:ip', max: 50, windowSeconds: FIFTEEN_MINUTES },
  registerPerIp: { name: 'register:ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimit>;

@Injectable()
export class AuthService {
  /** Verified when the phone is unknown, so a wrong phone costs the same time as a wrong password. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly users: UsersRepository,
    private readonly authStates: AuthStates,
    private readonly audit: AuditRepository,
    private readonly tokens: TokensService,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiterService,
    private readonly passwords: PasswordHasher,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly uow: UnitOfWork,
  ) {}

  async register(input: RegisterInput, context: SessionContext): Promise<RegisterResponse> {
    if (input.role !== undefined && input.role !== 'client') throw AuthErrors.roleNotAllowed();
    const phone = toGuineanMobile(input.phone);
    if (!phone) throw AuthErrors.invalidPhone();
    await this.limiter.hit([AUTH_LIMITS.registerPerIp, context.ip ?? 'unknown']);

    const existing = await this.users.findByPhone(phone);
    if (existing?.activatedAt || (existing && existing.role !== 'client')) throw AuthErrors.phoneTaken();
    if (input.email) {
      const owner = await this.users.findByEmail(input.email);
      if (owner && owner.id !== existing?.id) throw AuthErrors.emailTaken();
    }
    let referrerId: string | null = null;
    if (input.referral_code) {
      const referrer = await this.users.findByReferralCode(input.referral_code.toUpperCase());
      if (!referrer || referrer.role !== 'client' || referrer.phone === phone) throw AuthErrors.unknownReferralCode();
      referrerId = referrer.id;
    }

    const token = this.random.token();
    const now = this.clock.now();
    const user = await this.createClient({
      phone,
      passwordHash: await this.passwords.hash(input.password),
      fullName: input.full_name,
      email: input.email,
      referredById: referrerId,
      termsAcceptedAt: now,
      activationTokenHash: this.hasher.hash(token),
      activationExpiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
      ip: context.ip ?? '',
    });

    const link = `${this.config.PUBLIC_URL}/activation?token=${token}`;
    await this.notifications.sendSms(user.phone, activationSms({ fullName: user.fullName, link, validHours: ACTIVATION_TTL_MS / 3600_000 }), 'activation');
    if (user.email) {
      await this.notifications.sendEmail(user.email, activationEmail({ fullName: user.fullName, link, validHours: ACTIVATION_TTL_MS / 3600_000 }));
    }
    return { requires_activation: true, message: AuthMessages.registered };
  }

  /** Retries on the rare clash of a random referral code; other unique clashes are races on phone or email. */
  private async createClient(data: Omit<NewClient, 'referralCode'>): Promise<User> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.registerClient({ ...data, referralCode: this.random.referralCode() });
      } catch (error) {
        const target = uniqueViolationTarget(error);
        if (target?.includes('referral_code') && attempt < 3) continue;
        if (target?.includes('email')) throw AuthErrors.emailTaken();
        if (target?.includes('phone')) throw AuthErrors.phoneTaken();
        throw error;
      }
    }
  }

  /**
   * Creates a client waiting for activation, with its activation token and referral, in one transaction. A phone whose
   * earlier registration was never activated is taken over: its old links die.
   */
  private registerClient(data: NewClient): Promise<User> {
    return this.uow.run(async (tx) => {
      const pending = await this.repository.findPendingClient(tx, data.phone);
      const user = await this.repository.saveClient(tx, data, pending?.id ?? null);
      await this.repository.replaceActivation(tx, user.id, data);
      await this.audit.record({ actorId: user.id, actorRole: 'client', action: 'user_created', resourceType: 'user', resourceId: user.id, success: true, ip: data.ip }, tx);
      return user;
    });
  }

  async activate(token: string | undefined): Promise<MessageResponse> {
    if (!token) throw AuthErrors.activationTokenMissing();
    const stored = await this.repository.findActivationToken(this.hasher.hash(token));
    if (!stored || stored.usedAt) throw AuthErrors.activationTokenInvalid();
    const now = this.clock.now();
    if (stored.expiresAt <= now) throw AuthErrors.activationTokenExpired();
    // The token is used once: of two concurrent activations with the same link, only one succeeds.
    const activated = await this.uow.run(async (tx) => {
      if (!(await this.repository.spendActivationToken(tx, stored.id, now))) return false;
      await this.repository.markActivated(tx, stored.userId, now);
      return true;
    });
    if (!activated) throw AuthErrors.activationTokenInvalid();
    return { message: AuthMessages.activated };
  }

  async login(input: LoginInput, context: SessionContext): Promise<SessionResponse> {
    const phone = toGuineanMobile(input.phone);
    await this.limiter.hit(
      [AUTH_LIMITS.loginPerPhone, phone ?? input.phone.replace(/\s/g, '')],
      [AUTH_LIMITS.loginPerIp, context.ip ?? 'unknown'],
    );
    const user = phone ? await this.users.findByPhone(phone) : null;
    const passwordOk = user && !user.anonymizedAt
      ? await this.passwords.verify(user.passwordHash, input.password)
      : await this.passwords.verify(await this.decoy(), input.password);
    if (!user || !passwordOk) {
      await this.audit.record({ actorId: user?.id, actorRole: user?.role, action: 'login', resourceType: 'user', resourceId: user?.id, success: false, ip: context.ip });
      throw AuthErrors.badCredentials();
    }
    if (!user.activatedAt) throw AuthErrors.notActivated();
    if (!user.isActive) throw AuthErrors.disabled();
    await this.audit.record({ actorId: user.id, actorRole: user.role, action: 'login', resourceType: 'user', resourceId: user.id, success: true, ip: context.ip });
    return this.session(user, context);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.passwords.hash(this.random.token());
    return this.decoyHash;
  }

  private async session(user: AccountUser, context: SessionContext, familyId?: string): Promise<SessionResponse> {
    return { ...(await this.tokens.issue(user, context, familyId)), user: toUserDto(user) };
  }

  /** Rotates a refresh token. Presenting a spent one means it leaked: the whole chain is revoked. */
  async refresh(refreshToken: string, context: SessionContext): Promise<SessionResponse> {
    const session = await this.repository.findSession(this.hasher.hash(refreshToken));
    const now = this.clock.now();
    if (!session || session.revokedAt || session.expiresAt <= now) throw AuthErrors.sessionExpired();
    if (!(await this.repository.rotateSession(session.id, now))) {
      await this.repository.revokeFamily(session.familyId, now);
      this.logger.warn({ userId: session.userId, familyId: session.familyId }, 'refresh token reused: chain revoked');
      throw AuthErrors.sessionExpired();
    }
    const user = await this.users.findById(session.userId);
    if (!isUsableAccount(user)) throw AuthErrors.sessionExpired();
    return this.session(user, context, session.familyId);
  }

  async logout(refreshToken: string): Promise<MessageResponse> {
    const session = await this.repository.findSession(this.hasher.hash(refreshToken));
    if (session) await this.repository.revokeFamily(session.familyId, this.clock.now());
    return { message: AuthMessages.loggedOut };
  }

  async me(userId: string): Promise<UserDto> {
    const user = await this.users.findById(userId);
    if (!user) throw AuthErrors.sessionExpired();
    return toUserDto(user);
  }

  /** Every session ends; the caller gets a fresh one so they stay signed in on this device. */
  async changePassword(userId: string, input: ChangePasswordInput, context: SessionContext) {
    const user = await this.users.findById(userId);
    if (!user) throw AuthErrors.sessionExpired();
    if (!(await this.passwords.verify(user.passwordHash, input.current_password))) throw AuthErrors.wrongCurrentPassword();
    const passwordHash = await this.passwords.hash(input.new_password);
    const now = this.clock.now();
    // New password: every session ends and access tokens of the old session version stop working.
    const updated = await this.uow.run(async (tx) => {
      await this.repository.endSessions(tx, user.id, now);
      return this.repository.setPassword(tx, user.id, passwordHash);
    });
    await this.authStates.changed(user.id);
    await this.audit.record({ actorId: user.id, actorRole: user.role, action: 'password_changed', resourceType: 'user', resourceId: user.id, success: true, ip: context.ip });
    return { message: AuthMessages.passwordChanged, ...(await this.session(updated, context)) };
  }

  /** Answers the same whether or not an account exists, so it cannot be used to find who has one. */
  async forgotPassword(input: ForgotPasswordInput, context: SessionContext): Promise<MessageResponse> {
    const user = await this.findRecoverable(input.contact, input.method, [AUTH_LIMITS.forgotPerContact, AUTH_LIMITS.forgotPerIp], context);
    const message = input.method === 'sms' ? AuthMessages.resetCodeSentSms : AuthMessages.resetCodeSentEmail;
    if (!user) return { message };

    const code = this.random.digits(CODE_LENGTH);
    const now = this.clock.now();
    // A new reset code; the user's earlier unused codes die with it.
    await this.uow.run(async (tx) => {
      await this.repository.retireResetCodes(tx, user.id, now);
      await this.repository.createResetCode(tx, user.id, input.method, this.hasher.hash(code), new Date(now.getTime() + RESET_CODE_TTL_MS));
    });
    if (input.method === 'sms') {
      await this.notifications.sendSms(user.phone, resetCodeSms({ code, validMinutes: RESET_CODE_TTL_MS / 60_000 }), 'reset_code');
    } else {
      await this.notifications.sendEmail(user.email!, resetCodeEmail({ fullName: user.fullName, code, validMinutes: RESET_CODE_TTL_MS / 60_000 }));
    }
    return { message };
  }

  async resetPassword(input: ResetPasswordInput, context: SessionContext): Promise<MessageResponse> {
    const user = await this.findRecoverable(input.contact, input.method, [AUTH_LIMITS.resetPerContact, AUTH_LIMITS.resetPerIp], context);
    const now = this.clock.now();
    const code = user ? await this.repository.findLiveResetCode(user.id, now) : null;
    if (!user || !code) throw AuthErrors.resetCodeDead();
    if (!(await this.repository.reserveResetAttempt(code.id, RESET_CODE_MAX_ATTEMPTS))) throw AuthErrors.resetCodeDead();
    if (!this.hasher.matches(input.reset_code, code.codeHash)) {
      throw code.attempts + 1 >= RESET_CODE_MAX_ATTEMPTS ? AuthErrors.resetCodeDead() : AuthErrors.resetCodeInvalid();
    }
    const passwordHash = await this.passwords.hash(input.new_password);
    // Spends the code and sets the new password in one transaction; refused if the code was spent meanwhile.
    const done = await this.uow.run(async (tx) => {
      if (!(await this.repository.spendResetCode(tx, code.id, now))) return false;
      await this.repository.endSessions(tx, user.id, now);
      await this.repository.setPassword(tx, user.id, passwordHash);
      return true;
    });
    if (!done) throw AuthErrors.resetCodeDead();
    await this.authStates.changed(user.id);
    await this.audit.record({ actorId: user.id, actorRole: user.role, action: 'password_reset', resourceType: 'user', resourceId: user.id, success: true, ip: context.ip });
    return { message: AuthMessages.passwordReset };
  }

  /** The account a recovery request is about (activated and active), after checking the contact's format and limits. */
  private async findRecoverable(
    contact: string,
    method: 'sms' | 'email',
    [perContact, perIp]: [RateLimit, RateLimit],
    context: SessionContext,
  ): Promise<User | null> {
    let key: string;
    if (method === 'sms') {
      const phone = toGuineanMobile(contact);
      if (!phone) throw AuthErrors.invalidRecoveryPhone();
      key = phone;
    } else {
      if (!looksLikeEmail(contact)) throw AuthErrors.invalidEmail();
      key = contact.toLowerCase();
    }
    await this.limiter.hit([perContact, key], [perIp, context.ip ?? 'unknown']);
    const user = method === 'sms' ? await this.users.findByPhone(key) : await this.users.findByEmail(key);
    return isUsableAccount(user) ? user : null;
  }
}

function uniqueViolationTarget(error: unknown): string | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return undefined;
  return JSON.stringify(error.meta ?? {});
}
