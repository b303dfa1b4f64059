// Backups and point-in-time restore (issue 41): what `npm run backup` and `npm run restore` share.
// A backup folder (BACKUP_DIR) holds:
//   base/<stamp>/base.tar.gz       pg_basebackup -Ft -z -X none: the data directory, without WAL
//   base/<stamp>/backup_manifest   pg_basebackup's manifest (files, checksums, the WAL range the backup needs)
//   base/<stamp>/coursa-backup.json  when it started and finished, its size, the first WAL segment it needs
//   wal/                           the WAL segments PostgreSQL's archive_command copies there, continuously
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:5432/coursa';
export const DEFAULT_BACKUP_DIR = 'var/backups';
export const BACKUP_INFO = 'coursa-backup.json';

/** `--name value` and `--name=value` options, and the words that are not options. */
export function parseArgs(argv) {
  const options = {};
  const words = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) options[name] = inline;
    else if (index + 1 < argv.length && !argv[index + 1].startsWith('--')) options[name] = argv[(index += 1)];
    else options[name] = true;
  }
  return { options, words };
}

/** The URL libpq and pg take: Coursa's `?schema=` is Prisma's, not a connection parameter (a backup holds every schema). */
export function connectionUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  return url.toString();
}

/** The URL without its password, for messages. */
export function maskUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid URL>';
  }
}

/** A base backup's folder name: its start time, sortable, without characters a file system may refuse. */
export function stampOf(date) {
  return date.toISOString().replaceAll(':', '-').replace('.', '-');
}

/** The name of the WAL segment that holds `lsn` ('0/2000028') on `timeline`, for segments of `segmentBytes`. */
export function walSegmentName(timeline, lsn, segmentBytes = 16 * 1024 * 1024) {
  const [high, low] = lsn.split('/').map((part) => BigInt(`0x${part}`));
  const position = (high << 32n) + low;
  const segment = position / BigInt(segmentBytes);
  const perId = 0x1_0000_0000n / BigInt(segmentBytes);
  const hex = (value) => value.toString(16).toUpperCase().padStart(8, '0');
  return `${hex(BigInt(timeline))}${hex(segment / perId)}${hex(segment % perId)}`;
}

/** The WAL range a base backup needs, from its manifest (`WAL-Ranges`, pg_basebackup ≥ 13). */
export function walRangeOf(manifest) {
  const [range] = manifest['WAL-Ranges'] ?? [];
  if (!range) throw new Error('backup_manifest without WAL-Ranges');
  return { timeline: range.Timeline, startLsn: range['Start-LSN'], endLsn: range['End-LSN'] };
}

/** The base backups under BACKUP_DIR/base, oldest first (an unfinished one has no coursa-backup.json: left out). */
export function listBaseBackups(backupDir) {
  const base = path.join(backupDir, 'base');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, BACKUP_INFO)))
    .map((name) => ({ dir: path.join(base, name), ...JSON.parse(readFileSync(path.join(base, name, BACKUP_INFO), 'utf8')) }))
    .sort((a, b) => Date.parse(a.finished_at) - Date.parse(b.finished_at));
}

/**
 * The base backup to restore `target` from: the newest one that had finished by then (PostgreSQL cannot stop a
 * replay before the end of the backup it starts from). Undefined when none had.
 */
export function chooseBaseBackup(backups, target) {
  const eligible = backups.filter((backup) => Date.parse(backup.finished_at) <= target.getTime());
  return eligible.at(-1);
}

/** A moment given by the operator: ISO 8601 with its zone (`2026-11-27T21:40:00Z`, `…+00:00`), else refused. */
export function parseTargetTime(value) {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value.trim())) {
    throw new Error(`--target-time: give an ISO 8601 time with its zone, e.g. 2026-11-27T21:40:00Z (got ${JSON.stringify(value)})`);
  }
  const time = new Date(value.trim());
  if (Number.isNaN(time.getTime())) throw new Error(`--target-time: not a date: ${value}`);
  return time;
}

/** A time as recovery_target_time takes it ('2026-11-27 21:40:00.500+00': it refuses ISO 8601's T and Z). */
export function postgresTime(date) {
  return date.toISOString().replace('T', ' ').replace('Z', '+00');
}

/** A setting's value in postgresql.conf quotes. */
const quoted = (value) => `'${value.replaceAll("'", "''")}'`;

/**
 * The settings that make PostgreSQL 15 replay the archive up to `targetTime` and then open for writes, for
 * postgresql.auto.conf (recovery.signal beside it starts the recovery). `walDir` is absolute; it goes into a shell
 * command, so only plain path characters are accepted. The timeline is the backup's own ('current'): an archive that
 * also holds a later restore's timeline is not followed into it. Without `targetTime`, everything archived is replayed
 * (the newest timeline followed) and the cluster opens at its end.
 */
export function recoverySettings({ walDir, targetTime, now = new Date() }) {
  if (!path.isAbsolute(walDir)) throw new Error(`the WAL archive must be an absolute path: ${walDir}`);
  if (!/^[A-Za-z0-9_./@+,=-]+$/.test(walDir)) throw new Error(`the WAL archive's path has characters a shell command would misread: ${walDir}`);
  const target = targetTime
    ? [
        `recovery_target_time = ${quoted(postgresTime(targetTime))}`,
        "recovery_target_inclusive = 'on'",
        "recovery_target_timeline = 'current'",
        "recovery_target_action = 'promote'",
      ]
    : ["recovery_target_timeline = 'latest'"];
  return [
    '',
    `# Written by npm run restore (Coursa) at ${now.toISOString()}: replay the archived WAL ${targetTime ? 'up to the target time' : 'to its end'}, then open.`,
    `restore_command = ${quoted(`cp "${walDir}/%f" "%p"`)}`,
    ...target,
    '',
  ].join('\n');
}

/** A PostgreSQL program (pg_basebackup): where pg_config says, else in Debian's newest /usr/lib/postgresql/N/bin, else on PATH. */
export function pgProgram(name) {
  const candidates = [];
  try {
    candidates.push(path.join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(), name));
  } catch {
    // no pg_config
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) candidates.push(`/usr/lib/postgresql/${version}/bin/${name}`);
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? name;
}
