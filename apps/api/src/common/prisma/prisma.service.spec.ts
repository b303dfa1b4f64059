import { afterEach, describe, expect, it } from '@jest/globals';
import { TEST_DATABASE } from '../../../../../test/support/test-env.mjs';
import { createAccount } from '../../../../../test/support/accounts.js';
import { insertCourse } from '../../../../../test/support/courses.js';
import { createTestSchema } from '../../../../../test/support/database.js';
import { loadConfig } from '../config/config.js';
import { Prisma } from '../../generated/prisma/client.js';
import { COURSE_COLUMNS } from './columns.js';
import { toErrorAnswer } from '../errors/error-response.js';
import { PrismaService, TransactionUnavailable } from './prisma.service.js';

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

describe('PrismaService.read (the hot reads, issue 42)', () => {
  it('answers as $queryRaw does: a timestamp in UTC, an int8 as a BigInt, a date at midnight UTC, JSON parsed', async () => {
    const prisma = service({});
    const query = Prisma.sql`
      SELECT ${new Date('2026-11-28T06:30:00.123Z')}::timestamp(3) AS at, 9007199254740993::int8 AS big, '2026-11-28'::date AS day,
        '{"a":[1]}'::jsonb AS doc, 12::int AS n, 1.5::float8 AS f, 'x' AS t, NULL::text AS nothing`;
    const [hot] = await prisma.read<Record<string, unknown>>(query);
    const [raw] = await prisma.client.$queryRaw<Record<string, unknown>[]>(query);
    expect(hot).toEqual(raw);
    expect(hot).toEqual({ at: new Date('2026-11-28T06:30:00.123Z'), big: 9007199254740993n, day: new Date('2026-11-28T00:00:00Z'), doc: { a: [1] }, n: 12, f: 1.5, t: 'x', nothing: null });
  });

  it('prepares each statement once per connection, apart from the names Prisma gives its own', async () => {
    const prisma = service({});
    const first = Prisma.sql`SELECT ${1}::int AS one`;
    await prisma.read(first);
    await prisma.client.$queryRaw`SELECT ${2}::int AS two`;
    await prisma.read(Prisma.sql`SELECT ${3}::int AS one`);
    const [{ names }] = await prisma.read<{ names: string[] }>(Prisma.sql`SELECT array_agg(name ORDER BY name) AS names FROM pg_prepared_statements`);
    // One connection answered all three here (the pool keeps it): the hot read's name, then Prisma's.
    expect(names.filter((name) => name.startsWith('coursa_read_'))).toContain('coursa_read_0');
  });

  it('reads a course as findUnique does, every column of the model', async () => {
    const schema = await createTestSchema();
    const prisma = service({ DATABASE_URL: schema.url });
    try {
      const client = await createAccount({ db: prisma.client }, 'client');
      const { id } = await insertCourse({ db: prisma.client }, { clientId: client.user.id, route: { points: [[9.5, -13.7]] }, otpGeneratedAt: new Date() });
      const [hot] = await prisma.read<Record<string, unknown>>(Prisma.sql`SELECT ${COURSE_COLUMNS} FROM courses c WHERE c.id = ${id}::uuid`);
      expect(hot).toEqual(await prisma.client.course.findUnique({ where: { id } }));
    } finally {
      await schema.drop();
    }
  });
});

describe('PrismaService.transaction (a transaction on pg, issue 42)', () => {
  const table = (name: string) => Prisma.raw(`tx_probe_${name}`);

  it('commits the work whole, its rows parsed as $queryRaw parses them, in a template or a Prisma.sql', async () => {
    const prisma = service({});
    const name = table(`commit_${process.pid}`);
    await prisma.client.$executeRaw(Prisma.sql`DROP TABLE IF EXISTS ${name}`);
    await prisma.client.$executeRaw(Prisma.sql`CREATE TABLE ${name} (n int, at timestamp(3))`);
    try {
      const at = new Date('2026-11-28T06:30:00.123Z');
      const answer = await prisma.transaction(async (tx) => {
        const written = await tx.$executeRaw`INSERT INTO ${name} (n, at) VALUES (${1}, ${at}), (${2}, ${at})`;
        const rows = await tx.$queryRaw<{ n: number; at: Date }[]>(Prisma.sql`SELECT n, at FROM ${name} ORDER BY n`);
        return { written, rows };
      });
      expect(answer).toEqual({ written: 2, rows: [{ n: 1, at }, { n: 2, at }] });
      expect(await prisma.client.$queryRaw(Prisma.sql`SELECT n, at FROM ${name} ORDER BY n`)).toEqual(answer.rows);
    } finally {
      await prisma.client.$executeRaw(Prisma.sql`DROP TABLE IF EXISTS ${name}`);
    }
  });

  it('rolls everything back when the work throws, and gives its connection back', async () => {
    const prisma = service({});
    const name = table(`rollback_${process.pid}`);
    await prisma.client.$executeRaw(Prisma.sql`DROP TABLE IF EXISTS ${name}`);
    await prisma.client.$executeRaw(Prisma.sql`CREATE TABLE ${name} (n int UNIQUE)`);
    try {
      await expect(
        prisma.transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO ${name} (n) VALUES (1)`;
          await tx.$executeRaw`INSERT INTO ${name} (n) VALUES (1)`;
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await prisma.client.$queryRaw(Prisma.sql`SELECT count(*)::int AS n FROM ${name}`)).toEqual([{ n: 0 }]);
      // Ten more than the pool holds, one after the other: no connection was kept by the failed one.
      for (let i = 0; i < 12; i++) await prisma.transaction((tx) => tx.$queryRaw`SELECT 1`);
    } finally {
      await prisma.client.$executeRaw(Prisma.sql`DROP TABLE IF EXISTS ${name}`);
    }
  });

  it('refuses work past its timeout and a connection not free in time, as a database too busy (503)', async () => {
    const prisma = service({});
    const late = prisma.transaction(async (tx) => {
      await tx.$queryRaw`SELECT pg_sleep(0.2)`;
      return tx.$queryRaw`SELECT 1`;
    }, { timeout: 100 });
    await expect(late).rejects.toBeInstanceOf(TransactionUnavailable);
    await expect(late.catch(toErrorAnswer)).resolves.toMatchObject({ status: 503, headers: { 'retry-after': '5' } });

    // Every connection of the pool held: the next transaction waits maxWait, then gives up, and its connection, once one
    // comes free, goes back to the pool.
    // Each holder's work starts once its connection is open and BEGIN sent: the check waits for all ten (a loaded
    // machine may take seconds to open them), which are let go together afterwards.
    const release: (() => void)[] = [];
    const started: Promise<void>[] = [];
    const holding = Array.from({ length: 10 }, () => {
      let begun!: () => void;
      started.push(new Promise<void>((resolve) => (begun = resolve)));
      const work = () => new Promise<void>((done) => (release.push(done), begun()));
      // A holder that could not start at all fails the test, rather than leaving it waiting for the ten.
      return prisma.transaction(work, { timeout: 60_000, maxWait: 60_000 }).catch((error: unknown) => {
        begun();
        throw error;
      });
    });
    await Promise.all(started);
    await expect(prisma.transaction((tx) => tx.$queryRaw`SELECT 1`, { maxWait: 50 })).rejects.toBeInstanceOf(TransactionUnavailable);
    release.forEach((done) => done());
    await Promise.all(holding);
    await expect(prisma.transaction((tx) => tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
  });

  it('hears its connection lost between two statements: the next one fails as the database away (503), the process lives on', async () => {
    const prisma = service({});
    const answer = prisma.transaction(async (tx) => {
      const [{ pid }] = await tx.$queryRaw<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`;
      // Ended from another connection while this one waits between statements, as a PostgreSQL restart ends it.
      await prisma.client.$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return tx.$queryRaw`SELECT 1`;
    });
    await expect(answer.catch(toErrorAnswer)).resolves.toMatchObject({ status: 503 });
    // The lost connection was closed, not given back: the next transactions get working ones.
    for (let i = 0; i < 12; i++) await expect(prisma.transaction((tx) => tx.$queryRaw`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
  });

  it('runs at the isolation level asked', async () => {
    const prisma = service({});
    const [{ level }] = await prisma.transaction((tx) => tx.$queryRaw<[{ level: string }]>`SELECT current_setting('transaction_isolation') AS level`, { isolationLevel: 'Serializable' });
    expect(level).toBe('serializable');
  });
});
