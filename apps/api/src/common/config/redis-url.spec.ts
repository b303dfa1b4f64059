import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, redactUrl } from './config.js';
import { parseRedisUrl, redisUrlProblem } from './redis-url.js';

describe('parseRedisUrl', () => {
  it('keeps a plain URL as written (ioredis reads it as before)', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toEqual({ mode: 'single', url: 'redis://127.0.0.1:6379' });
    expect(parseRedisUrl('rediss://:s3cret@cache.internal:6380/2')).toEqual({ mode: 'single', url: 'rediss://:s3cret@cache.internal:6380/2' });
    expect(parseRedisUrl('redis://localhost')).toEqual({ mode: 'single', url: 'redis://localhost' });
  });

  it('reads a cluster, named or as a list of nodes', () => {
    const nodes = [
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
      { host: 'redis-3', port: 6379 },
    ];
    expect(parseRedisUrl('redis+cluster://10.0.0.1:7000,10.0.0.2:7001,redis-3')).toEqual({ mode: 'cluster', nodes, tls: false });
    expect(parseRedisUrl('redis://10.0.0.1:7000, 10.0.0.2:7001 ,redis-3')).toEqual({ mode: 'cluster', nodes, tls: false });
    // One node is enough for ioredis to find the others.
    expect(parseRedisUrl('redis+cluster://127.0.0.1:7000')).toMatchObject({ mode: 'cluster', nodes: [{ host: '127.0.0.1', port: 7000 }] });
    expect(parseRedisUrl('rediss+cluster://app:p%40ss@[::1]:7000,[::1]:7001/0')).toEqual({
      mode: 'cluster',
      nodes: [
        { host: '::1', port: 7000 },
        { host: '::1', port: 7001 },
      ],
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
  });

  it('reads a Sentinel set: the sentinels, the master they watch, the database, the passwords', () => {
    expect(parseRedisUrl('redis+sentinel://s1:26379,s2:26380,s3/coursa')).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
        { host: 's3', port: 26379 },
      ],
      masterName: 'coursa',
      db: 0,
      tls: false,
    });
    expect(parseRedisUrl('redis+sentinel://:pw@s1:26379/coursa/3?sentinelPassword=spw')).toMatchObject({
      mode: 'sentinel',
      masterName: 'coursa',
      db: 3,
      password: 'pw',
      sentinelPassword: 'spw',
    });
  });

  it('refuses what it cannot read, in one French line', () => {
    expect(redisUrlProblem('localhost:6379')).toMatch(/^attendu redis:\/\/hôte:port/);
    expect(redisUrlProblem('http://127.0.0.1:6379')).toMatch(/^attendu redis:\/\//);
    expect(redisUrlProblem('redis+sentinel://s1:26379,s2:26379')).toMatch(/doit nommer le maître/);
    expect(redisUrlProblem('redis+cluster://a:7000,b:7001/2')).toMatch(/que la base 0/);
    expect(redisUrlProblem('redis://a:7000,b:99999')).toMatch(/port Redis invalide : « b:99999 »/);
    expect(redisUrlProblem('redis://a:7000/16')).toMatch(/numéro de base Redis invalide/);
    expect(redisUrlProblem('redis://a:7000,:7001')).toMatch(/hôte Redis illisible/);
    for (const problem of ['localhost:6379', 'redis+sentinel://s1', 'redis://a,b:x'].map(redisUrlProblem)) expect(problem).not.toMatch(/\n/);
  });

  it('is checked at boot', () => {
    expect(loadConfig({ REDIS_URL: 'redis+cluster://127.0.0.1:7000,127.0.0.1:7001' }).REDIS_URL).toBe('redis+cluster://127.0.0.1:7000,127.0.0.1:7001');
    expect(() => loadConfig({ REDIS_URL: 'redis+sentinel://s1:26379' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'redis+sentinel://s1:26379' })).toThrow(/^Variable REDIS_URL invalide : redis\+sentinel:\/\/ doit nommer le maître/);
  });

  it('hides the password of a list of hosts too', () => {
    expect(redactUrl('redis+cluster://app:s3cret@a:7000,b:7001')).toBe('redis+cluster://app:***@a:7000,b:7001');
    expect(redactUrl('redis+sentinel://:s3cret@s1:26379,s2:26379/coursa')).toBe('redis+sentinel://:***@s1:26379,s2:26379/coursa');
    expect(redactUrl('redis://a:7000,b:7001')).toBe('redis://a:7000,b:7001');
  });
});
