import { afterEach, describe, expect, it } from '@jest/globals';
import { TEST_DATABASE } from '../../../../../test/support/test-env.mjs';
import { loadConfig } from '../config/config.js';
import { PrismaService } from './prisma.service.js';

/** Where figures are read (issue 41): the replica when DATABASE_REPLICA_URL is set, else the primary. */
const services: PrismaService[] = [];
const service = (env: Record<string, string>) => {
  const prisma = new PrismaService(loadConfig({ DATABASE_URL: TEST_DATABASE.url, ...env }));
  services.push(prisma);
  return prisma;
};
/** Nothing listens on port 1. */
const UNREACHABLE = TEST_DATABASE.url.replace(/@[^/]+\//, '@127.0.0.1:1/');

afterEach(async () => {
  await Promise.all(services.splice(0).map((prisma) => prisma.onModuleDestroy()));
});

describe('PrismaService.figures', () => {
  it('reads on the primary without a replica', async () => {
    const prisma = service({});
    expect(prisma.hasReplica).toBe(false);
    const used = await prisma.figures(async (db) => db);
    expect(used).toBe(prisma.client);
  });

  it('reads on the replica client when DATABASE_REPLICA_URL is set, never through the primary one', async () => {
    // The same server stands in for the replica: what matters is which client (and pool) the read goes through.
    const prisma = service({ DATABASE_REPLICA_URL: TEST_DATABASE.url });
    expect(prisma.hasReplica).toBe(true);
    const answer = await prisma.figures(async (db) => ({ db, rows: await db.$queryRaw<{ one: number }[]>`SELECT 1 AS one` }));
    expect(answer.db).not.toBe(prisma.client);
    expect(answer.rows).toEqual([{ one: 1 }]);
  });

  it('falls back on the primary when the replica cannot be reached, for a while, and only then', async () => {
    const prisma = service({ DATABASE_REPLICA_URL: UNREACHABLE });
    const tried: boolean[] = [];
    const rows = await prisma.figures(async (db) => {
      tried.push(db === prisma.client);
      return db.$queryRaw<{ one: number }[]>`SELECT 1 AS one`;
    });
    expect(tried).toEqual([false, true]);
    expect(rows).toEqual([{ one: 1 }]);
    // For a while, the figures go straight to the primary rather than waiting for the lost replica each time.
    tried.length = 0;
    await prisma.figures(async (db) => tried.push(db === prisma.client));
    expect(tried).toEqual([true]);

    // A query's own error is not a lost replica: it is not run again on the primary.
    const working = service({ DATABASE_REPLICA_URL: TEST_DATABASE.url });
    let runs = 0;
    await expect(
      working.figures((db) => {
        runs += 1;
        return db.$queryRaw`SELECT 1 / 0`;
      }),
    ).rejects.toThrow(/division by zero/);
    expect(runs).toBe(1);
  });
});
