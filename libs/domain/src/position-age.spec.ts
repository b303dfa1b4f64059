import { describe, expect, it } from '@jest/globals';
import { isSilent, lastHeardMs, stalePositionLabel } from './position-age.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('stalePositionLabel', () => {
  it('says nothing while the position is a minute old or less', () => {
    expect(stalePositionLabel(ago(0), NOW)).toBeNull();
    expect(stalePositionLabel(ago(60_000), NOW)).toBeNull();
  });

  it('gives the age in whole minutes past a minute, in whole hours past an hour', () => {
    expect(stalePositionLabel(ago(61_000), NOW)).toBe("Position d'il y a 1 min");
    expect(stalePositionLabel(ago(3 * 60_000 + 59_000), NOW)).toBe("Position d'il y a 3 min");
    expect(stalePositionLabel(new Date(NOW - 59 * 60_000 - 1000), NOW)).toBe("Position d'il y a 59 min");
    expect(stalePositionLabel(ago(125 * 60_000), NOW)).toBe("Position d'il y a 2 h");
  });
});

describe('silence', () => {
  it('counts from the last position, or from the acceptance when it is later', () => {
    expect(lastHeardMs(100, 50)).toBe(100);
    expect(lastHeardMs(50, 100)).toBe(100);
    expect(lastHeardMs(null, 100)).toBe(100);
    expect(lastHeardMs(100, null)).toBe(100);
    expect(lastHeardMs(null, null)).toBeNull();
  });

  it('is silent from COURIER_SILENT_AFTER_S on, and when never heard of', () => {
    expect(isSilent(NOW - 119_999, NOW, 120)).toBe(false);
    expect(isSilent(NOW - 120_000, NOW, 120)).toBe(true);
    expect(isSilent(null, NOW, 120)).toBe(true);
  });
});
