import pg from 'pg';
import { redactUrl, type AppConfig } from '../config/config.js';
import { mastersOf, redisConnection } from '../redis/redis-connection.js';

const TIMEOUT_MS = 3000;

/** Why the process cannot start, in one line naming the URL tried and how to start the service; null when all is well. */
export async function checkDependencies(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>): Promise<string | null> {
  return (await checkPostgres(config.DATABASE_URL)) ?? (await checkRedis(config.REDIS_URL));
}

async function checkPostgres(databaseUrl: string): Promise<string | null> {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    const reason = (error as Error).message || (error as { code?: string }).code || 'connexion refusée';
    return (
      `PostgreSQL injoignable à ${redactUrl(databaseUrl)} (${reason}). ` +
      'Démarrez-le : `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` ou `docker compose up -d postgres`, ' +
      'puis `npm run db:migrate`.'
    );
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(redisUrl: string): Promise<string | null> {
  const redis = redisConnection(redisUrl, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    sentinelRetryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    // Every master of a cluster keeps a share of the queues.
    for (const node of mastersOf(redis)) {
      const [, policy] = (await node.config('GET', 'maxmemory-policy').catch(() => [])) as string[];
      if (policy && policy !== 'noeviction') {
        return (
          `Redis à ${redactUrl(redisUrl)} utilise maxmemory-policy ${policy} : les files de travaux perdraient des données. ` +
          'Configurez `maxmemory-policy noeviction`.'
        );
      }
    }
    return null;
  } catch (error) {
    return (
      `Redis injoignable à ${redactUrl(redisUrl)} (${(error as Error).message}). ` +
      'Démarrez-le : `redis-server --daemonize yes --port 6379` ou `docker compose up -d redis`.'
    );
  } finally {
    redis.disconnect();
  }
}
