import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_MAX_TRIES, webhookRetryDelay } from './webhooks.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('webhookRetryDelay', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h, 24 h and 24 h, then gives up after the tenth try', () => {
    const waits = Array.from({ length: WEBHOOK_MAX_TRIES }, (_, index) => webhookRetryDelay(index + 1, 30 * SECOND));
    expect(waits).toEqual([30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 24 * HOUR, null]);
  });

  it('spreads the tries over about three days', () => {
    const total = Array.from({ length: WEBHOOK_MAX_TRIES - 1 }, (_, index) => webhookRetryDelay(index + 1, 30 * SECOND)!).reduce((sum, wait) => sum + wait, 0);
    expect(total / HOUR).toBeGreaterThan(69);
    expect(total / HOUR).toBeLessThan(72);
  });

  it('scales with the base, and stops sooner when fewer tries are allowed (never more than the schedule)', () => {
    expect(webhookRetryDelay(1, 10)).toBe(10);
    expect(webhookRetryDelay(2, 10)).toBe(40);
    expect(webhookRetryDelay(2, 10, 3)).toBe(40);
    expect(webhookRetryDelay(3, 10, 3)).toBeNull();
    expect(webhookRetryDelay(1, 10, 1)).toBeNull();
    expect(webhookRetryDelay(10, 10, 50)).toBeNull();
  });
});
