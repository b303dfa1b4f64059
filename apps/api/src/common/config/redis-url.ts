/**
 * What REDIS_URL may say (issue 41), read by the config's check at boot and by the one Redis connection factory
 * (common/redis/redis-connection.ts). Pure: no client here.
 */

export interface RedisNode {
  host: string;
  port: number;
}

export interface RedisCredentials {
  username?: string;
  password?: string;
  tls: boolean;
}

/** What REDIS_URL names (issue 41). */
export type RedisTarget =
  /** `redis://[user:pass@]host:port[/db]` (or `rediss://`): handed to ioredis as written. */
  | { mode: 'single'; url: string }
  /** `redis+cluster://h1:p1,h2:p2,…` or `redis://h1:p1,h2:p2,…`: the nodes ioredis starts from. */
  | ({ mode: 'cluster'; nodes: RedisNode[] } & RedisCredentials)
  /** `redis+sentinel://h1:26379,h2:26379/<master>[/db]`: the sentinels, and the master group they watch. */
  | ({ mode: 'sentinel'; sentinels: RedisNode[]; masterName: string; db: number; sentinelPassword?: string } & RedisCredentials);

const URL_SHAPE = /^(rediss?)(\+cluster|\+sentinel)?:\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/;

/**
 * Reads REDIS_URL; throws an Error whose message says in one line what is wrong (the config's zod check shows it).
 * A password goes URL-encoded in the user part, for the Redis servers (not the sentinels: `?sentinelPassword=`).
 */
export function parseRedisUrl(url: string): RedisTarget {
  const match = URL_SHAPE.exec(url.trim());
  if (!match) throw new Error('attendu redis://hôte:port[/base], redis+cluster://h1:p1,h2:p2 ou redis+sentinel://h1:26379,h2:26379/maître');
  const [, scheme, kind, userInfo, hostList, path = '', query = ''] = match;
  const defaultPort = kind === '+sentinel' ? 26379 : 6379;
  const nodes = hostList!.split(',').map((host) => parseNode(host.trim(), defaultPort));
  const credentials: RedisCredentials = { ...parseUserInfo(userInfo), tls: scheme === 'rediss' };
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);

  if (kind === '+sentinel') {
    const [masterName, db = '0', ...rest] = segments;
    if (!masterName || rest.length) throw new Error('redis+sentinel:// doit nommer le maître après les sentinelles : redis+sentinel://h1:26379,h2:26379/mymaster[/base]');
    const sentinelPassword = new URLSearchParams(query).get('sentinelPassword') ?? undefined;
    return { mode: 'sentinel', sentinels: nodes, masterName, db: parseDb(db), ...credentials, ...(sentinelPassword && { sentinelPassword }) };
  }
  if (kind === '+cluster' || nodes.length > 1) {
    if (segments.length && !(segments.length === 1 && segments[0] === '0')) throw new Error('un cluster Redis n’a que la base 0 : retirez le /<base> de l’URL');
    return { mode: 'cluster', nodes, ...credentials };
  }
  parseDb(segments[0] ?? '0');
  if (segments.length > 1) throw new Error('une seule base après l’hôte : redis://hôte:port/<base>');
  return { mode: 'single', url: url.trim() };
}

function parseNode(text: string, defaultPort: number): RedisNode {
  // `[::1]:6379`, `host:6379` or `host`.
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d+))?$/.exec(text);
  if (!match) throw new Error(`hôte Redis illisible : « ${text} » (attendu hôte:port)`);
  const port = match[3] === undefined ? defaultPort : Number(match[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`port Redis invalide : « ${text} »`);
  return { host: match[1] ?? match[2]!, port };
}

function parseUserInfo(userInfo: string | undefined): Pick<RedisCredentials, 'username' | 'password'> {
  if (!userInfo) return {};
  const colon = userInfo.indexOf(':');
  const username = decodeURIComponent(colon < 0 ? userInfo : userInfo.slice(0, colon));
  const password = colon < 0 ? undefined : decodeURIComponent(userInfo.slice(colon + 1));
  // As ioredis reads a URL: `redis://user@host` names a user, `redis://:password@host` gives only a password.
  return { ...(username && { username }), ...(password && { password }) };
}

function parseDb(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 15) throw new Error(`numéro de base Redis invalide : « ${text} » (0 à 15)`);
  return Number(text);
}

/** The one-line problem with a REDIS_URL, or null when it is readable. */
export function redisUrlProblem(url: string): string | null {
  try {
    parseRedisUrl(url);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
