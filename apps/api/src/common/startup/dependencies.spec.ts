import { describe, expect, it } from '@jest/globals';
import { checkDependencies } from './dependencies.js';

const RUNNING = { DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:5432/postgres', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };

describe('checkDependencies', () => {
  it('is happy when PostgreSQL and Redis answer', async () => {
    expect(await checkDependencies(RUNNING)).toBeNull();
  });

  it('names the PostgreSQL URL tried (without its password) and how to start it, in one line', async () => {
    const problem = await checkDependencies({ ...RUNNING, DATABASE_URL: 'postgresql://postgres:hunter2@127.0.0.1:1/coursa' });
    expect(problem).toMatch(/^PostgreSQL injoignable à postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/coursa/);
    expect(problem).toContain('pg_ctlcluster');
    expect(problem).not.toContain('hunter2');
    expect(problem).not.toContain('\n');
  });

  it('names the Redis URL tried and how to start it, in one line', async () => {
    const problem = await checkDependencies({ ...RUNNING, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(problem).toMatch(/^Redis injoignable à redis:\/\/127\.0\.0\.1:1/);
    expect(problem).toContain('redis-server');
    expect(problem).not.toContain('\n');
  });

  it('names a cluster or a Sentinel set that does not answer, without its password', async () => {
    const cluster = await checkDependencies({ ...RUNNING, REDIS_URL: 'redis+cluster://:hunter2@127.0.0.1:1,127.0.0.1:2' });
    expect(cluster).toMatch(/^Redis injoignable à redis\+cluster:\/\/:\*\*\*@127\.0\.0\.1:1,127\.0\.0\.1:2 \(/);
    expect(cluster).not.toContain('hunter2');
    const sentinel = await checkDependencies({ ...RUNNING, REDIS_URL: 'redis+sentinel://127.0.0.1:1/coursa' });
    expect(sentinel).toMatch(/^Redis injoignable à redis\+sentinel:\/\/127\.0\.0\.1:1\/coursa \(/);
    for (const problem of [cluster, sentinel]) expect(problem).not.toContain('\n');
  });
});
