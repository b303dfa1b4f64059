import { Injectable } from '@nestjs/common';
import type { StaffPasswordResetResponse } from '@coursa/contracts';
import { mayManageAccount } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { RateLimiterService, type RateLimit } from '../../../common/rate-limit/rate-limiter.service.js';
import { Clock, PasswordHasher, RandomSource } from '../../../common/security/secrets.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { temporaryPasswordSms } from '../../notifications/sms-texts.js';
import { AuthStates } from '../../users/auth-states.js';
import { AdminErrors } from '../admin.errors.js';
import { AdminUsersRepository } from '../admin-users.repository.js';

const FIFTEEN_MINUTES = 15 * 60;
/** A staff member resets a few passwords an hour at most; one account gets few temporary passwords in a row. */
export const STAFF_RESET_LIMITS = {
  perStaff: { name: 'staff-reset:actor', max: 10, windowSeconds: FIFTEEN_MINUTES },
  perAccount: { name: 'staff-reset:account', max: 3, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimit>;

/** 9 random bytes: 12 base64url characters to type from the SMS (72 bits). */
const TEMPORARY_PASSWORD_BYTES = 9;

/**
 * Staff reset a user's password (issue 38): a temporary one replaces it and goes to the user's phone by SMS (the outbox,
 * in the same transaction: no password set without its SMS), every session of the user ends (refresh tokens revoked,
 * session version moved, so access tokens and sockets stop), and the user changes it in their profile once signed in.
 * Never one's own (the profile's change of password is for that), never an account of a role above one's own.
 */
@Injectable()
export class ResetUserPasswordUseCase {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditRepository,
    private readonly authStates: AuthStates,
    private readonly limiter: RateLimiterService,
    private readonly passwords: PasswordHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  async execute(staff: AuthUser, id: string, ip?: string): Promise<StaffPasswordResetResponse> {
    const target = await this.users.findTarget(id);
    if (!target) throw AdminErrors.userNotFound();
    if (target.id === staff.id) throw AdminErrors.cannotResetOwnPassword();
    if (!mayManageAccount(staff.role, target.role)) throw AdminErrors.roleAbove(target.role);
    await this.limiter.hit([STAFF_RESET_LIMITS.perStaff, staff.id], [STAFF_RESET_LIMITS.perAccount, target.id]);

    const password = this.random.token(TEMPORARY_PASSWORD_BYTES);
    const passwordHash = await this.passwords.hash(password);
    const phone = await this.uow.run(async (tx) => {
      // Null when the account changed (role, deleted) since staff saw it.
      const phone = await this.users.setPasswordIfUnchanged(tx, target, passwordHash);
      if (phone === null) return null;
      await this.users.endSessions(tx, target.id, this.clock.now());
      await this.outbox.add(tx, { type: 'sms', aggregateType: 'user', aggregateId: target.id, payload: { to: phone, kind: 'temporary_password', text: temporaryPasswordSms({ password }) } });
      await this.audit.record(
        { actorId: staff.id, actorRole: staff.role, action: 'password_reset_by_staff', resourceType: 'user', resourceId: target.id, success: true, ip, details: { sent_to: phone } },
        tx,
      );
      return phone;
    });
    if (phone === null) throw AdminErrors.userChanged();
    await this.authStates.changed(target.id);
    return { message: `Mot de passe temporaire envoyé par SMS au ${phone}. L'utilisateur le changera dans Mon Profil.`, sent_to: phone };
  }
}
