import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEPLOY_LOCK, ENGINE_LOCK, check, deploy } from '../../scripts/lib/migrations.mjs';
import { TEST_DATABASE } from '../support/test-env.mjs';
import { waitUntil } from '../support/wait.js';

describe('migrations', () => {
  it('produce exactly the datamodel of prisma/schema.prisma', async () => {
    const result = await check(TEST_DATABASE.url);
    // When this fails, run `npm run db:migration:new -- <name>` and commit the new migration.
    expect(result.ok ? '' : result.sql).toBe('');
  });

  it('wait behind another deploy of the same database for as long as it lasts, not the engine’s 10 s', async () => {
    const schema = `t_${randomBytes(5).toString('hex')}`;
    const holder = new pg.Client({ connectionString: TEST_DATABASE.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [DEPLOY_LOCK]); // the deploy queue, as another deploy holds it
      let done = false;
      const deploying = deploy(`${TEST_DATABASE.url}?schema=${schema}`).finally(() => (done = true));
      // The deploy queues behind the holder: its request for the deploy lock shows in pg_locks, not granted.
      await waitUntil('the deploy to queue for the deploy lock', async () =>
        Boolean((await holder.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted", [DEPLOY_LOCK])).rowCount),
      );
      const engineLock = await holder.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1", [ENGINE_LOCK]);
      expect({ done, engineLockHolders: engineLock.rowCount }).toEqual({ done: false, engineLockHolders: 0 });

      await holder.query('SELECT pg_advisory_unlock($1)', [DEPLOY_LOCK]);
      expect((await deploying).length).toBeGreaterThan(0);
      const { rows } = await holder.query(`SELECT count(*)::int AS n FROM "${schema}"._prisma_migrations WHERE finished_at IS NOT NULL`);
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await holder.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await holder.end();
    }
  });
});
