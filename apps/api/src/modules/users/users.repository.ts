import { Injectable } from '@nestjs/common';
import { Prisma, type User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/** What the auth guard needs to know on every request. */
export type AuthState = Pick<
  User,
  'id' | 'role' | 'fullName' | 'isActive' | 'activatedAt' | 'anonymizedAt' | 'sessionVersion'
>;

const AUTH_STATE_COLUMNS = Prisma.sql`id, role, full_name AS "fullName", is_active AS "isActive", activated_at AS "activatedAt",
  anonymized_at AS "anonymizedAt", session_version AS "sessionVersion"`;

/** What an account's own view needs beside its row (toUserDto): whether it is a merchant (issue 40), one relation read. */
export const ACCOUNT = { merchant: { select: { userId: true } } } as const satisfies Prisma.UserInclude;
export type AccountUser = Prisma.UserGetPayload<{ include: typeof ACCOUNT }>;

@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  findById(id: string): Promise<AccountUser | null> {
    return this.prisma.client.user.findUnique({ where: { id }, include: ACCOUNT });
  }

  findByPhone(phone: string): Promise<AccountUser | null> {
    return this.prisma.client.user.findUnique({ where: { phone }, include: ACCOUNT });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.prisma.client.user.findUnique({ where: { email } });
  }

  findByReferralCode(referralCode: string): Promise<User | null> {
    return this.prisma.client.user.findUnique({ where: { referralCode } });
  }

  /**
   * Every request's session check reads it, once per account every few seconds (AuthStates): a hot read, through `pg`
   * (docs/conventions.md, « The hottest paths leave Prisma's query path »).
   */
  async findAuthState(id: string): Promise<AuthState | null> {
    const [state] = await this.prisma.read<AuthState>(Prisma.sql`SELECT ${AUTH_STATE_COLUMNS} FROM users WHERE id = ${id}::uuid`);
    return state ?? null;
  }

  /** Many users' states in one query (one array parameter rather than an IN list): the socket sweep asks for every connected user. */
  findAuthStates(ids: string[]): Promise<AuthState[]> {
    return this.prisma.client.$queryRaw<AuthState[]>`SELECT ${AUTH_STATE_COLUMNS} FROM users WHERE id = ANY(${ids}::uuid[])`;
  }
}
