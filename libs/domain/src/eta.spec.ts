import { describe, expect, it } from '@jest/globals';
import { arrivalEstimate, CITY_AVERAGE_SPEED_KMH, etaMinutes, remainingKm, type EtaInput } from './eta.js';
import { straightLineKm } from './pricing.js';

// Madina → Kaloum: 111 × √(0.0364² + 0.0556²) = 7.377 km.
const pickup = { latitude: 9.5456, longitude: -13.6566 };
const delivery = { latitude: 9.5092, longitude: -13.7122 };
const PICKUP_TO_DELIVERY_KM = 7.377;
/** 0.999 km north of the pickup (0.009° × 111). */
const northOfPickup = { latitude: 9.5546, longitude: -13.6566 };

const input = (fields: Partial<EtaInput>): EtaInput => ({ status: 'en_route_delivery', courier: pickup, pickup, delivery, ...fields });

describe('remaining distance', () => {
  it('goes through the pickup until the parcel is collected', () => {
    for (const status of ['assigned', 'en_route_pickup'] as const) {
      expect(remainingKm(input({ status, courier: northOfPickup }))).toBeCloseTo(0.999 + PICKUP_TO_DELIVERY_KM, 2);
    }
  });

  it('goes straight to the delivery once collected', () => {
    for (const status of ['collected', 'en_route_delivery'] as const) {
      expect(remainingKm(input({ status, courier: northOfPickup }))).toBeCloseTo(straightLineKm(northOfPickup, delivery)!, 9);
    }
    expect(remainingKm(input({ courier: pickup }))).toBeCloseTo(PICKUP_TO_DELIVERY_KM, 2);
  });
});

describe('ETA in minutes', () => {
  it('uses the observed speed: 7.377 km at 30 km/h is 14.75 min, shown as 15', () => {
    expect(etaMinutes(input({ observedSpeedKmh: 30 }))).toBe(15);
  });

  it('uses the city average until there is an observed speed, or when it is no travelling pace', () => {
    // 7.377 km at 18 km/h: 24.6 min.
    expect(CITY_AVERAGE_SPEED_KMH).toBe(18);
    expect(etaMinutes(input({}))).toBe(25);
    expect(etaMinutes(input({ observedSpeedKmh: null }))).toBe(25);
    expect(etaMinutes(input({ observedSpeedKmh: 0.5 }))).toBe(25); // waiting at a door
    expect(etaMinutes(input({ observedSpeedKmh: 400 }))).toBe(25); // the GPS jumped
  });

  it('rounds up to whole minutes, never a float’s error: 6 km at 18 km/h is 20 min', () => {
    const sixKmSouth = { latitude: delivery.latitude + 6 / 111, longitude: delivery.longitude };
    expect(etaMinutes(input({ courier: sixKmSouth }))).toBe(20);
    expect(etaMinutes(input({ courier: sixKmSouth, observedSpeedKmh: 19 }))).toBe(19); // 18.9
  });

  it('says at least 1 min while under way, even at the door', () => {
    expect(etaMinutes(input({ courier: delivery }))).toBe(1);
  });

  it('has nothing to say without a courier position or when the course is not under way', () => {
    expect(etaMinutes(input({ courier: null }))).toBeNull();
    expect(etaMinutes(input({ courier: undefined }))).toBeNull();
    for (const status of ['pending', 'delivered', 'cancelled'] as const) expect(etaMinutes(input({ status }))).toBeNull();
  });
});

describe('arrival text', () => {
  it('says the minutes when they are known', () => {
    expect(arrivalEstimate('en_route_delivery', 12)).toBe('Arrivée estimée dans 12 min');
  });

  it('keeps the fixed text per status otherwise', () => {
    expect(arrivalEstimate('en_route_delivery')).toBe('15-25 min');
    expect(arrivalEstimate('en_route_pickup', null)).toBe('10-20 min');
    expect(arrivalEstimate('collected')).toBe('En préparation');
    expect(arrivalEstimate('delivered')).toBe('Livré !');
    expect(arrivalEstimate('pending')).toBe('En attente');
  });
});
