/** @jest-environment jsdom */
import { afterAll, describe, expect, it, jest } from '@jest/globals';

type Listener = (...args: unknown[]) => void;

/** Just enough of a Socket.IO client to fire its connection events by hand. */
class FakeSocket {
  readonly listeners = new Map<string, Listener[]>();
  recovered = false;
  active = true;
  connected = false;
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny() {
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  disconnect() {
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

const opened: FakeSocket[] = [];
jest.unstable_mockModule('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    opened.push(socket);
    return socket;
  },
}));
jest.unstable_mockModule('@/lib/api-client', () => ({ sessionTokens: { access: () => 'access-token', subscribe: () => () => {} } }));
const { connectSocket, disconnectSocket, onMissedEvents } = await import('./socket');

describe('the socket back after a cut (issue 41)', () => {
  afterAll(() => disconnectSocket());

  it('tells its listeners that events may have been missed on every reconnection, recovered or not, never on the first connection', () => {
    const missed = jest.fn();
    const stop = onMissedEvents(missed);
    connectSocket();
    const socket = opened.at(-1)!;
    socket.fire('connect');
    expect(missed).not.toHaveBeenCalled();

    // Back on another API process after the one holding its session died.
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(missed).toHaveBeenCalledTimes(1);

    // Recovered: the server sent what it missed, as a happy path only.
    socket.fire('disconnect', 'transport close');
    socket.recovered = true;
    socket.fire('connect');
    expect(missed).toHaveBeenCalledTimes(2);

    stop();
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(missed).toHaveBeenCalledTimes(2);
  });
});
