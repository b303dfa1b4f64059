import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SessionCheck } from '../auth/session-check.service.js';
import { SessionSweep, SWEEP_CHUNK } from './session-sweep.service.js';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');
const SWEEP_MS = 30_000;

interface Account {
  id: string;
  isActive: boolean;
  activatedAt: Date | null;
  anonymizedAt: Date | null;
  sessionVersion: number;
}

const account = (id: string, changes: Partial<Account> = {}): Account => ({
  id,
  isActive: true,
  activatedAt: new Date('2026-01-01T00:00:00.000Z'),
  anonymizedAt: null,
  sessionVersion: 0,
  ...changes,
});

/** The real session check on faked accounts; sockets that record whether they were dropped. */
function setUp() {
  const accounts = new Map<string, Account>();
  const users = { findAuthStates: jest.fn(async (ids: string[]) => ids.flatMap((id) => accounts.get(id) ?? [])) };
  const sweep = new SessionSweep(
    new SessionCheck({} as never, users as never, {} as never),
    { now: () => new Date(NOW) } as never,
    { SOCKET_SESSION_SWEEP_MS: SWEEP_MS } as never,
    { warn: jest.fn() } as never,
  );
  const socket = (userId: string, sv = 0) => {
    const dropped = jest.fn((_close: boolean) => {});
    return { id: `socket-${userId}-${sv}`, data: { user: { id: userId, sv } }, disconnect: dropped, dropped };
  };
  return { sweep, accounts, users, socket };
}

describe('SessionSweep', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });
  afterEach(() => {
    t.sweep.onModuleDestroy();
    jest.useRealTimers();
  });

  it('disconnects only the sockets whose session is no longer valid, reading every account once', async () => {
    t.accounts.set('fine', account('fine', { sessionVersion: 1 }));
    t.accounts.set('disabled', account('disabled', { isActive: false }));
    t.accounts.set('never-activated', account('never-activated', { activatedAt: null }));
    t.accounts.set('anonymised', account('anonymised', { anonymizedAt: new Date(NOW) }));
    const sockets = {
      fine: t.socket('fine', 1),
      fineOnAnotherTab: t.socket('fine', 1),
      beforePasswordChange: t.socket('fine', 0),
      disabled: t.socket('disabled'),
      neverActivated: t.socket('never-activated'),
      anonymised: t.socket('anonymised'),
      deleted: t.socket('deleted'),
    };
    await t.sweep.sweep(Object.values(sockets));

    const dropped = Object.entries(sockets).flatMap(([name, socket]) => (socket.dropped.mock.calls.length ? [name] : []));
    expect(dropped).toEqual(['beforePasswordChange', 'disabled', 'neverActivated', 'anonymised', 'deleted']);
    expect(sockets.disabled.dropped).toHaveBeenCalledWith(true);
    expect(t.users.findAuthStates).toHaveBeenCalledTimes(1);
    expect([...t.users.findAuthStates.mock.calls[0]![0]].sort()).toEqual(['anonymised', 'deleted', 'disabled', 'fine', 'never-activated']);
  });

  it('reads the accounts of many sockets a thousand at a time', async () => {
    const sockets = Array.from({ length: 2_500 }, (_, index) => {
      t.accounts.set(`user-${index}`, account(`user-${index}`, { isActive: index !== 1_700 }));
      return t.socket(`user-${index}`);
    });
    await t.sweep.sweep(sockets);
    expect(t.users.findAuthStates.mock.calls.map(([ids]) => ids.length)).toEqual([SWEEP_CHUNK, SWEEP_CHUNK, 500]);
    expect(sockets.flatMap((socket, index) => (socket.dropped.mock.calls.length ? [index] : []))).toEqual([1_700]);
  });

  it('asks nothing when no socket is connected', async () => {
    await t.sweep.sweep([]);
    expect(t.users.findAuthStates).not.toHaveBeenCalled();
  });

  it('sweeps every SOCKET_SESSION_SWEEP_MS the sockets connected at that time', async () => {
    jest.useFakeTimers();
    t.accounts.set('user', account('user'));
    const socket = t.socket('user');
    t.sweep.start(() => [socket]);
    await jest.advanceTimersByTimeAsync(SWEEP_MS);
    expect(socket.dropped).not.toHaveBeenCalled();
    t.accounts.set('user', account('user', { isActive: false }));
    await jest.advanceTimersByTimeAsync(SWEEP_MS - 1);
    expect(socket.dropped).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(socket.dropped).toHaveBeenCalledWith(true);
  });

  it("drops a socket when its token expires, by the injected clock's time", () => {
    // The machine's time is a day ahead of the clock the service is given: only the clock counts.
    jest.useFakeTimers({ now: NOW + 86_400_000 });
    const socket = t.socket('user');
    t.sweep.endAtExpiry(socket, NOW / 1000 + 5);
    jest.advanceTimersByTime(4999);
    expect(socket.dropped).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(socket.dropped).toHaveBeenCalledWith(true);
  });

  it('forgets the expiry of a socket that left, and keeps one whose token has no expiry', () => {
    jest.useFakeTimers();
    const left = t.socket('left');
    const forever = t.socket('forever');
    t.sweep.endAtExpiry(left, NOW / 1000 + 5);
    t.sweep.endAtExpiry(forever, undefined);
    t.sweep.forget(left);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(60_000);
    expect(left.dropped).not.toHaveBeenCalled();
    expect(forever.dropped).not.toHaveBeenCalled();
  });
});
