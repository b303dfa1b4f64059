import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/common/config/config.js';
import { PrismaService } from '../../apps/api/src/common/prisma/prisma.service.js';
import { deploy } from '../../scripts/lib/migrations.mjs';
import { TEST_DATABASE } from './test-env.mjs';

/** A fresh, migrated PostgreSQL schema for one test suite, so suites never see each other's rows. */
export async function createTestSchema(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(5).toString('hex')}`;
  const url = `${TEST_DATABASE.url}?schema=${name}`;
  await deploy(url);
  return {
    name,
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE.url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await client.end();
    },
  };
}

/**
 * A PrismaService on a fresh schema of its own (createTestSchema), for a repository's spec on the real database;
 * `close` ends its pool and drops the schema.
 */
export async function createTestPrisma(): Promise<{ prisma: PrismaService; close: () => Promise<void> }> {
  const schema = await createTestSchema();
  const prisma = new PrismaService(loadConfig({ DATABASE_URL: schema.url }));
  return {
    prisma,
    close: async () => {
      await prisma.onModuleDestroy();
      await schema.drop();
    },
  };
}
