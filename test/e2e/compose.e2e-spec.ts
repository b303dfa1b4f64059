import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/node-flags.mjs';

// The compose files (README « Two of everything »), read where Docker is not: every service there, with its health
// check, its grace period and what it waits for; the settings given to Coursa are settings Coursa has; the files
// they mount exist; the load balancer checks the health route and reaches both APIs. Where `docker compose` works,
// it checks the files too.
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const read = (file: string): Compose => parse(readFileSync(file, 'utf8'), { merge: true, maxAliasCount: -1 });
const dev = read('docker-compose.yml');
const prod = read('docker-compose.prod.yml');
const haproxy = readFileSync('deploy/haproxy.cfg', 'utf8');

/** The settings Coursa reads (the keys of config.ts's schema). */
const SETTINGS = new Set([...readFileSync('apps/api/src/common/config/config.ts', 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!));
/** Read by the migrate service's own shell command, not by Coursa's configuration. */
const SHELL_ONLY = new Set(['SEED_DEMO_DATA']);

const coursaServices = (compose: Compose) => Object.entries(compose.services).filter(([, service]) => service.image === 'coursa');
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1] ?? NaN);

describe.each([
  ['docker-compose.yml', dev],
  ['docker-compose.prod.yml', prod],
])('%s', (_file, compose) => {
  it('gives Coursa only settings it has', () => {
    for (const [name, service] of coursaServices(compose)) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !SETTINGS.has(key) && !SHELL_ONLY.has(key));
      expect({ name, unknown }).toEqual({ name, unknown: [] });
    }
  });

  it('waits for what each service needs, by condition', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [needed, how] of Object.entries(service.depends_on ?? {})) {
        expect({ name, needed, known: needed in compose.services }).toEqual({ name, needed, known: true });
        expect(['service_healthy', 'service_completed_successfully', 'service_started']).toContain((how as { condition: string }).condition);
      }
    }
  });

  it('mounts files that exist, and volumes it declares', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('./')) expect(existsSync(source!)).toBe(true);
        else expect(Object.keys(compose.volumes ?? {})).toContain(source);
      }
    }
  });

  it('is valid for `docker compose config` where Docker Compose is installed', () => {
    let hasCompose = true;
    try {
      execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    } catch {
      hasCompose = false;
    }
    if (!hasCompose) return; // no Docker Compose here: the checks above stand in for it
    const env = {
      ...process.env,
      SECRET_KEY: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: 'p'.repeat(87),
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      REPLICATION_PASSWORD: 'replication',
    };
    execFileSync('docker', ['compose', '-f', _file, 'config', '-q'], { env, stdio: 'pipe' });
  });
});

describe('docker-compose.prod.yml', () => {
  const { services } = prod;
  const named = (prefix: string) => Object.keys(services).filter((name) => name.startsWith(prefix));

  it('runs two of everything: APIs, workers, PostgreSQL (primary and streaming replica), Redis (master, replica, three Sentinels)', () => {
    expect(named('api-')).toEqual(['api-1', 'api-2']);
    expect(named('worker-')).toEqual(['worker-1', 'worker-2']);
    expect(named('postgres-')).toEqual(['postgres-primary', 'postgres-replica']);
    expect(named('redis-sentinel-')).toHaveLength(3);
    expect(services['redis-replica']!.command).toEqual(expect.arrayContaining(['--replicaof', 'redis-master']));
    expect(services['postgres-replica']!.entrypoint ?? services['postgres-replica']!.command).toBeDefined();
    expect(readFileSync('deploy/postgres/replica-entrypoint.sh', 'utf8')).toMatch(/pg_basebackup .*-R/);
    expect(readFileSync('deploy/redis/sentinel.conf', 'utf8')).toMatch(/^sentinel monitor coursa redis-master 6379 2$/m);
  });

  it('checks the health of every long-running service but the workers (no port), and publishes the load balancer alone', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'migrate' || name.startsWith('worker-')) continue;
      expect({ name, healthcheck: !!service.healthcheck?.test }).toEqual({ name, healthcheck: true });
    }
    expect(Object.entries(services).filter(([, service]) => service.ports?.length).map(([name]) => name)).toEqual(['haproxy']);
    expect(services.haproxy!.ports).toEqual(['${HTTP_PORT:-80}:8080']);
    expect(services.haproxy!.environment).toMatchObject({ COURSA_LB_BIND: ':8080', COURSA_API_1: 'api-1:3000', COURSA_API_2: 'api-2:3000' });
    for (const api of named('api-')) expect(services[api]!.healthcheck!.test.join(' ')).toContain('/api/health');
  });

  it('gives the APIs time to drain and the workers time to finish their jobs before they are killed', () => {
    for (const name of [...named('api-'), ...named('worker-')]) {
      const service = services[name]!;
      const grace = seconds(service.stop_grace_period ?? '');
      const drainAndFinish = (Number(service.environment!.SHUTDOWN_DRAIN_MS ?? 0) + Number(service.environment!.SHUTDOWN_TIMEOUT_MS)) / 1000;
      expect({ name, fits: drainAndFinish < grace }).toEqual({ name, fits: true });
      expect(service.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' }, 'postgres-primary': { condition: 'service_healthy' } });
    }
    for (const api of named('api-')) expect(services[api]!.environment).toMatchObject({ TRUST_PROXY: 'true', SHUTDOWN_DRAIN_MS: '5000' });
  });

  it("finds Redis through the Sentinels", () => {
    for (const [, service] of coursaServices(prod)) expect(String(service.environment!.REDIS_URL)).toMatch(/^redis\+sentinel:\/\/redis-sentinel-1:26379,redis-sentinel-2:26379,redis-sentinel-3:26379\//);
  });
});

describe('Dockerfile', () => {
  it("runs the API and the worker with the server processes' Node flags, as `npm start` does", () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(/^ENV NODE_OPTIONS="(.*)"$/m.exec(dockerfile)?.[1]?.split(' ')).toEqual(SERVER_NODE_FLAGS);
    // No service of the compose files sets NODE_OPTIONS of its own, which would replace the image's.
    for (const compose of [dev, prod]) for (const service of coursaServices(compose)) expect(service[1].environment ?? {}).not.toHaveProperty('NODE_OPTIONS');
  });
});

describe('deploy/haproxy.cfg', () => {
  it('checks /api/health on both APIs, takes a draining one out within its drain time, and keeps WebSockets open', () => {
    expect(haproxy).toMatch(/http-check send meth GET uri \/api\/health\b/);
    expect(haproxy).toMatch(/http-check expect status 200/);
    const [, inter, fall] = /default-server check inter (\d+)s fall (\d+)/.exec(haproxy)!;
    const drainMs = Number(prod.services['api-1']!.environment!.SHUTDOWN_DRAIN_MS);
    // Out after `fall` failed checks, one `inter` apart (plus the one in flight): well within the drain.
    expect((Number(fall) + 1) * Number(inter) * 1000).toBeLessThan(drainMs);
    expect(haproxy).toMatch(/server api1 "\$\{COURSA_API_1\}"/);
    expect(haproxy).toMatch(/server api2 "\$\{COURSA_API_2\}"/);
    expect(haproxy).toMatch(/timeout tunnel \d+[hm]/);
  });

  it('sends the long-polling fallback back to its process by a cookie, and retries on another API what no API started', () => {
    expect(haproxy).toMatch(/use_backend sockets if \{ path_beg \/socket\.io\/ \}/);
    expect(haproxy).toMatch(/cookie coursa_io insert indirect nocache/);
    expect(haproxy).toMatch(/option redispatch/);
    expect(haproxy).toMatch(/retry-on conn-failure/);
    expect(haproxy).toMatch(/disable-l7-retry unless METH_GET/);
  });
});
