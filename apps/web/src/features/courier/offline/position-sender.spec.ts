import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { PositionAck, PositionsAck } from '@coursa/contracts';
import type { MeasuredPosition } from '../hooks/position-filter';
import { createPositionSender, type PositionLink } from './position-sender';

const RETRY_MS = 1000;
const at = (second: number): MeasuredPosition => ({ lat: 9.5, lng: -13.6, at: second * 1000 });
const second = (position: { at: string | number }) => Number(position.at) / 1000;

/** The socket, as the sender sees it: up or down, its answers chosen by the test. */
interface FakeLink extends PositionLink {
  up: boolean;
  live: number[];
  batches: number[][];
  liveAnswer: PositionAck | null;
  batchAnswers: (PositionsAck | null)[];
}

function fakeLink(): FakeLink {
  const link: FakeLink = {
    up: true,
    live: [],
    batches: [],
    liveAnswer: { ok: true },
    batchAnswers: [],
    isUp: () => link.up,
    sendOne: async (position) => {
      link.live.push(second(position));
      return link.liveAnswer;
    },
    sendBatch: async (positions) => {
      link.batches.push(positions.map(second));
      return link.batchAnswers.length ? link.batchAnswers.shift()! : { ok: true, stored: positions.length, dropped: 0 };
    },
  };
  return link;
}

/** The buffer's bounds and its mirror are its own spec's: here, a list in time order. */
function memoryBuffer() {
  let kept: MeasuredPosition[] = [];
  return {
    get size() {
      return kept.length;
    },
    add: async (position: MeasuredPosition) => void (kept = [...kept, position].sort((a, b) => a.at - b.at)),
    batch: () => [...kept],
    remove: async (sent: readonly MeasuredPosition[]) => void (kept = kept.filter((position) => !sent.includes(position))),
  };
}

let link: FakeLink;
let buffer: ReturnType<typeof memoryBuffer>;
let sender: ReturnType<typeof createPositionSender>;

describe('createPositionSender', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    link = fakeLink();
    buffer = memoryBuffer();
    sender = createPositionSender(link, buffer, RETRY_MS);
  });
  afterEach(() => {
    sender.stop();
    jest.useRealTimers();
  });

  it('sends live while the link is up, keeping nothing', async () => {
    await expect(sender.send(at(1))).resolves.toEqual({ ok: true });
    await sender.send(at(2));
    expect(link.live).toEqual([1, 2]);
    expect(link.batches).toEqual([]);
    expect(buffer.size).toBe(0);
  });

  it('keeps what is measured while the link is down, sends it back up as one batch in time order, then goes live again', async () => {
    link.up = false;
    for (const each of [1, 2, 3]) await expect(sender.send(at(each))).resolves.toBeUndefined();
    await sender.flush();
    expect([link.live, link.batches]).toEqual([[], []]);

    link.up = true;
    await sender.flush();
    expect(link.batches).toEqual([[1, 2, 3]]);
    expect(buffer.size).toBe(0);
    await sender.send(at(4));
    expect(link.live).toEqual([4]);
  });

  it('keeps a live position the server did not answer, and sends it with the next batch', async () => {
    link.liveAnswer = null;
    await expect(sender.send(at(1))).resolves.toBeUndefined();
    await jest.advanceTimersByTimeAsync(0);
    expect(link.batches).toEqual([[1]]);
    expect(buffer.size).toBe(0);
  });

  it('keeps a batch that was not carried and tries it again while the link is up, until it goes', async () => {
    link.up = false;
    await sender.send(at(1));
    link.up = true;
    link.batchAnswers = [null, null];
    void sender.flush();
    await jest.advanceTimersByTimeAsync(0);
    expect(link.batches).toEqual([[1]]);
    await jest.advanceTimersByTimeAsync(RETRY_MS);
    expect(link.batches).toEqual([[1], [1]]);
    expect(buffer.size).toBe(1);
    await jest.advanceTimersByTimeAsync(RETRY_MS);
    expect(link.batches).toEqual([[1], [1], [1]]);
    expect(buffer.size).toBe(0);
  });

  it('stops trying while the link is down, and sends what waits when it is back', async () => {
    link.up = false;
    await sender.send(at(1));
    link.up = true;
    link.batchAnswers = [null];
    void sender.flush();
    await jest.advanceTimersByTimeAsync(0);
    link.up = false;
    await jest.advanceTimersByTimeAsync(10 * RETRY_MS);
    expect(link.batches).toEqual([[1]]);
    link.up = true;
    await sender.flush();
    expect(link.batches).toEqual([[1], [1]]);
    expect(buffer.size).toBe(0);
  });

  it('tries a batch refused as too soon again a second later; positions measured meanwhile wait their turn, not sent live', async () => {
    link.up = false;
    await sender.send(at(1));
    link.up = true;
    link.batchAnswers = [{ ok: false, code: 'RATE_LIMITED', detail: 'Un lot de positions par seconde au plus.' }];
    void sender.flush();
    await jest.advanceTimersByTimeAsync(0);
    await sender.send(at(2));
    expect(link.live).toEqual([]);
    await jest.advanceTimersByTimeAsync(RETRY_MS);
    expect(link.batches).toEqual([[1], [1, 2]]);
    await sender.send(at(3));
    expect(link.live).toEqual([3]);
  });

  it('forgets a batch refused for good (a time in the server’s future), rather than sending it forever', async () => {
    link.up = false;
    await sender.send(at(1));
    link.up = true;
    link.batchAnswers = [{ ok: false, code: 'INVALID_POSITION', detail: 'Position datée dans le futur' }];
    await sender.flush();
    await jest.advanceTimersByTimeAsync(10 * RETRY_MS);
    expect(link.batches).toEqual([[1]]);
    expect(buffer.size).toBe(0);
  });

  it('sends nothing more once stopped', async () => {
    link.up = false;
    await sender.send(at(1));
    link.up = true;
    link.batchAnswers = [null];
    void sender.flush();
    await jest.advanceTimersByTimeAsync(0);
    sender.stop();
    await jest.advanceTimersByTimeAsync(10 * RETRY_MS);
    await sender.flush();
    expect(link.batches).toEqual([[1]]);
  });
});
