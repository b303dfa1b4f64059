import { describe, expect, it } from '@jest/globals';
import { OAuthTokenCache } from './oauth-token-cache.js';

/** A provider whose tokens are numbered (token-1, token-2…) and last `lifetimeSeconds`, on a clock the test moves. */
function setUp(lifetimeSeconds = 3600) {
  let now = Date.parse('2025-01-01T08:00:00Z');
  let issued = 0;
  const clock = { now: () => new Date(now) };
  const cache = new OAuthTokenCache(async () => ({ access_token: `token-${++issued}`, expires_in: lifetimeSeconds }), clock);
  const seen: string[] = [];
  /** A request the provider answers 200, or 401 for the tokens listed. */
  const send = (refused: string[] = []) =>
    cache.send(async (token) => {
      seen.push(token);
      return new Response(null, { status: refused.includes(token) ? 401 : 200 });
    });
  return {
    cache,
    send,
    seen,
    issued: () => issued,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('OAuthTokenCache', () => {
  it('reuses a token until a minute before it expires, then asks for a new one', async () => {
    const provider = setUp(3600);
    await provider.send();
    provider.advance(3600_000 - 60_000 - 1);
    await provider.send();
    expect(provider.seen).toEqual(['token-1', 'token-1']);
    provider.advance(1);
    await provider.send();
    expect(provider.seen).toEqual(['token-1', 'token-1', 'token-2']);
  });

  it('never reuses a token that lives less than the renewal margin', async () => {
    const provider = setUp(30);
    await provider.send();
    await provider.send();
    expect(provider.seen).toEqual(['token-1', 'token-2']);
  });

  it('asks once for callers waiting together', async () => {
    const provider = setUp();
    await Promise.all([provider.send(), provider.send(), provider.send()]);
    expect(provider.issued()).toBe(1);
    expect(provider.seen).toEqual(['token-1', 'token-1', 'token-1']);
  });

  it('sends a request refused with 401 once more with a new token', async () => {
    const provider = setUp();
    const response = await provider.send(['token-1']);
    expect(response.status).toBe(200);
    expect(provider.seen).toEqual(['token-1', 'token-2']);
    await provider.send();
    expect(provider.seen.at(-1)).toBe('token-2');
  });

  it('answers the second 401 as it is: the token is renewed only once per request', async () => {
    const provider = setUp();
    const response = await provider.send(['token-1', 'token-2']);
    expect(response.status).toBe(401);
    expect(provider.issued()).toBe(2);
  });

  it('keeps the token another caller has just renewed when its own old one is refused late', async () => {
    const provider = setUp();
    await provider.send();
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => {
      answerLate = resolve;
    });
    const slow = provider.cache.send(async (token) => {
      provider.seen.push(token);
      if (token === 'token-1') await late;
      return new Response(null, { status: token === 'token-1' ? 401 : 200 });
    });
    await provider.send(['token-1']);
    answerLate();
    expect((await slow).status).toBe(200);
    expect(provider.issued()).toBe(2);
    expect(provider.seen.at(-1)).toBe('token-2');
  });

  it('does not keep a failed token request: the next call asks again', async () => {
    let attempts = 0;
    const cache = new OAuthTokenCache(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('token endpoint down');
      return { access_token: 'token-2', expires_in: 3600 };
    });
    await expect(cache.send(async () => new Response(null))).rejects.toThrow('token endpoint down');
    const response = await cache.send(async (token) => new Response(token));
    expect(await response.text()).toBe('token-2');
  });
});
