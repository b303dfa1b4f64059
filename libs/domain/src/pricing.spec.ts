import { describe, expect, it } from '@jest/globals';
import { cashToCollect, cashToCollectText, distanceKm, estimatePrice, formatGnf, priceToPay, readRoute, routeKm } from './pricing.js';

const madina = { latitude: 9.5456, longitude: -13.6566 };
const kaloum = { latitude: 9.5092, longitude: -13.7122 };

describe('estimatePrice', () => {
  it('charges 5000 GNF plus 1000 GNF per rounded km', () => {
    // 111 × √(0.0364² + 0.0556²) = 7.38 km → 7 km
    expect(distanceKm(madina, kaloum)).toBe(7);
    expect(estimatePrice(madina, kaloum)).toBe(12_000);
  });

  it('charges the base price when a point is missing or zero', () => {
    expect(estimatePrice(madina, null)).toBe(5000);
    expect(estimatePrice({ latitude: 0, longitude: 0 }, kaloum)).toBe(5000);
    expect(estimatePrice(undefined, undefined)).toBe(5000);
  });

  it('charges the base price for the same point', () => {
    expect(estimatePrice(madina, madina)).toBe(5000);
  });
});

describe('routeKm and readRoute', () => {
  it('adds up the legs of a route', () => {
    expect(routeKm([[9.5, -13.7], [9.51, -13.7], [9.51, -13.69]])).toBe(2.2);
    expect(routeKm([[9.5, -13.7]])).toBe(0);
  });
  it('reads a stored route back with its length, and nothing from anything else', () => {
    expect(readRoute([[9.5, -13.7], [9.51, -13.7]])).toEqual({ points: [[9.5, -13.7], [9.51, -13.7]], km: 1.1 });
    expect(readRoute(null)).toBeNull();
    expect(readRoute([])).toBeNull();
    expect(readRoute({ points: [] })).toBeNull();
  });
});

describe('what the client pays and the courier collects (issue 34)', () => {
  it('is the price after the promo discount, the final price once delivered, and cash only for a cash course', () => {
    expect(priceToPay({ estimatedPrice: 28_000, discount: 2_000 })).toBe(26_000);
    expect(priceToPay({ estimatedPrice: 28_000, discount: 2_000, finalPrice: 26_000 })).toBe(26_000);
    expect(cashToCollect({ paymentMethod: 'cash_on_delivery', estimatedPrice: 28_000, discount: 2_000 })).toBe(26_000);
    expect(cashToCollect({ paymentMethod: 'orange_money', estimatedPrice: 28_000, discount: 2_000 })).toBeNull();
    expect(cashToCollectText(26_000)).toBe(`Encaisser ${formatGnf(26_000)}`);
    expect(cashToCollectText(26_000).replace(/\s/g, ' ')).toBe('Encaisser 26 000 GNF');
  });
});
