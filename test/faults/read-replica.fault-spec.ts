import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { newPhone, signedIn } from '../support/accounts.js';
import { waitUntil } from '../support/wait.js';
import { startCoursa, type Coursa } from './support/coursa.js';
import { recordFigures, timed } from './support/figures.js';
import { query, startPrivatePostgres, startPrivateRedis, startPrivateStandby, type PrivatePostgres, type PrivateRedis } from './support/services.js';

// The read replica (issue 41): a hot standby streaming from the primary (`pg_basebackup -R` into a second data
// directory, on another port), given to Coursa as DATABASE_REPLICA_URL. The standby's replay is paused: a course
// ordered then is written and read back on the primary at once, while the dashboard, the analytics and the audit
// statistics — read on the replica — do not see it until the replay resumes. A lost replica: the figures come from
// the primary.
let primary: PrivatePostgres;
let standby: PrivatePostgres;
let redis: PrivateRedis;
let coursa: Coursa;

beforeAll(async () => {
  [primary, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  standby = await startPrivateStandby(primary);
  coursa = await startCoursa(primary, redis, { DATABASE_REPLICA_URL: standby.url });
}, 120_000);

afterAll(async () => {
  await coursa?.close();
  await Promise.all([primary?.stop(), standby?.stop(), redis?.stop()]);
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

/** Waits until the standby has replayed everything the primary has written so far. */
async function replayed() {
  const [{ lsn }] = await query<{ lsn: string }>(primary.url, 'SELECT pg_current_wal_lsn()::text AS lsn');
  await waitUntil('the standby to replay the primary', async () => {
    const [row] = await query<{ done: boolean }>(standby.url, 'SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), $1::pg_lsn) >= 0 AS done', [lsn]);
    return row!.done;
  });
}

it('reads the figures on the replica, and writes and reads a course on the primary', async () => {
  const staff = await signedIn(coursa, 'super_admin');
  const client = await signedIn(coursa);
  const figures = async () => {
    const [dashboard, analytics, audit] = await Promise.all([
      coursa.request('GET', '/api/dashboard/stats', undefined, { token: staff.token }),
      coursa.request('GET', '/api/admin/analytics?period=24h', undefined, { token: staff.token }),
      coursa.request('GET', '/api/super-admin/audit-stats', undefined, { token: staff.token }),
    ]);
    for (const answer of [dashboard, analytics, audit]) expect(answer.status).toBe(200);
    return { dashboard: dashboard.body.total_courses as number, analytics: analytics.body.total_courses as number, audit: (audit.body.actions_by_type.course_created ?? 0) as number };
  };

  await replayed();
  const [{ users }] = await query<{ users: number }>(primary.url, 'SELECT count(*)::int AS users FROM users');
  expect((await coursa.request('GET', '/api/dashboard/stats', undefined, { token: staff.token })).body).toMatchObject({ total_users: users, total_courses: 0 });
  expect(await figures()).toEqual({ dashboard: 0, analytics: 0, audit: 0 });

  // The replica stops where it is.
  await query(standby.url, 'SELECT pg_wal_replay_pause()');
  await waitUntil('the replay to pause', async () => (await query(standby.url, 'SELECT pg_get_wal_replay_pause_state() AS state'))[0].state === 'paused');

  // A write and the course's own reads are on the primary: at once.
  const ordered = await coursa.request(
    'POST',
    '/api/courses',
    { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' },
    { token: client.token },
  );
  expect(ordered.status).toBe(201);
  const read = await coursa.request('GET', `/api/courses/${ordered.body.id}`, undefined, { token: client.token });
  expect(read).toMatchObject({ status: 200, body: { id: ordered.body.id, status: 'pending' } });
  const pending = "SELECT coalesce(sum(count), 0)::int AS count FROM course_status_counts WHERE status = 'pending'";
  expect(await query(primary.url, pending)).toEqual([{ count: 1 }]);
  expect(await query(standby.url, pending)).toEqual([{ count: 0 }]);

  // The figures are read on the replica: they do not have the course yet.
  expect(await figures()).toEqual({ dashboard: 0, analytics: 0, audit: 0 });
  // /metrics says how far behind the replica is (scraped from the machine itself: no token needed).
  const scraped = await (await fetch(`${coursa.baseUrl}/metrics`)).text();
  const lagWhilePaused = Number(/^coursa_replica_lag_seconds (\S+)$/m.exec(scraped)?.[1]);
  expect(lagWhilePaused).toBeGreaterThan(0);
  const [{ lag_bytes: lagBytes }] = await query<{ lag_bytes: number }>(
    primary.url,
    'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::int AS lag_bytes FROM pg_stat_replication',
  );
  expect(lagBytes).toBeGreaterThan(0);

  // Replay resumed: the figures catch up.
  await query(standby.url, 'SELECT pg_wal_replay_resume()');
  const caughtUp = await timed(() => waitUntil('the figures to see the course', async () => (await figures()).dashboard === 1, 30_000, 20));
  expect(await figures()).toEqual({ dashboard: 1, analytics: 1, audit: 1 });
  const [{ replay_lag_ms: replayLagMs }] = await query<{ replay_lag_ms: number | null }>(
    primary.url,
    'SELECT (extract(epoch FROM replay_lag) * 1000)::int AS replay_lag_ms FROM pg_stat_replication',
  );

  // The replica lost: the figures are read on the primary, the staff still get them.
  await standby.crash();
  const fallback = await timed(() => figures());
  expect(fallback.value).toEqual({ dashboard: 1, analytics: 1, audit: 1 });

  recordFigures('read-replica', {
    wal_bytes_behind_while_paused: lagBytes,
    figures_caught_up_after_resume_ms: caughtUp.ms,
    replica_lag_metric_while_paused_s: lagWhilePaused,
    replay_lag_after_resume_ms: replayLagMs,
    figures_with_replica_down_ms: fallback.ms,
  });
}, 180_000);
