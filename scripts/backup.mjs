// `npm run backup`: a base backup of DATABASE_URL's PostgreSQL cluster into BACKUP_DIR/base/<start time>/
// (pg_basebackup -Ft -z -X none: the data directory as a compressed tar, without WAL). The WAL from the backup's start
// onwards comes from the server's continuous archiving (archive_mode=on, archive_command copying each segment into
// BACKUP_DIR/wal: README « Backups and restore »); without it such a backup cannot be restored, so the script refuses
// a server whose archive_mode is off. `npm run restore` brings back any moment after a backup's end.
//   DATABASE_URL  the primary (a role allowed to replicate; ?schema= is ignored: the whole cluster is saved)
//   BACKUP_DIR    default var/backups (or --dir <folder>)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BACKUP_INFO, connectionUrl, DEFAULT_BACKUP_DIR, DEFAULT_DATABASE_URL, maskUrl, parseArgs, pgProgram, stampOf, walRangeOf, walSegmentName } from './lib/backups.mjs';

const fail = (message) => {
  console.error(`✖ backup: ${message}`);
  process.exit(1);
};

const { options } = parseArgs(process.argv.slice(2));
const databaseUrl = connectionUrl(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
const backupDir = path.resolve(options.dir ?? (process.env.BACKUP_DIR || DEFAULT_BACKUP_DIR));

// The server must archive its WAL: a base backup taken with -X none is only the starting point of a replay.
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect().catch((error) => fail(`cannot connect to ${maskUrl(databaseUrl)}: ${error.message}`));
const settings = Object.fromEntries(
  (await client.query("SELECT name, setting FROM pg_settings WHERE name IN ('archive_mode', 'archive_command', 'wal_segment_size', 'server_version')")).rows.map(
    (row) => [row.name, row.setting],
  ),
);
const [archiver] = (await client.query('SELECT failed_count, last_failed_wal, last_failed_time, last_archived_time FROM pg_stat_archiver')).rows;
await client.end();
if (settings.archive_mode === 'off') {
  fail('archive_mode is off on this server: a base backup without archived WAL cannot be restored. Turn WAL archiving on first (README « Backups and restore »).');
}
if (archiver.last_failed_time && (!archiver.last_archived_time || archiver.last_failed_time > archiver.last_archived_time)) {
  console.warn(`⚠ the WAL archive is failing (last failure: ${archiver.last_failed_wal} at ${archiver.last_failed_time.toISOString()}): this backup will not be restorable until it works again.`);
}

const started = new Date();
const stamp = stampOf(started);
const target = path.join(backupDir, 'base', stamp);
const partial = `${target}.partial`;
mkdirSync(partial, { recursive: true });
console.log(`▶ Base backup of ${maskUrl(databaseUrl)} into ${target}`);
// -c fast: an immediate checkpoint rather than waiting for the next one. With -X none the server answers once the
// backup's last WAL segment is archived.
const run = spawnSync(pgProgram('pg_basebackup'), ['-d', databaseUrl, '-D', partial, '-Ft', '-z', '-X', 'none', '-c', 'fast', '-l', `coursa ${stamp}`, '--no-password'], {
  stdio: 'inherit',
});
if (run.status !== 0) {
  rmSync(partial, { recursive: true, force: true });
  fail(run.error ? run.error.message : `pg_basebackup exited with ${run.status ?? run.signal}`);
}

const range = walRangeOf(JSON.parse(readFileSync(path.join(partial, 'backup_manifest'), 'utf8')));
const segmentBytes = Number(settings.wal_segment_size);
const bytes = readdirSync(partial).reduce((sum, name) => sum + statSync(path.join(partial, name)).size, 0);
const finished = new Date();
const info = {
  started_at: started.toISOString(),
  finished_at: finished.toISOString(),
  bytes,
  server_version: settings.server_version,
  timeline: range.timeline,
  start_lsn: range.startLsn,
  end_lsn: range.endLsn,
  /** The archived segments a restore replays from (and at least up to the last one). */
  first_wal: walSegmentName(range.timeline, range.startLsn, segmentBytes),
  last_wal: walSegmentName(range.timeline, range.endLsn, segmentBytes),
  archive_command: settings.archive_command,
};
writeFileSync(path.join(partial, BACKUP_INFO), `${JSON.stringify(info, null, 2)}\n`);
renameSync(partial, target);
console.log(
  `✔ ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((finished.getTime() - started.getTime()) / 1000).toFixed(1)} s: restorable to any time after ${info.finished_at}` +
    ` from the WAL archived by « ${settings.archive_command} » (first segment ${info.first_wal}).`,
);
