import { describe, expect, it, jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { loadConfig } from '../../common/config/config.js';
import type { Clock, RandomSource, SecretHasher } from '../../common/security/secrets.js';
import type { AuthRepository } from './auth.repository.js';
import { TokensService, VERIFIED_TOKENS_KEPT } from './tokens.service.js';

// The access tokens' check (the session check's first step): the real JwtService, as AuthModule configures it, and
// an injected clock that both the signature check and the tokens kept read.
const SECRET = 'a-test-secret-of-at-least-32-characters!';
const TTL = 900;

function setUp() {
  let now = Date.UTC(2026, 10, 28, 12, 0, 0);
  const jwt = new JwtService({
    secret: createSecretKey(Buffer.from(SECRET)),
    signOptions: { algorithm: 'HS256', expiresIn: TTL },
    verifyOptions: { algorithms: ['HS256'] },
  });
  const clock = { now: () => new Date(now) } as Clock;
  const config = loadConfig({ SECRET_KEY: SECRET });
  const tokens = new TokensService(jwt, {} as AuthRepository, {} as RandomSource, {} as SecretHasher, clock, config);
  const signedAt = (at: number, sub: string) => jwt.sign({ sub, role: 'client', sv: 1, iat: Math.floor(at / 1000) });
  const verifySpy = jest.spyOn(jwt, 'verify');
  return { tokens, signedAt, verifySpy, setNow: (at: number) => (now = at), now: () => now };
}

describe('TokensService.verifyAccess', () => {
  it('checks a token once, then answers its claims from memory', async () => {
    const { tokens, signedAt, verifySpy, now } = setUp();
    const token = signedAt(now(), 'user-1');
    await expect(tokens.verifyAccess(token)).resolves.toMatchObject({ sub: 'user-1', role: 'client', sv: 1 });
    await expect(tokens.verifyAccess(token)).resolves.toMatchObject({ sub: 'user-1', role: 'client', sv: 1 });
    expect(verifySpy).toHaveBeenCalledTimes(1);
  });

  it('refuses a kept token from the second it expires, as the signature check refuses it', async () => {
    const { tokens, signedAt, setNow, now } = setUp();
    const issuedAt = now();
    const token = signedAt(issuedAt, 'user-1');
    await expect(tokens.verifyAccess(token)).resolves.not.toBeNull();
    setNow(issuedAt + (TTL - 1) * 1000);
    await expect(tokens.verifyAccess(token)).resolves.not.toBeNull();
    setNow(issuedAt + TTL * 1000);
    await expect(tokens.verifyAccess(token)).resolves.toBeNull();
    // Forgotten once refused: checked afresh, and still refused.
    await expect(tokens.verifyAccess(token)).resolves.toBeNull();
    // The same token never seen before by another process is refused the same.
    await expect(setUpAt(issuedAt + TTL * 1000).verifyAccess(token)).resolves.toBeNull();
  });

  it('keeps nothing of a forged, altered or foreign token, and refuses it each time', async () => {
    const { tokens, signedAt, verifySpy, now } = setUp();
    const token = signedAt(now(), 'user-1');
    const [header, payload] = token.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin-1', role: 'admin', sv: 1, exp: 9_999_999_999 })).toString('base64url')}.${token.split('.')[2]}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const foreign = new JwtService({ secret: 'another-secret-of-at-least-32-characters', signOptions: { expiresIn: TTL } }).sign({ sub: 'user-1', role: 'client', sv: 1 });
    for (const bad of [altered, unsigned, foreign, 'not-a-token']) {
      await expect(tokens.verifyAccess(bad)).resolves.toBeNull();
      await expect(tokens.verifyAccess(bad)).resolves.toBeNull();
    }
    expect(verifySpy).toHaveBeenCalledTimes(8);
    // The genuine one still verifies.
    await expect(tokens.verifyAccess(token)).resolves.toMatchObject({ sub: 'user-1' });
  });

  it(`keeps at most ${VERIFIED_TOKENS_KEPT} tokens, dropping the oldest verified`, async () => {
    const { tokens, verifySpy } = setUp();
    // Signing as many real tokens would take seconds: the signature check is stood in for here.
    verifySpy.mockImplementation(((token: string) => ({ sub: token, role: 'client', sv: 1, exp: 9_999_999_999 })) as never);
    for (let i = 0; i <= VERIFIED_TOKENS_KEPT; i++) await tokens.verifyAccess(`token-${i}`);
    expect(verifySpy).toHaveBeenCalledTimes(VERIFIED_TOKENS_KEPT + 1);
    await tokens.verifyAccess(`token-${VERIFIED_TOKENS_KEPT}`);
    await tokens.verifyAccess('token-1');
    expect(verifySpy).toHaveBeenCalledTimes(VERIFIED_TOKENS_KEPT + 1);
    // The first one verified was dropped: checked again.
    await tokens.verifyAccess('token-0');
    expect(verifySpy).toHaveBeenCalledTimes(VERIFIED_TOKENS_KEPT + 2);
  });
});

/** A service whose clock reads `at`, which has kept no token. */
function setUpAt(at: number) {
  const context = setUp();
  context.setNow(at);
  return context.tokens;
}
