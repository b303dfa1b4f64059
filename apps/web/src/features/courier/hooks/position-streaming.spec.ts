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
    const throttle = createPositionThrottle((position) => sent.push(position.lat), 1000);
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
});
