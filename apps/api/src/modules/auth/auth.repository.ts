import { Injectable } from '@nestjs/common';
import type { RecoveryChannel, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { ACCOUNT, type AccountUser } from '../users/users.repository.js';

export interface NewClient {
  phone: string;
  passwordHash: string;
  fullName: string;
  email: string | null;
  referralCode: string;
  referredById: string | null;
  termsAcceptedAt: Date;
  activationTokenHash: string;
  activationExpiresAt: Date;
  ip: string;
}

export interface NewSession {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  ip?: string;
  userAgent?: string;
}

@Injectable()
export class AuthRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A client whose registration with this phone was never activated. */
  findPendingClient(tx: Tx, phone: string): Promise<User | null> {
    return tx.user.findFirst({ where: { phone, activatedAt: null, role: 'client' } });
  }

  /** Writes a client waiting for activation: over `pendingId`'s row when given, else as a new account. */
  saveClient(tx: Tx, data: NewClient, pendingId: string | null): Promise<User> {
    const fields = {
      passwordHash: data.passwordHash,
      fullName: data.fullName,
      email: data.email,
      referredById: data.referredById,
      acceptedTerms: true,
      termsAcceptedAt: data.termsAcceptedAt,
    };
    return pendingId
      ? tx.user.update({ where: { id: pendingId }, data: fields })
      : tx.user.create({ data: { ...fields, phone: data.phone, role: 'client', referralCode: data.referralCode } });
  }

  /** The user's only activation token and referral from now on: earlier ones die. */
  async replaceActivation(tx: Tx, userId: string, data: Pick<NewClient, 'activationTokenHash' | 'activationExpiresAt' | 'referredById'>): Promise<void> {
    await tx.activationToken.deleteMany({ where: { userId } });
    await tx.referral.deleteMany({ where: { referredId: userId } });
    await tx.activationToken.create({ data: { userId, tokenHash: data.activationTokenHash, expiresAt: data.activationExpiresAt } });
    if (data.referredById) await tx.referral.create({ data: { referrerId: data.referredById, referredId: userId } });
  }

  findActivationToken(tokenHash: string) {
    return this.prisma.client.activationToken.findUnique({ where: { tokenHash } });
  }

  /** Uses the token, if unused: of two concurrent activations with the same link, only one gets true. */
  async spendActivationToken(tx: Tx, tokenId: string, now: Date): Promise<boolean> {
    const used = await tx.activationToken.updateMany({ where: { id: tokenId, usedAt: null }, data: { usedAt: now } });
    return used.count > 0;
  }

  async markActivated(tx: Tx, userId: string, now: Date): Promise<void> {
    await tx.user.update({ where: { id: userId }, data: { activatedAt: now } });
  }

  createSession(session: NewSession) {
    return this.prisma.client.session.create({ data: session });
  }

  findSession(tokenHash: string) {
    return this.prisma.client.session.findUnique({ where: { tokenHash } });
  }

  /** Marks a refresh token as spent; false when it already was (a replay). */
  async rotateSession(sessionId: string, now: Date): Promise<boolean> {
    const rotated = await this.prisma.client.session.updateMany({
      where: { id: sessionId, rotatedAt: null, revokedAt: null },
      data: { rotatedAt: now },
    });
    return rotated.count === 1;
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.prisma.client.session.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  }

  /** Ends every session of the user (their refresh tokens are refused from now on). */
  async endSessions(tx: Tx, userId: string, now: Date): Promise<void> {
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  }

  /** A new password; the session version moves, so access tokens of the old one stop working. */
  setPassword(tx: Tx, userId: string, passwordHash: string): Promise<AccountUser> {
    return tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } }, include: ACCOUNT });
  }

  /** The user's unused reset codes die. */
  async retireResetCodes(tx: Tx, userId: string, now: Date): Promise<void> {
    await tx.passwordResetCode.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  }

  async createResetCode(tx: Tx, userId: string, channel: RecoveryChannel, codeHash: string, expiresAt: Date): Promise<void> {
    await tx.passwordResetCode.create({ data: { userId, channel, codeHash, expiresAt } });
  }

  findLiveResetCode(userId: string, now: Date) {
    return this.prisma.client.passwordResetCode.findFirst({
      where: { userId, usedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    });
  }

  /** Counts one try before comparing, atomically, so parallel guesses cannot exceed the limit. */
  async reserveResetAttempt(codeId: string, maxAttempts: number): Promise<boolean> {
    const reserved = await this.prisma.client.passwordResetCode.updateMany({
      where: { id: codeId, usedAt: null, attempts: { lt: maxAttempts } },
      data: { attempts: { increment: 1 } },
    });
    return reserved.count === 1;
  }

  /** Spends the code, if unused; false if it was spent meanwhile. */
  async spendResetCode(tx: Tx, codeId: string, now: Date): Promise<boolean> {
    const spent = await tx.passwordResetCode.updateMany({ where: { id: codeId, usedAt: null }, data: { usedAt: now } });
    return spent.count > 0;
  }
}
