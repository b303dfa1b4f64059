import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chooseBaseBackup,
  connectionUrl,
  listBaseBackups,
  parseArgs,
  parseTargetTime,
  recoverySettings,
  stampOf,
  walRangeOf,
  walSegmentName,
} from '../../scripts/lib/backups.mjs';

// `npm run backup` / `npm run restore` (issue 41): the pieces without PostgreSQL, and the restore script laying out a
// (fake) base backup. The fault suite's backup-restore drill runs both against real servers.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-backup-spec-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('backup helpers', () => {
  it('names the WAL segment holding an LSN as PostgreSQL does (pg_walfile_name)', () => {
    expect(walSegmentName(1, '0/2000028')).toBe('000000010000000000000002');
    expect(walSegmentName(1, '0/FF000000')).toBe('0000000100000000000000FF');
    expect(walSegmentName(1, '1/0')).toBe('000000010000000100000000');
    expect(walSegmentName(2, '3/A4FFFFFF')).toBe('0000000200000003000000A4');
    // 64 MB segments (initdb --wal-segsize=64): four per 256 MB step of the low word.
    expect(walSegmentName(1, '0/C000000', 64 * 1024 * 1024)).toBe('000000010000000000000003');
    expect(walRangeOf({ 'WAL-Ranges': [{ Timeline: 1, 'Start-LSN': '0/2000028', 'End-LSN': '0/2000100' }] })).toEqual({ timeline: 1, startLsn: '0/2000028', endLsn: '0/2000100' });
    expect(() => walRangeOf({})).toThrow(/WAL-Ranges/);
  });

  it('reads options, leaves Prisma\'s ?schema= out of the connection, and stamps folders without colons', () => {
    expect(parseArgs(['extra', '--target-time', '2026-11-27T21:40:00Z', '--to=/srv/pg', '--verbose'])).toEqual({
      options: { 'target-time': '2026-11-27T21:40:00Z', to: '/srv/pg', verbose: true },
      words: ['extra'],
    });
    expect(connectionUrl('postgresql://coursa:secret@db:5432/coursa?schema=public&sslmode=require')).toBe('postgresql://coursa:secret@db:5432/coursa?sslmode=require');
    expect(stampOf(new Date('2026-11-27T21:40:05.123Z'))).toBe('2026-11-27T21-40-05-123Z');
  });

  it('takes a target time only with its zone', () => {
    expect(parseTargetTime('2026-11-27T21:40:00Z').toISOString()).toBe('2026-11-27T21:40:00.000Z');
    expect(parseTargetTime('2026-11-27T21:40:00.250+01:00').toISOString()).toBe('2026-11-27T20:40:00.250Z');
    for (const bad of ['2026-11-27T21:40:00', 'yesterday', '2026-13-45T99:00:00Z', undefined]) expect(() => parseTargetTime(bad)).toThrow(/--target-time/);
  });

  it('restores from the newest base backup finished by the target time', () => {
    const backups = [{ finished_at: '2026-11-25T02:00:00Z' }, { finished_at: '2026-11-26T02:00:00Z' }, { finished_at: '2026-11-27T02:00:00Z' }];
    expect(chooseBaseBackup(backups, new Date('2026-11-26T12:00:00Z'))).toBe(backups[1]);
    expect(chooseBaseBackup(backups, new Date('2026-11-26T02:00:00Z'))).toBe(backups[1]);
    expect(chooseBaseBackup(backups, new Date('2026-11-28T00:00:00Z'))).toBe(backups[2]);
    expect(chooseBaseBackup(backups, new Date('2026-11-25T01:59:59Z'))).toBeUndefined();
  });

  it('writes the recovery settings PostgreSQL 15 replays to a time with, then promotes', () => {
    const settings = recoverySettings({ walDir: '/srv/backups/wal', targetTime: new Date('2026-11-27T21:40:00.5Z'), now: new Date('2026-11-28T08:00:00Z') });
    expect(settings.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      `restore_command = 'cp "/srv/backups/wal/%f" "%p"'`,
      "recovery_target_time = '2026-11-27 21:40:00.500+00'",
      "recovery_target_inclusive = 'on'",
      "recovery_target_timeline = 'current'",
      "recovery_target_action = 'promote'",
    ]);
    // Everything archived (the machine lost): no target, the newest timeline followed.
    expect(recoverySettings({ walDir: '/srv/backups/wal' }).split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      `restore_command = 'cp "/srv/backups/wal/%f" "%p"'`,
      "recovery_target_timeline = 'latest'",
    ]);
    expect(() => recoverySettings({ walDir: 'backups/wal', targetTime: new Date() })).toThrow(/absolute/);
    for (const walDir of ['/srv/my backups/wal', '/srv/$(reboot)/wal', `/srv/it's/wal`, '/srv/"/wal']) {
      expect(() => recoverySettings({ walDir, targetTime: new Date() })).toThrow(/shell/);
    }
  });
});

describe('npm run restore', () => {
  /** A backup folder as `npm run backup` leaves it, its base.tar.gz a tiny stand-in for a data directory. */
  function fakeBackups() {
    const backupDir = tempDir();
    const walDir = path.join(backupDir, 'wal');
    mkdirSync(walDir);
    for (const [stamp, finished, version] of [
      ['2026-11-25T02-00-00-000Z', '2026-11-25T02:00:10Z', 'monday'],
      ['2026-11-26T02-00-00-000Z', '2026-11-26T02:00:10Z', 'tuesday'],
    ] as const) {
      const dir = path.join(backupDir, 'base', stamp);
      const content = path.join(tempDir(), 'data');
      mkdirSync(path.join(content, 'global'), { recursive: true });
      writeFileSync(path.join(content, 'PG_VERSION'), '15\n');
      writeFileSync(path.join(content, 'postgresql.auto.conf'), '# Do not edit this file manually!\n');
      writeFileSync(path.join(content, 'which'), version);
      writeFileSync(path.join(content, 'backup_label'), 'START WAL LOCATION: 0/2000028\n');
      mkdirSync(dir, { recursive: true });
      execFileSync('tar', ['-czf', path.join(dir, 'base.tar.gz'), '-C', content, '.']);
      const first = version === 'monday' ? '000000010000000000000002' : '000000010000000000000009';
      writeFileSync(path.join(dir, 'coursa-backup.json'), JSON.stringify({ started_at: finished, finished_at: finished, bytes: 1, timeline: 1, start_lsn: '0/0', end_lsn: '0/0', first_wal: first, last_wal: first }));
      writeFileSync(path.join(walDir, first), '');
    }
    // An unfinished backup (no coursa-backup.json) is never chosen.
    mkdirSync(path.join(backupDir, 'base', '2026-11-27T02-00-00-000Z.partial'), { recursive: true });
    return { backupDir, walDir };
  }
  const restore = (...args: string[]) => spawnSync('node', ['scripts/restore.mjs', ...args], { encoding: 'utf8', env: { ...process.env, BACKUP_DIR: '' } });

  it('lays out the base backup finished by the target time, with recovery.signal and the recovery settings', () => {
    const { backupDir, walDir } = fakeBackups();
    expect(listBaseBackups(backupDir).map((backup) => backup.finished_at)).toEqual(['2026-11-25T02:00:10Z', '2026-11-26T02:00:10Z']);
    const to = path.join(tempDir(), 'restored');
    const run = restore('--dir', backupDir, '--target-time', '2026-11-26T09:30:00Z', '--to', to);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(to, 'which'), 'utf8')).toBe('tuesday');
    expect(existsSync(path.join(to, 'recovery.signal'))).toBe(true);
    expect(existsSync(path.join(to, 'pg_wal', 'archive_status'))).toBe(true);
    expect(statSync(to).mode & 0o777).toBe(0o700);
    const conf = readFileSync(path.join(to, 'postgresql.auto.conf'), 'utf8');
    expect(conf).toContain('# Do not edit this file manually!\n');
    expect(conf).toContain(`restore_command = 'cp "${walDir}/%f" "%p"'`);
    expect(conf).toContain("recovery_target_time = '2026-11-26 09:30:00.000+00'");
    expect(conf).toContain("recovery_target_action = 'promote'");

    // latest: the newest base backup, the whole archive.
    const all = path.join(tempDir(), 'restored');
    expect(restore('--dir', backupDir, '--target-time', 'latest', '--to', all)).toMatchObject({ status: 0, stderr: '', stdout: expect.stringMatching(/recovery to the end of the archive/) });
    expect(readFileSync(path.join(all, 'which'), 'utf8')).toBe('tuesday');
    expect(readFileSync(path.join(all, 'postgresql.auto.conf'), 'utf8')).toMatch(/recovery_target_timeline = 'latest'\n$/);
  });

  it('refuses what cannot work: no backup finished by then, a missing WAL segment, a non-empty target, a future time', () => {
    const { backupDir, walDir } = fakeBackups();
    const to = () => path.join(tempDir(), 'restored');
    expect(restore('--dir', backupDir, '--target-time', '2026-11-24T00:00:00Z', '--to', to())).toMatchObject({ status: 1, stderr: expect.stringMatching(/no base backup had finished by 2026-11-24T00:00:00.000Z: the oldest finished at 2026-11-25T02:00:10Z/) });
    expect(restore('--dir', backupDir, '--target-time', '2099-01-01T00:00:00Z', '--to', to())).toMatchObject({ status: 1, stderr: expect.stringMatching(/in the future/) });
    expect(restore('--dir', backupDir, '--target-time', '2026-11-26T09:30', '--to', to())).toMatchObject({ status: 1, stderr: expect.stringMatching(/ISO 8601 time with its zone/) });
    expect(restore('--dir', backupDir, '--to', to())).toMatchObject({ status: 1, stderr: expect.stringMatching(/usage: npm run restore/) });
    const busy = to();
    mkdirSync(busy, { recursive: true });
    writeFileSync(path.join(busy, 'PG_VERSION'), '15\n');
    expect(restore('--dir', backupDir, '--target-time', '2026-11-26T09:30:00Z', '--to', busy)).toMatchObject({ status: 1, stderr: expect.stringMatching(/is not empty/) });
    rmSync(path.join(walDir, '000000010000000000000009'));
    const missing = to();
    expect(restore('--dir', backupDir, '--target-time', '2026-11-26T09:30:00Z', '--to', missing)).toMatchObject({ status: 1, stderr: expect.stringMatching(/lacks 000000010000000000000009/) });
    expect(existsSync(missing)).toBe(false);
  });
});
