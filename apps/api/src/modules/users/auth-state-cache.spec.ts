import { describe, expect, it, jest } from '@jest/globals';
import { AuthStateCache } from './auth-state-cache.js';

interface State {
  sessionVersion: number;
}

/** A cache on a hand-moved clock, over a "database" the test changes. */
function setUp({ ttlMs = 5_000, maxEntries = 100 } = {}) {
  let now = 1_000_000;
  const database = new Map<string, State>();
  const load = jest.fn(async (id: string) => ({ ...database.get(id)! }));
  const cache = new AuthStateCache<State>(ttlMs, maxEntries, () => now);
  return {
    cache,
    database,
    load,
    read: (id: string) => cache.read(id, load),
    advance: (ms: number) => (now += ms),
  };
}

/** A read the test finishes by hand, to act while it is under way. */
function deferred() {
  let resolve!: (state: State) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<State>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('AuthStateCache', () => {
  it('reads an account once, then answers from memory until the TTL runs out', async () => {
    const t = setUp();
    t.database.set('u1', { sessionVersion: 0 });
    expect(await t.read('u1')).toEqual({ sessionVersion: 0 });
    t.database.set('u1', { sessionVersion: 1 });
    t.advance(4_999);
    expect(await t.read('u1')).toEqual({ sessionVersion: 0 });
    expect(t.load).toHaveBeenCalledTimes(1);
    t.advance(1);
    expect(await t.read('u1')).toEqual({ sessionVersion: 1 });
    expect(t.load).toHaveBeenCalledTimes(2);
  });

  it('reads afresh at once an account it was told to forget', async () => {
    const t = setUp();
    t.database.set('u1', { sessionVersion: 0 });
    t.database.set('u2', { sessionVersion: 0 });
    await t.read('u1');
    await t.read('u2');
    t.database.set('u1', { sessionVersion: 1 });
    t.cache.forget('u1');
    expect(await t.read('u1')).toEqual({ sessionVersion: 1 });
    await t.read('u2');
    expect(t.load.mock.calls.map(([id]) => id)).toEqual(['u1', 'u2', 'u1']);
  });

  it('shares one read between the requests that arrive while it is under way', async () => {
    const t = setUp();
    const pending = deferred();
    const load = jest.fn(() => pending.promise);
    const first = t.cache.read('u1', load);
    const second = t.cache.read('u1', load);
    pending.resolve({ sessionVersion: 3 });
    expect(await Promise.all([first, second])).toEqual([{ sessionVersion: 3 }, { sessionVersion: 3 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a read that was under way when the account was forgotten (it may predate the change)', async () => {
    const t = setUp();
    const before = deferred();
    const stale = t.cache.read('u1', () => before.promise);
    t.cache.forget('u1');
    before.resolve({ sessionVersion: 0 });
    expect(await stale).toEqual({ sessionVersion: 0 });
    t.database.set('u1', { sessionVersion: 1 });
    expect(await t.read('u1')).toEqual({ sessionVersion: 1 });
  });

  it('keeps no failed read: the next request tries again', async () => {
    const t = setUp();
    const failing = deferred();
    const first = t.cache.read('u1', () => failing.promise);
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    t.database.set('u1', { sessionVersion: 0 });
    expect(await t.read('u1')).toEqual({ sessionVersion: 0 });
  });

  it('forgets everything when cleared', async () => {
    const t = setUp();
    t.database.set('u1', { sessionVersion: 0 });
    await t.read('u1');
    t.cache.clear();
    expect(t.cache.size).toBe(0);
    await t.read('u1');
    expect(t.load).toHaveBeenCalledTimes(2);
  });

  it('holds at most its number of accounts, dropping the oldest reads and the expired ones first', async () => {
    const t = setUp({ ttlMs: 1_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c', 'd']) t.database.set(id, { sessionVersion: 0 });
    await t.read('a');
    t.advance(10);
    await t.read('b');
    await t.read('c');
    expect(t.cache.size).toBe(2);
    await t.read('b');
    expect(t.load).toHaveBeenCalledTimes(3);
    t.advance(1_000);
    await t.read('d');
    expect(t.cache.size).toBe(1);
  });
});
