import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { listBaseBackups } from '../../scripts/lib/backups.mjs';
import { deploy } from '../../scripts/lib/migrations.mjs';
import { createAccount, newPhone, signedIn } from '../support/accounts.js';
import { sleep, waitUntil } from '../support/wait.js';
import { startCoursa, type Coursa } from './support/coursa.js';
import { recordFigures, timed } from './support/figures.js';
import {
  ownedByPostgres,
  privateDir,
  query,
  startPostgresOn,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './support/services.js';

// Backup and point-in-time restore (issue 41), as an operator does it (README « Backups and restore »): a primary
// archiving its WAL into BACKUP_DIR/wal, Coursa writing courses (each with its payment) and ledger entries on it;
// `npm run backup` takes a base backup; more writes; a moment T is noted; more writes after T. Then the primary is
// lost, `npm run restore -- --target-time T --to <new data dir>` lays out a fresh cluster, PostgreSQL replays the
// archive up to T and opens, and Coursa starts on it: every course, payment and ledger entry made before T is there,
// none made after.
let primary: PrivatePostgres;
let restored: PrivatePostgres | undefined;
let redis: PrivateRedis;
let coursa: Coursa;
let primaryLost = false;
let after: Coursa | undefined;
let backupDir: string;
let restoreDir: string | undefined;
let latest: PrivatePostgres | undefined;
let latestDir: string | undefined;
let walDir: string;

const run = promisify(execFile);

beforeAll(async () => {
  backupDir = privateDir('coursa-faults-backups-');
  walDir = path.join(backupDir, 'wal');
  mkdirSync(walDir);
  ownedByPostgres(walDir);
  [primary, redis] = await Promise.all([
    // The archive as the README configures it: each finished WAL segment copied once into BACKUP_DIR/wal.
    startPrivatePostgres({ archive_mode: 'on', archive_command: `test ! -f ${walDir}/%f && cp %p ${walDir}/%f` }),
    startPrivateRedis(),
  ]);
  coursa = await startCoursa(primary, redis);
}, 120_000);

afterAll(async () => {
  await after?.close();
  if (!primaryLost) await coursa?.close();
  await Promise.all([primary?.stop(), restored?.stop(), latest?.stop(), redis?.stop()]);
  for (const dir of [backupDir, restoreDir, latestDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const PER_PHASE = 4;

/** Waits until the WAL segment now being written is archived (after a switch to the next one). */
async function archiveCurrentWal() {
  const [{ segment }] = await query<{ segment: string }>(primary.url, 'SELECT pg_walfile_name(pg_switch_wal()) AS segment');
  await waitUntil(`WAL segment ${segment} to be archived`, () => existsSync(path.join(walDir, segment)), 30_000, 50);
}

it('restores to a moment: every course, payment and ledger entry before it, none after, and Coursa starts on it', async () => {
  const client = await signedIn(coursa);
  const admin = await signedIn(coursa, 'admin');
  const courier = (await createAccount(coursa, 'independent_delivery')).user;
  const made = { courses: new Map<string, string[]>(), ledger: new Map<string, string[]>() };

  /** Courses ordered through the API (each with its payment: cash on delivery) and ledger entries made by an admin. */
  const writes = async (phase: string) => {
    const courses: string[] = [];
    const reasons: string[] = [];
    for (let index = 0; index < PER_PHASE; index += 1) {
      const ordered = await coursa.request(
        'POST',
        '/api/courses',
        { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: newPhone(), payment_method: 'cash_on_delivery' },
        { token: client.token },
      );
      expect(ordered.status).toBe(201);
      courses.push(ordered.body.id);
      const reason = `Exercice de restauration ${phase} ${index}`;
      const adjusted = await coursa.request('POST', `/api/admin/couriers/${courier.id}/ledger-adjustments`, { account: 'earnings', amount: 1_000 + index, reason }, { token: admin.token });
      expect(adjusted.status).toBe(201);
      reasons.push(reason);
    }
    made.courses.set(phase, courses);
    made.ledger.set(phase, reasons);
  };

  await writes('before the backup');
  const backup = await timed(() => run('node', ['scripts/backup.mjs'], { env: { ...process.env, DATABASE_URL: primary.url, BACKUP_DIR: backupDir } }));
  expect(backup.value.stdout).toMatch(/✔ .* MB in .* s: restorable to any time after/);
  const [baseBackup] = listBaseBackups(backupDir);
  expect(baseBackup).toBeDefined();

  await writes('after the backup');
  // T: between the last write before it and the first after it, with room on both sides for the commits' clocks.
  await sleep(500);
  const [{ now: target }] = await query<{ now: Date }>(primary.url, 'SELECT clock_timestamp() AS now');
  await sleep(500);
  await writes('after T');
  // The replay must find a commit past T to stop at: the segments holding the writes after T are archived too.
  await archiveCurrentWal();
  const segments = readdirSync(walDir).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;

  // The primary's machine is lost.
  primaryLost = true;
  await coursa.close();
  await primary.crash();

  restoreDir = privateDir('coursa-faults-restored-');
  const data = path.join(restoreDir, 'data');
  const restore = await timed(async () => {
    const laidOut = await run('node', ['scripts/restore.mjs', '--target-time', target.toISOString(), '--to', data], { env: { ...process.env, BACKUP_DIR: backupDir } });
    ownedByPostgres(data);
    restored = await startPostgresOn(restoreDir!, data);
    await waitUntil('the restored cluster to promote', async () => (await query(restored!.url, 'SELECT pg_is_in_recovery() AS recovering'))[0].recovering === false, 120_000, 100);
    return laidOut.stdout;
  });
  expect(restore.value).toMatch(/recovery to .* from /);
  const log = readFileSync(path.join(restoreDir!, 'server.log'), 'utf8');
  expect(log).toMatch(/recovery stopping before commit of transaction \d+, time /);

  // Migrations up to date, and Coursa starts on it (its health answers).
  expect(await deploy(restored!.url)).toEqual([]);
  after = await startCoursa(restored!, redis, { REDIS_PREFIX: 'restored' });
  expect((await after.request('GET', '/api/health')).status).toBe(200);

  const before = [...made.courses.get('before the backup')!, ...made.courses.get('after the backup')!];
  const later = made.courses.get('after T')!;
  const rows = {
    courses: (await query<{ id: string }>(restored!.url, 'SELECT id FROM courses')).map((row) => row.id),
    payments: (await query<{ course_id: string }>(restored!.url, 'SELECT course_id FROM payments WHERE course_id IS NOT NULL')).map((row) => row.course_id),
    ledger: (await query<{ reason: string }>(restored!.url, "SELECT reason FROM courier_ledger_entries WHERE kind = 'adjustment'")).map((row) => row.reason),
  };
  expect(rows.courses.sort()).toEqual([...before].sort());
  expect(rows.payments.sort()).toEqual([...before].sort());
  expect(rows.ledger.sort()).toEqual([...made.ledger.get('before the backup')!, ...made.ledger.get('after the backup')!].sort());
  // Nothing after T, and the ledger's sums (kept by a trigger) agree with its entries.
  expect(rows.courses.filter((id) => later.includes(id))).toEqual([]);
  const [balance] = await query<{ entries: number; kept: number }>(
    restored!.url,
    `SELECT (SELECT sum(amount)::int FROM courier_ledger_entries WHERE courier_id = $1 AND account = 'earnings') AS entries,
            (SELECT earnings::int FROM courier_balances WHERE courier_id = $1) AS kept`,
    [courier.id],
  );
  const perPhase = Array.from({ length: PER_PHASE }, (_, index) => 1_000 + index).reduce((sum, amount) => sum + amount, 0);
  expect(balance).toEqual({ entries: 2 * perPhase, kept: 2 * perPhase });

  // Through the API too: the client's course from before T is there; the one after answers 404.
  expect((await after.request('GET', `/api/courses/${before.at(-1)}`, undefined, { token: client.token })).status).toBe(200);
  expect((await after.request('GET', `/api/courses/${later[0]}`, undefined, { token: client.token })).status).toBe(404);

  // The machine lost outright: `--target-time latest` replays everything archived — here every write, the last ones
  // after T included (their segment was archived).
  latestDir = privateDir('coursa-faults-latest-');
  const latestData = path.join(latestDir, 'data');
  await run('node', ['scripts/restore.mjs', '--target-time', 'latest', '--to', latestData], { env: { ...process.env, BACKUP_DIR: backupDir } });
  ownedByPostgres(latestData);
  latest = await startPostgresOn(latestDir, latestData);
  await waitUntil('the latest restore to promote', async () => (await query(latest!.url, 'SELECT pg_is_in_recovery() AS recovering'))[0].recovering === false, 120_000, 100);
  const everything = (await query<{ id: string }>(latest.url, 'SELECT id FROM courses')).map((row) => row.id);
  expect(everything.sort()).toEqual([...before, ...later].sort());

  recordFigures('backup-restore', {
    base_backup_bytes: baseBackup!.bytes,
    backup_ms: backup.ms,
    wal_segments_archived: segments,
    restore_ms: restore.ms,
    courses_restored: rows.courses.length,
    ledger_entries_restored: rows.ledger.length,
    courses_after_target_restored: rows.courses.filter((id) => later.includes(id)).length,
  });
}, 240_000);
