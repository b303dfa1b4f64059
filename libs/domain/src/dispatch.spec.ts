import { describe, expect, it } from '@jest/globals';
import { formatDistance, handoverFlag, handoverFlagText, impossibleMove, positionFlagText, readPositionFlag, routeText, tripKm, tripText } from './dispatch.js';

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

describe('tripText and tripKm (issue 34)', () => {
  it('says the trip pickup to delivery, in a straight line, km to 0.1', () => {
    expect(tripText(7.4)).toBe('Trajet : 7,4 km');
    expect(tripText(0.4)).toBe('Trajet : 400 m');
    expect(tripKm({ pickupLatitude: 9.5456, pickupLongitude: -13.6566, deliveryLatitude: 9.5092, deliveryLongitude: -13.7122 })).toBe(7.4);
  });
});

describe('routeText', () => {
  it('says how far the courier rode, as distances are written elsewhere', () => {
    expect(routeText(7.4)).toBe('Trajet parcouru : 7,4 km');
    expect(routeText(0.4)).toBe('Trajet parcouru : 400 m');
  });
});

describe('handoverFlag', () => {
  const door = { latitude: 9.5092, longitude: -13.7122 };
  const limits = { maxDistanceM: 300, maxAgeS: 180 };
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('says nothing of a courier at the door', () => {
    expect(handoverFlag({ latitude: door.latitude + 0.001, longitude: door.longitude, ms: now - 20_000 }, door, now, limits)).toBeNull();
  });
  it('flags a handover 3 km from the door, with the distance', () => {
    expect(handoverFlag({ latitude: door.latitude + 3 / 111, longitude: door.longitude, ms: now - 5_000 }, door, now, limits)).toEqual({
      kind: 'far_handover',
      distance_m: 3000,
      position_age_s: 5,
    });
  });
  it('flags a handover with no position, or one too old to say where the courier was', () => {
    expect(handoverFlag(null, door, now, limits)).toEqual({ kind: 'no_recent_position', position_age_s: null });
    expect(handoverFlag({ ...door, ms: now - 600_000 }, door, now, limits)).toEqual({ kind: 'no_recent_position', position_age_s: 600 });
  });
});

describe('handoverFlagText', () => {
  it('says how far, or that there was no position', () => {
    expect(handoverFlagText({ kind: 'far_handover', distance_m: 3000 })).toBe('remise à 3 km du point de livraison');
    expect(handoverFlagText({ kind: 'far_handover', distance_m: 450 })).toBe('remise à 450 m du point de livraison');
    expect(handoverFlagText({ kind: 'no_recent_position', distance_m: null })).toBe('remise sans position récente du livreur');
  });
});

describe('impossibleMove', () => {
  const start = { latitude: 9.5092, longitude: -13.7122, ms: Date.parse('2026-11-25T10:00:00Z') };
  const moved = (km: number, seconds: number) => ({ latitude: start.latitude + km / 111, longitude: start.longitude, ms: start.ms + seconds * 1000 });
  it('says nothing of a moto at 60 km/h, nor of GPS error between two fixes of the same place', () => {
    expect(impossibleMove(start, moved(1, 60), 150)).toBeNull();
    expect(impossibleMove(start, moved(0.09, 0), 150)).toBeNull();
    expect(impossibleMove(start, moved(0.14, 1), 150)).toBeNull();
  });
  it('measures a jump of 20 km in 10 s, and one of 2 km at the same time', () => {
    expect(impossibleMove(start, moved(20, 10), 150)).toEqual({ distance_m: 20_000, seconds: 10, kmh: 7200 });
    expect(impossibleMove(start, moved(2, 0), 150)).toEqual({ distance_m: 2000, seconds: 0, kmh: null });
  });
  it('is the same whichever fix is older', () => {
    expect(impossibleMove(moved(20, 10), start, 150)).toEqual({ distance_m: 20_000, seconds: 10, kmh: 7200 });
  });
});

describe('positionFlagText and readPositionFlag', () => {
  it('says how far in how long', () => {
    expect(positionFlagText({ distance_m: 20_000, seconds: 10 })).toBe('position improbable (saut de 20 km en 10 s)');
    expect(positionFlagText({ distance_m: 800, seconds: 180 })).toBe('position improbable (saut de 800 m en 3 min)');
    expect(positionFlagText({ distance_m: 23_300, seconds: 0 })).toBe("position improbable (saut de 23,3 km en moins d'une seconde)");
  });
  it('reads back what was stored, and nothing else', () => {
    expect(readPositionFlag({ distance_m: 20_000, seconds: 10, kmh: 7200, from: {} })).toEqual({ distance_m: 20_000, seconds: 10, kmh: 7200 });
    expect(readPositionFlag({ kind: 'far_handover', distance_m: 3000 })).toBeNull();
    expect(readPositionFlag(null)).toBeNull();
  });
});
