import { describe, expect, it } from '@jest/globals';
import { deliveriesToFreeRide, loyaltyProgressPercent } from './loyalty.js';

describe('loyalty display', () => {
  it.each([
    [0, 10, 0],
    [1, 9, 10],
    [9, 1, 90],
    [10, 10, 0],
    [13, 7, 30],
  ])('%i deliveries: %i to the free ride, bar at %i %%', (deliveries, toFree, bar) => {
    expect(deliveriesToFreeRide(deliveries)).toBe(toFree);
    expect(loyaltyProgressPercent(deliveries)).toBe(bar);
  });
});

describe('levels and promos', () => {
  it('names the level of any number of points and what the next one needs', async () => {
    const { loyaltyLevel, nextLoyaltyLevel } = await import('./loyalty.js');
    expect(loyaltyLevel(0).name).toBe('Bronze');
    expect(loyaltyLevel(99).level).toBe(1);
    expect(loyaltyLevel(100).name).toBe('Argent');
    expect(loyaltyLevel(5000).level).toBe(5);
    expect(nextLoyaltyLevel(250)).toMatchObject({ level: { name: 'Or' }, pointsNeeded: 50 });
    expect(nextLoyaltyLevel(1000)).toBeNull();
  });

  it('discounts in whole GNF, never below zero', async () => {
    const { promoDiscount } = await import('./loyalty.js');
    expect(promoDiscount(12_000, { type: 'percentage', value: 100 })).toBe(12_000);
    expect(promoDiscount(12_345, { type: 'percentage', value: 10 })).toBe(1234);
    expect(promoDiscount(12_000, { type: 'fixed', value: 2000 })).toBe(2000);
    expect(promoDiscount(5000, { type: 'fixed', value: 8000 })).toBe(5000);
  });
});
