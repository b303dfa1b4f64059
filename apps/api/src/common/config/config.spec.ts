import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, redactUrl } from './config.js';

describe('loadConfig', () => {
  it('works with no variable at all on a developer machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:5432/coursa',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMS_DRIVER: 'log',
      OUTBOX_FILE: 'var/outbox.jsonl',
    });
  });

  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(new ConfigError('Variable PORT invalide : Entrée invalide : nombre attendu, NaN reçu'));
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/^Variable REDIS_URL invalide/);
    expect(() => loadConfig({ SMS_DRIVER: 'pigeon' })).toThrow(/^Variable SMS_DRIVER invalide/);
  });

  it('reads figures on DATABASE_REPLICA_URL when it is set, a PostgreSQL URL of the same schema', () => {
    expect(loadConfig({}).DATABASE_REPLICA_URL).toBeUndefined();
    // docker-compose passes unset variables through as ''.
    expect(loadConfig({ DATABASE_REPLICA_URL: '' }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_REPLICA_URL: 'postgres://coursa:hunter2@replica:5432/coursa' }).DATABASE_REPLICA_URL).toBe('postgres://coursa:hunter2@replica:5432/coursa');
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'mysql://coursa:hunter2@replica/coursa' })).toThrow(/^Variable DATABASE_REPLICA_URL invalide : doit être une URL postgresql:\/\//);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'mysql://coursa:hunter2@replica/coursa' })).not.toThrow(/hunter2/);
    const primary = 'postgresql://postgres@127.0.0.1:5432/coursa?schema=suite_a';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'postgresql://postgres@127.0.0.1:5433/coursa?schema=suite_a' }).DATABASE_REPLICA_URL).toMatch(/5433/);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'postgresql://postgres@127.0.0.1:5433/coursa' })).toThrow(/^Variable DATABASE_REPLICA_URL invalide : son \?schema= doit être celui de DATABASE_URL/);
  });

  it('requires a real secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY manquante/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'short' })).toThrow(/SECRET_KEY invalide/);
  });

  it('sends e-mail through SMTP_URL when it is set, and names a bad one without repeating it (it holds a password)', () => {
    expect(loadConfig({})).toMatchObject({ EMAIL_FROM: 'Coursa <no-reply@coursa.gn>', EMAIL_PER_ADDRESS_PER_HOUR: 10 });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    // docker-compose passes unset variables through as ''.
    expect(loadConfig({ SMTP_URL: '', EMAIL_FROM: '' })).toMatchObject({ EMAIL_FROM: 'Coursa <no-reply@coursa.gn>' });
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://relay:p%40ss@smtp.example.gn:465' }).SMTP_URL).toBe('smtps://relay:p%40ss@smtp.example.gn:465');
    for (const url of ['http://relay:hunter2@smtp.example.gn', 'smtp://relay:hunter2@', 'relay:hunter2']) {
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(/^Variable SMTP_URL invalide : doit être une URL smtp:\/\/ ou smtps:\/\//);
      expect(() => loadConfig({ SMTP_URL: url })).not.toThrow(/hunter2/);
    }
    expect(loadConfig({ EMAIL_FROM: 'no-reply@coursa.gn' }).EMAIL_FROM).toBe('no-reply@coursa.gn');
    expect(() => loadConfig({ EMAIL_FROM: 'Coursa' })).toThrow(/^Variable EMAIL_FROM invalide/);
    expect(() => loadConfig({ EMAIL_FROM: 'Coursa <a@coursa.gn>\r\nBcc: b@example.com' })).toThrow(/^Variable EMAIL_FROM invalide/);
  });

  it('requires a VAPID pair in production, both keys or neither anywhere', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY manquantes/);
    const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
    expect(loadConfig({ ...production, ...pair })).toMatchObject({ ...pair, PUSH_PER_USER_PER_HOUR: 30, ARRIVING_RADIUS_M: 300, PUSH_TRUSTED_ORIGINS: [] });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/données ensemble/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/^Variable VAPID_PRIVATE_KEY invalide/);
    expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it('sends webhooks to public hosts only unless origins are allowed, and retries them for about three days', () => {
    expect(loadConfig({})).toMatchObject({ WEBHOOK_ALLOWED_ORIGINS: [], WEBHOOK_TIMEOUT_MS: 10_000, WEBHOOK_RETRY_BASE_MS: 30_000, WEBHOOK_MAX_ATTEMPTS: 10, WEBHOOK_DISABLE_AFTER_FAILURES: 5 });
    expect(loadConfig({ WEBHOOK_ALLOWED_ORIGINS: 'http://127.0.0.1:4200, http://localhost:4300' }).WEBHOOK_ALLOWED_ORIGINS).toEqual(['http://127.0.0.1:4200', 'http://localhost:4300']);
    expect(() => loadConfig({ WEBHOOK_MAX_ATTEMPTS: '11' })).toThrow(/^Variable WEBHOOK_MAX_ATTEMPTS invalide/);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '120000' })).toThrow(/^Variable WEBHOOK_TIMEOUT_MS invalide/);
  });

  it("requires the chosen SMS provider's credentials", () => {
    expect(() => loadConfig({ SMS_DRIVER: 'nimba' })).toThrow('Variable NIMBA_SERVICE_ID manquante : requise par SMS_DRIVER=nimba.');
  });
});

describe('redactUrl', () => {
  it('hides the password', () => {
    expect(redactUrl('postgresql://postgres:hunter2@db:5432/coursa')).toBe('postgresql://postgres:***@db:5432/coursa');
  });
});
