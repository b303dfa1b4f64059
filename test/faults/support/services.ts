// Private PostgreSQL and Redis servers for the fault suite: started in a temporary folder on free ports, so
// that stopping, killing and restarting them never touches the machine's shared services.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../support/http.js';
import { waitUntil } from '../../support/wait.js';

export interface PrivatePostgres {
  url: string;
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
async function pgCommand(command: string, args: string[]) {
  const binary = path.join(PG_BIN, command);
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  await promisify(execFile)(file, argv as string[]);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-faults-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pgCommand('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60`;
  const server: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']),
    crash: () => pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    stop: async () => {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {}); // may be stopped already
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
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
