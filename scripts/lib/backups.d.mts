// Types for backups.mjs, so that TypeScript tests can import it.
export interface BaseBackupInfo {
  dir: string;
  started_at: string;
  finished_at: string;
  bytes: number;
  server_version?: string;
  timeline: number;
  start_lsn: string;
  end_lsn: string;
  first_wal: string;
  last_wal: string;
  archive_command?: string;
}

export const DEFAULT_DATABASE_URL: string;
export const DEFAULT_BACKUP_DIR: string;
export const BACKUP_INFO: string;
export function parseArgs(argv: string[]): { options: Record<string, string | true>; words: string[] };
export function connectionUrl(databaseUrl: string): string;
export function maskUrl(url: string): string;
export function stampOf(date: Date): string;
export function walSegmentName(timeline: number, lsn: string, segmentBytes?: number): string;
export function walRangeOf(manifest: unknown): { timeline: number; startLsn: string; endLsn: string };
export function listBaseBackups(backupDir: string): BaseBackupInfo[];
export function chooseBaseBackup<B extends { finished_at: string }>(backups: B[], target: Date): B | undefined;
export function parseTargetTime(value: unknown): Date;
export function postgresTime(date: Date): string;
/** Without targetTime: replay everything archived. */
export function recoverySettings(options: { walDir: string; targetTime?: Date; now?: Date }): string;
export function pgProgram(name: string): string;
