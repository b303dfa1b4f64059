// A private Redis master, its replica and three Sentinels watching them, for the failover drill (issue 41): started in
// a temporary folder on free ports; the master can be killed (kill -9) for the Sentinels to promote the replica.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../../support/http.js';
import { waitUntil } from '../../support/wait.js';

export const SENTINEL_MASTER = 'coursa';

export interface SentinelRedis {
  /** `redis+sentinel://…/coursa`: what Coursa's REDIS_URL takes. */
  url: string;
  masterPort: number;
  replicaPort: number;
  /** kill -9 of the master: replication is asynchronous, what it had not sent its replica is gone. */
  killMaster(): Promise<void>;
  /** The port the Sentinels name as the master now. */
  currentMasterPort(): Promise<number | null>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));

async function answers(port: number, check: (client: Redis) => Promise<boolean> = async (client) => (await client.ping()) === 'PONG') {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return await check(client);
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startSentinelRedis(): Promise<SentinelRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'coursa-faults-sentinel-'));
  const [masterPort, replicaPort, ...sentinelPorts] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const children: ChildProcess[] = [];
  const server = (args: string[]) => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    children.push(child);
    return child;
  };
  const common = ['--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
  const master = server(['--port', String(masterPort), ...common, '--dbfilename', 'master.rdb']);
  server(['--port', String(replicaPort), ...common, '--dbfilename', 'replica.rdb', '--replicaof', '127.0.0.1', String(masterPort)]);
  for (const port of sentinelPorts) {
    const config = path.join(dir, `sentinel-${port}.conf`);
    // Down after 1 s without an answer; a quorum of 2 of the 3 Sentinels starts the failover.
    writeFileSync(
      config,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${masterPort} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER} 1000`,
        `sentinel failover-timeout ${SENTINEL_MASTER} 10000`,
        `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
        '',
      ].join('\n'),
    );
    server([config, '--sentinel']);
  }
  const currentMasterPort = async () => {
    let port: number | null = null;
    await answers(sentinelPorts[0]!, async (client) => {
      const address = (await client.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER)) as [string, string] | null;
      port = address ? Number(address[1]) : null;
      return true;
    });
    return port;
  };
  await waitUntil('the master and its replica in sync', () =>
    answers(replicaPort, async (client) => /master_link_status:up/.test(await client.info('replication'))),
  );
  await waitUntil('the Sentinels to know the replica and each other', () =>
    answers(sentinelPorts[0]!, async (client) => {
      const [master] = (await client.call('SENTINEL', 'masters')) as string[][];
      const field = (name: string) => Number(master?.[master.indexOf(name) + 1] ?? 0);
      return field('num-slaves') >= 1 && field('num-other-sentinels') >= 2;
    }),
  );
  return {
    url: `redis+sentinel://${sentinelPorts.map((port) => `127.0.0.1:${port}`).join(',')}/${SENTINEL_MASTER}`,
    masterPort,
    replicaPort,
    async killMaster() {
      master.kill('SIGKILL');
      await exited(master);
    },
    currentMasterPort,
    async stop() {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
