import { describe, expect, it, jest } from '@jest/globals';
import type { CourierPosition, PositionAck, RelayedPosition } from '@coursa/contracts';
import { LivePositions } from './live-positions.service.js';

const position = (courier: string, second = 0): CourierPosition => ({
  courier_id: courier,
  lat: 9.5,
  lng: -13.6,
  heading: null,
  speed: null,
  accuracy: null,
  at: new Date(Date.UTC(2026, 10, 25, 10, 0, second)).toISOString(),
  observed_speed_kmh: null,
});

const RECEIVED_MS = Date.UTC(2026, 10, 25, 10, 0, 1);

/** The end of the current event-loop turn, when LivePositions handles what arrived in it. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function setUp(kept: (positions: readonly CourierPosition[], receivedMs?: number) => Promise<boolean[]> = async (positions) => positions.map(() => true)) {
  const store = { saveEachIfDue: jest.fn(kept) };
  const trail = { add: jest.fn() };
  const metrics = { positions: { inc: jest.fn() } };
  const logger = { warn: jest.fn() };
  const local: [string[], CourierPosition][] = [];
  const ops: CourierPosition[][] = [];
  const relays: RelayedPosition[][] = [];
  const clock = { now: () => new Date(RECEIVED_MS) };
  const live = new LivePositions(store as never, trail as never, metrics as never, logger as never, clock as never);
  live.attach({ toCourses: (to, sent) => local.push([to, sent]), toOps: (sent) => ops.push(sent), relay: (relayed) => relays.push(relayed) });
  return { live, store, trail, metrics, logger, local, ops, relays };
}

describe('LivePositions', () => {
  it("keeps a turn's positions in one store call, sends each to its courses and all to ops in one frame, relays them in one message", async () => {
    const t = setUp();
    const acks: [string, PositionAck][] = [];
    t.live.accept(position('a'), ['course-1'], (answer) => acks.push(['a', answer]));
    t.live.accept(position('b'), ['course-2', 'course-3'], (answer) => acks.push(['b', answer]));
    t.live.accept(position('c'), [], (answer) => acks.push(['c', answer]));
    expect(t.store.saveEachIfDue).not.toHaveBeenCalled();
    await nextTurn();
    await nextTurn();

    expect(t.store.saveEachIfDue).toHaveBeenCalledTimes(1);
    expect(t.store.saveEachIfDue).toHaveBeenCalledWith([position('a'), position('b'), position('c')], RECEIVED_MS);
    expect(t.local).toEqual([
      [['course:course-1'], position('a')],
      [['course:course-2', 'course:course-3'], position('b')],
    ]);
    expect(t.ops).toEqual([[position('a'), position('b'), position('c')]]);
    expect(t.relays).toEqual([
      [
        [['course:course-1'], position('a')],
        [['course:course-2', 'course:course-3'], position('b')],
        [[], position('c')],
      ],
    ]);
    expect(t.trail.add.mock.calls).toEqual([
      [position('a'), ['course-1']],
      [position('b'), ['course-2', 'course-3']],
      [position('c'), []],
    ]);
    expect(acks).toEqual([
      ['a', { ok: true }],
      ['b', { ok: true }],
      ['c', { ok: true }],
    ]);
    expect(t.metrics.positions.inc).toHaveBeenCalledWith(3);
  });

  it('answers RATE_LIMITED to a position the gate refused, and sends it nowhere', async () => {
    const t = setUp(async () => [true, false]);
    const acks: PositionAck[] = [];
    t.live.accept(position('a', 0), ['course-1'], (answer) => acks.push(answer));
    t.live.accept(position('a', 0.5), ['course-1'], (answer) => acks.push(answer));
    await nextTurn();
    await nextTurn();
    expect(acks).toEqual([{ ok: true }, { ok: false, code: 'RATE_LIMITED', detail: 'Une position par seconde au plus.' }]);
    expect(t.local.map(([, sent]) => sent)).toEqual([position('a', 0)]);
    expect(t.ops).toEqual([[position('a', 0)]]);
    expect(t.relays).toEqual([[[['course:course-1'], position('a', 0)]]]);
    expect(t.trail.add).toHaveBeenCalledTimes(1);
  });

  it('relays nothing in a turn where nothing was kept', async () => {
    const t = setUp(async () => [false]);
    t.live.accept(position('a'), ['course-1']);
    await nextTurn();
    await nextTurn();
    expect(t.relays).toEqual([]);
    expect(t.ops).toEqual([]);
    expect(t.metrics.positions.inc).not.toHaveBeenCalled();
  });

  it('answers nobody when Redis fails, so that the phones send their positions again', async () => {
    const t = setUp(async () => {
      throw new Error('Connection is closed.');
    });
    const ack = jest.fn();
    t.live.accept(position('a'), ['course-1'], ack);
    await nextTurn();
    await nextTurn();
    expect(ack).not.toHaveBeenCalled();
    expect(t.local).toEqual([]);
    expect(t.ops).toEqual([]);
    expect(t.logger.warn).toHaveBeenCalledWith({ err: 'Connection is closed.', positions: 1 }, 'live positions not kept');
  });

  it('makes one store call per turn, the next turn starting a new one', async () => {
    const t = setUp();
    t.live.accept(position('a', 0), ['course-1']);
    await nextTurn();
    t.live.accept(position('a', 2), ['course-1']);
    await nextTurn();
    await nextTurn();
    expect(t.store.saveEachIfDue.mock.calls).toEqual([[[position('a', 0)], RECEIVED_MS], [[position('a', 2)], RECEIVED_MS]]);
  });

  it("delivers what another process relayed to this process's sockets, and sends a batch's latest position at once", () => {
    const t = setUp();
    t.live.deliver([
      [['course:course-9'], position('z')],
      [[], position('x')],
    ]);
    t.live.broadcast(position('y'), ['course-8']);
    expect(t.local).toEqual([
      [['course:course-9'], position('z')],
      [['course:course-8'], position('y')],
    ]);
    expect(t.ops).toEqual([[position('z'), position('x')], [position('y')]]);
    expect(t.relays).toEqual([[[['course:course-8'], position('y')]]]);
  });
});
