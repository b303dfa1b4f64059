// Private PostgreSQL and Redis servers for the fault suite: started in a temporary folder on free ports, so
// that stopping, killing and restarting them never touches the machine's shared services.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../support/http.js';
import { waitUntil } from '../../support/wait.js';

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Its data directory (owned by the `postgres` user when the suite runs as root). */
  data: string;
  /** Stops the server the hard way (`pg_ctl stop -m immediate`, as a crash: no checkpoint, recovery at start). */
  crash(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The server's programs (initdb, pg_ctl): where pg_config says, else Debian's newest /usr/lib/postgresql/N/bin. */
const PG_BIN = (() => {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
    return versions.length ? `/usr/lib/postgresql/${versions[0]}/bin` : '';
  }
})();

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
export async function pgCommand(command: string, args: string[]) {
  const binary = path.join(PG_BIN, command);
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  await promisify(execFile)(file, argv as string[]);
}

/** Gives a file or folder (and all in it) to the `postgres` user when the suite runs as root, who then runs the servers. */
export function ownedByPostgres(target: string): string {
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', target]);
  return target;
}

/** A new empty folder under the system's temporary one, that the servers may write in. */
export function privateDir(prefix: string): string {
  return ownedByPostgres(mkdtempSync(path.join(tmpdir(), prefix)));
}

/** Adds `name = 'value'` lines to a data directory's postgresql.conf (read at the next start). */
export function configure(data: string, settings: Record<string, string>) {
  const lines = Object.entries(settings).map(([name, value]) => `${name} = '${value.replaceAll("'", "''")}'\n`);
  if (lines.length) appendFileSync(path.join(data, 'postgresql.conf'), lines.join(''));
}

/** A server on a data directory that exists already (made by initdb, pg_basebackup, or a restore), in `dir`. */
export async function startPostgresOn(dir: string, data: string): Promise<PrivatePostgres> {
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60`;
  const server: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    data,
    start: () => pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '120', 'start']),
    crash: () => pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    stop: async () => {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {}); // may be stopped already
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** A fresh cluster; `settings` go to its postgresql.conf (e.g. archive_mode, archive_command). */
export async function startPrivatePostgres(settings: Record<string, string> = {}): Promise<PrivatePostgres> {
  const dir = privateDir('coursa-faults-pg-');
  const data = path.join(dir, 'data');
  await pgCommand('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  configure(data, settings);
  return startPostgresOn(dir, data);
}

/**
 * A hot standby of `primary`, streaming from it: `pg_basebackup -R` into a second data directory (which writes
 * primary_conninfo and standby.signal), started on another port. initdb's pg_hba.conf lets local replication in.
 */
export async function startPrivateStandby(primary: PrivatePostgres): Promise<PrivatePostgres> {
  const dir = privateDir('coursa-faults-standby-');
  const data = path.join(dir, 'data');
  await pgCommand('pg_basebackup', ['-R', '-D', data, '-d', primary.url, '-X', 'stream', '-c', 'fast', '--no-sync']);
  return startPostgresOn(dir, data);
}

/** Runs one query on a fresh connection (the test's own pool would hold dead connections after a restart). */
export async function query<T extends pg.QueryResultRow = any>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface PrivateRedis {
  url: string;
  /** kill -9: whatever the append-only file holds is all that survives. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Redis with its append-only file on, written before each command is answered (appendfsync always). */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-faults-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const exited = (process: ChildProcess) => new Promise<void>((resolve) => (process.exitCode !== null || process.signalCode ? resolve() : process.once('exit', () => resolve())));
  const server: PrivateRedis = {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''], {
        stdio: 'ignore',
      });
      await waitUntil('private Redis', async () => {
        const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        client.on('error', () => {});
        try {
          await client.connect();
          // Loading the append-only file answers LOADING until it is done.
          return (await client.ping()) === 'PONG';
        } finally {
          client.disconnect();
        }
      });
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
