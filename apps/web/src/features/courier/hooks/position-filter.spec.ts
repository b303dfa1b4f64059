import { describe, expect, it } from '@jest/globals';
import { createPositionFilter, measuredPosition, type MeasuredPosition } from './position-filter';

// Near Madina, 0.0001° of latitude is about 11 m.
const at = (seconds: number, north = 0, accuracy?: number): MeasuredPosition => ({ lat: 9.5456 + north * 0.0001, lng: -13.6566, accuracy, at: seconds * 1000 });

describe('createPositionFilter', () => {
  it('keeps the first fix, then only a fix 10 m away from the last one kept', () => {
    const keep = createPositionFilter();
    expect(keep(at(0))).toBe(true);
    expect(keep(at(1, 0.5))).toBe(false); // 5.6 m
    expect(keep(at(2, 0.85))).toBe(false); // 9.5 m
    expect(keep(at(3, 1))).toBe(true); // 11 m
    // Small steps do not add up to a move: each is measured from the last fix kept.
    expect(keep(at(4, 1.5))).toBe(false);
    expect(keep(at(5, 2.1))).toBe(true);
  });

  it('keeps a fix of a courier standing still once 15 s have passed since the last one kept', () => {
    const keep = createPositionFilter();
    expect(keep(at(0))).toBe(true);
    expect(keep(at(14.999))).toBe(false);
    expect(keep(at(15))).toBe(true);
    expect(keep(at(29))).toBe(false);
    expect(keep(at(30))).toBe(true);
  });

  it('drops a fix less precise than 50 m, whatever the move, and judges the next ones from the last one kept', () => {
    const keep = createPositionFilter();
    expect(keep(at(0, 0, 50))).toBe(true);
    expect(keep(at(20, 5, 51))).toBe(false);
    expect(keep(at(21, 5, 120))).toBe(false);
    expect(keep(at(22, 0.5, 8))).toBe(true); // 22 s after the last fix kept
  });

  it('keeps a fix whose precision is not given', () => {
    const keep = createPositionFilter();
    expect(keep(at(0))).toBe(true);
    expect(keep(at(1, 3))).toBe(true);
  });
});

describe('measuredPosition', () => {
  const fix = (coords: Partial<GeolocationCoordinates>, timestamp: number) =>
    ({ coords: { latitude: 9.5, longitude: -13.6, accuracy: 12, altitude: null, altitudeAccuracy: null, heading: null, speed: null, ...coords }, timestamp }) as GeolocationPosition;

  it('leaves out a heading or a speed the phone does not know (NaN standing still, null), which the server would refuse', () => {
    expect(measuredPosition(fix({ heading: Number.NaN, speed: 0 }, 1_700_000_000_000))).toEqual({ lat: 9.5, lng: -13.6, heading: undefined, speed: 0, accuracy: 12, at: 1_700_000_000_000 });
    expect(measuredPosition(fix({ heading: 270, speed: 8.5 }, 1_700_000_000_000))).toMatchObject({ heading: 270, speed: 8.5 });
  });

  it('gives the time in whole milliseconds', () => {
    expect(measuredPosition(fix({}, 1_700_000_000_000.6)).at).toBe(1_700_000_000_001);
  });
});
