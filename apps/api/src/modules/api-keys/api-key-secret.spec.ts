import { describe, expect, it } from '@jest/globals';
import { RandomSource } from '../../common/security/secrets.js';
import { apiKeyPrefixOf, looksLikeApiKey, newApiKey } from './api-key-secret.js';

describe('an API key', () => {
  it('is cs_live_, 12 random letters and digits, _ and a 32-byte secret; its public part is the first 20 characters', () => {
    const { key, prefix } = newApiKey(new RandomSource());
    expect(key).toMatch(/^cs_live_[A-Za-z0-9]{12}_[\w-]{43}$/);
    expect(prefix).toBe(key.slice(0, 20));
    expect(apiKeyPrefixOf(key)).toBe(prefix);
    expect(newApiKey(new RandomSource()).key).not.toBe(key);
  });

  it('is read by its positions, whatever `_` its secret holds', () => {
    const key = `cs_live_abcdefghijkl_${'_'.repeat(21)}-${'x'.repeat(21)}`;
    expect(apiKeyPrefixOf(key)).toBe('cs_live_abcdefghijkl');
  });

  it('is no key when its shape is wrong: too short, too long, another prefix, foreign characters', () => {
    const { key } = newApiKey(new RandomSource());
    const withDash = `${key.slice(0, 10)}-${key.slice(11)}`;
    for (const token of [key.slice(0, -1), `${key}x`, key.replace('cs_live_', 'cs_test_'), `${key.slice(0, -1)}+`, `${key.slice(0, 20)}-${key.slice(21)}`, withDash, 'cs_live_']) {
      expect(apiKeyPrefixOf(token)).toBeNull();
    }
  });

  it('is told from a session token by its prefix alone', () => {
    expect(looksLikeApiKey('cs_live_whatever')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.signature')).toBe(false);
  });
});
