/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createPositionThrottle } from './position-streaming';

describe('createPositionThrottle', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends at most one position per second, the latest one last', () => {
    const sent: number[] = [];
    const throttle = createPositionThrottle(async (position) => void sent.push(position.lat), 1000);
    throttle.push({ lat: 1, lng: 0, at: 0 });
    throttle.push({ lat: 2, lng: 0, at: 0 });
    throttle.push({ lat: 3, lng: 0, at: 0 });
    expect(sent).toEqual([1]);
    jest.advanceTimersByTime(999);
    expect(sent).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([1, 3]);
    throttle.stop();
  });

  it('sends again a position the server refused as too early, unless a newer one came', async () => {
    const sent: number[] = [];
    let refuse = true;
    const throttle = createPositionThrottle(async (position) => {
      sent.push(position.lat);
      if (refuse) {
        refuse = false;
        return { ok: false, code: 'RATE_LIMITED', detail: 'trop tôt' };
      }
      return { ok: true };
    }, 1000);
    throttle.push({ lat: 1, lng: 0, at: 0 });
    await Promise.resolve();
    await Promise.resolve();
    jest.advanceTimersByTime(1000);
    expect(sent).toEqual([1, 1]);
    throttle.stop();
  });
});
