import { describe, expect, it } from '@jest/globals';
import { PerTurnBatch } from './per-turn-batch.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('PerTurnBatch', () => {
  it('runs the calls of one event-loop turn as one batch and gives each call its own result', async () => {
    const batches: number[][] = [];
    const doubles = new PerTurnBatch<number, number>(async (items) => {
      batches.push(items);
      return items.map((item) => item * 2);
    });
    const first = await Promise.all([doubles.add(1), doubles.add(2), doubles.add(3)]);
    const later = await doubles.add(4);
    expect(first).toEqual([2, 4, 6]);
    expect(later).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it("rejects every call of a failed batch with the batch's error, and runs the next one", async () => {
    let failing = true;
    const batch = new PerTurnBatch<string>(async () => {
      if (failing) throw new Error('Redis is down');
    });
    const calls = [batch.add('a'), batch.add('b')].map((call) => call.catch((error: Error) => error.message));
    expect(await Promise.all(calls)).toEqual(['Redis is down', 'Redis is down']);
    failing = false;
    await expect(batch.add('c')).resolves.toBeUndefined();
  });

  it('runs what is waiting at once when asked to settle, and waits for batches still running', async () => {
    const done: string[] = [];
    const batch = new PerTurnBatch<string>(async (items) => {
      await nextTurn();
      done.push(...items);
    });
    void batch.add('running');
    await nextTurn(); // its batch has started
    void batch.add('waiting');
    await batch.settled();
    expect(done).toEqual(['running', 'waiting']);
  });
});
