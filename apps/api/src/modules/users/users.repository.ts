import { Injectable } from '@nestjs/common';
import type { User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/** What the auth guard needs to know on every request. */
export type AuthState = Pick<
  User,
  'id' | 'role' | 'fullName' | 'isActive' | 'activatedAt' | 'anonymizedAt' | 'sessionVersion'
>;

@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  findById(id: string): Promise<User | null> {
    return this.prisma.client.user.findUnique({ where: { id } });
  }

  findByPhone(phone: string): Promise<User | null> {
    return this.prisma.client.user.findUnique({ where: { phone } });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.prisma.client.user.findUnique({ where: { email } });
  }

  findByReferralCode(referralCode: string): Promise<User | null> {
    return this.prisma.client.user.findUnique({ where: { referralCode } });
  }

  findAuthState(id: string): Promise<AuthState | null> {
    return this.prisma.client.user.findUnique({
      where: { id },
      select: {
        id: true,
        role: true,
        fullName: true,
        isActive: true,
        activatedAt: true,
        anonymizedAt: true,
        sessionVersion: true,
      },
    });
  }

  /** Many users' states in one query (one array parameter rather than an IN list): the socket sweep asks for every connected user. */
  findAuthStates(ids: string[]): Promise<AuthState[]> {
    return this.prisma.client.$queryRaw<AuthState[]>`
      SELECT id, role, full_name AS "fullName", is_active AS "isActive", activated_at AS "activatedAt",
             anonymized_at AS "anonymizedAt", session_version AS "sessionVersion"
      FROM users WHERE id = ANY(${ids}::uuid[])`;
  }
}
