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

  it('requires a real secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY manquante/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'short' })).toThrow(/SECRET_KEY invalide/);
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
