import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount } from '../../../../../test/support/accounts.js';
import { createTestPrisma } from '../../../../../test/support/database.js';
import type { PrismaService } from '../../common/prisma/prisma.service.js';
import { UsersRepository } from './users.repository.js';

/** The session check's read, moved off Prisma's query path (issue 42): it must answer what Prisma answered. */
describe('UsersRepository.findAuthState', () => {
  let closeDatabase: () => Promise<void>;
  let prisma: PrismaService;
  let users: UsersRepository;

  beforeAll(async () => {
    ({ prisma, close: closeDatabase } = await createTestPrisma());
    users = new UsersRepository(prisma);
  });

  afterAll(async () => {
    await closeDatabase();
  });

  const select = { id: true, role: true, fullName: true, isActive: true, activatedAt: true, anonymizedAt: true, sessionVersion: true } as const;

  it('answers the fields the guard checks as findUnique does, dates and role included', async () => {
    const { user } = await createAccount({ db: prisma.client }, 'independent_delivery');
    await prisma.client.user.update({ where: { id: user.id }, data: { anonymizedAt: new Date('2026-11-28T06:30:00.123Z'), sessionVersion: 3, isActive: false } });
    const state = await users.findAuthState(user.id);
    expect(state).toEqual(await prisma.client.user.findUnique({ where: { id: user.id }, select }));
    expect(state).toMatchObject({ role: 'independent_delivery', sessionVersion: 3, isActive: false, anonymizedAt: new Date('2026-11-28T06:30:00.123Z') });
    // The sweep's read of many shares its columns.
    expect(await users.findAuthStates([user.id])).toEqual([state]);
  });

  it('answers null for an account that does not exist', async () => {
    expect(await users.findAuthState('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
