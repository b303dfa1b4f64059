import { describe, expect, it } from '@jest/globals';
import { formatDistance } from './dispatch.js';

describe('formatDistance', () => {
  it.each([
    [1.234, 'à 1,2 km'],
    [1, 'à 1 km'],
    [12.96, 'à 13 km'],
    [0.849, 'à 850 m'],
    [0.01, 'à 50 m'],
    [0.99, 'à 1 km'],
  ])('%d km → %s', (km, text) => expect(formatDistance(km)).toBe(text));
});
