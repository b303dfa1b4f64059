import { Injectable } from '@nestjs/common';
import type { RecoveryChannel, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';

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
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Creates a client waiting for activation, with its activation token and referral, in one transaction.
   * A phone whose earlier registration was never activated is taken over: its old links die.
   */
  registerClient(data: NewClient): Promise<User> {
    return this.prisma.client.$transaction(async (tx) => {
      const fields = {
        passwordHash: data.passwordHash,
        fullName: data.fullName,
        email: data.email,
        referredById: data.referredById,
        acceptedTerms: true,
        termsAcceptedAt: data.termsAcceptedAt,
      };
      const pending = await tx.user.findFirst({ where: { phone: data.phone, activatedAt: null, role: 'client' } });
      const user = pending
        ? await tx.user.update({ where: { id: pending.id }, data: fields })
        : await tx.user.create({ data: { ...fields, phone: data.phone, role: 'client', referralCode: data.referralCode } });
      await tx.activationToken.deleteMany({ where: { userId: user.id } });
      await tx.referral.deleteMany({ where: { referredId: user.id } });
      await tx.activationToken.create({
        data: { userId: user.id, tokenHash: data.activationTokenHash, expiresAt: data.activationExpiresAt },
      });
      if (data.referredById) {
        await tx.referral.create({ data: { referrerId: data.referredById, referredId: user.id } });
      }
      await this.audit.record(
        { actorId: user.id, actorRole: 'client', action: 'user_created', resourceType: 'user', resourceId: user.id, success: true, ip: data.ip },
        tx,
      );
      return user;
    });
  }

  findActivationToken(tokenHash: string) {
    return this.prisma.client.activationToken.findUnique({ where: { tokenHash } });
  }

  /** Uses the token once: of two concurrent activations with the same link, only one succeeds. */
  activate(tokenId: string, userId: string, now: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const used = await tx.activationToken.updateMany({ where: { id: tokenId, usedAt: null }, data: { usedAt: now } });
      if (used.count === 0) return false;
      await tx.user.update({ where: { id: userId }, data: { activatedAt: now } });
      return true;
    });
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

  /** New password: every session ends and access tokens of the old session version stop working. */
  async replacePassword(userId: string, passwordHash: string, now: Date): Promise<User> {
    return this.prisma.client.$transaction(async (tx) => {
      await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
      return tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    });
  }

  /** A new reset code; the user's earlier unused codes die with it. */
  async createResetCode(userId: string, channel: RecoveryChannel, codeHash: string, expiresAt: Date, now: Date) {
    await this.prisma.client.$transaction([
      this.prisma.client.passwordResetCode.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
      this.prisma.client.passwordResetCode.create({ data: { userId, channel, codeHash, expiresAt } }),
    ]);
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

  /** Spends the code and sets the new password in one transaction; false if the code was spent meanwhile. */
  resetPassword(codeId: string, userId: string, passwordHash: string, now: Date): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const spent = await tx.passwordResetCode.updateMany({ where: { id: codeId, usedAt: null }, data: { usedAt: now } });
      if (spent.count === 0) return false;
      await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
      await tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
      return true;
    });
  }
}
