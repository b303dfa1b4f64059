// `npm run restore -- --target-time <ISO 8601 | latest> --to <new data directory>`: lays out a point-in-time restore of
// PostgreSQL 15 from BACKUP_DIR (`npm run backup`'s base backups and the archived WAL in BACKUP_DIR/wal). It takes the
// newest base backup finished by the target time, unpacks it into the new (empty) data directory, and writes the
// recovery settings (restore_command, recovery_target_time, recovery_target_action=promote, recovery.signal). Starting
// PostgreSQL on that directory then replays the archive up to the target time and opens for writes on a new timeline.
// `--target-time latest`: the newest base backup, and every archived segment replayed (the machine lost: all it archived).
//   --dir <folder>      BACKUP_DIR, default var/backups
//   --wal-dir <folder>  the WAL archive, default BACKUP_DIR/wal
import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chooseBaseBackup, DEFAULT_BACKUP_DIR, listBaseBackups, parseArgs, parseTargetTime, recoverySettings } from './lib/backups.mjs';

const USAGE = 'usage: npm run restore -- --target-time 2026-11-27T21:40:00Z|latest --to /var/lib/postgresql/15/restored [--dir BACKUP_DIR] [--wal-dir DIR]';
const fail = (message) => {
  console.error(`✖ restore: ${message}`);
  process.exit(1);
};

const { options } = parseArgs(process.argv.slice(2));
if (typeof options['target-time'] !== 'string' || typeof options.to !== 'string') fail(USAGE);
const latest = options['target-time'] === 'latest';
let target = new Date();
try {
  if (!latest) target = parseTargetTime(options['target-time']);
} catch (error) {
  fail(error.message);
}
if (target.getTime() > Date.now()) fail(`the target time ${target.toISOString()} is in the future: no archived WAL reaches it (--target-time latest replays all of it).`);
const backupDir = path.resolve(options.dir ?? (process.env.BACKUP_DIR || DEFAULT_BACKUP_DIR));
const walDir = path.resolve(options['wal-dir'] ?? path.join(backupDir, 'wal'));
const to = path.resolve(options.to);
if (existsSync(to) && readdirSync(to).length > 0) fail(`${to} is not empty: restore into a new data directory, never over a cluster.`);

const backups = listBaseBackups(backupDir);
const backup = chooseBaseBackup(backups, target);
if (!backup) {
  fail(
    backups.length
      ? `no base backup had finished by ${target.toISOString()}: the oldest finished at ${backups[0].finished_at}.`
      : `no base backup in ${path.join(backupDir, 'base')} (npm run backup).`,
  );
}
for (const segment of [backup.first_wal, backup.last_wal]) {
  if (!existsSync(path.join(walDir, segment))) fail(`the WAL archive ${walDir} lacks ${segment}, which the base backup of ${backup.finished_at} needs: is archive_command copying there?`);
}

const started = Date.now();
console.log(`▶ Base backup of ${backup.finished_at} (${backup.dir}) into ${to}`);
mkdirSync(to, { recursive: true, mode: 0o700 });
const untar = spawnSync('tar', ['-xzf', path.join(backup.dir, 'base.tar.gz'), '-C', to], { stdio: 'inherit' });
if (untar.status !== 0) fail(`tar exited with ${untar.status ?? untar.signal}`);
chmodSync(to, 0o700); // PostgreSQL refuses a data directory others can read
// -X none: the backup has no WAL; pg_wal is where the replay puts what restore_command fetches.
mkdirSync(path.join(to, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
rmSync(path.join(to, 'standby.signal'), { force: true });
appendFileSync(path.join(to, 'postgresql.auto.conf'), recoverySettings({ walDir, targetTime: latest ? undefined : target }));
writeFileSync(path.join(to, 'recovery.signal'), '');

const owner = process.getuid?.() === 0 ? `\n  chown -R postgres:postgres ${to}   (PostgreSQL runs as its own user)` : '';
console.log(
  `✔ Laid out in ${((Date.now() - started) / 1000).toFixed(1)} s; recovery to ${latest ? 'the end of the archive' : target.toISOString()} from ${walDir}. Next:${owner}
  pg_ctl -D ${to} -o '-p <free port>' start      (replays, then promotes: SELECT pg_is_in_recovery() answers false)
  DATABASE_URL=postgresql://…:<port>/<database> npm run db:migrate   (« Database up to date »), then start Coursa on it.`,
);
