import { describe, expect, it } from '@jest/globals';
import { accuracyText, findMyPosition, MY_POSITION_MESSAGES } from './my-position';

/** A phone's geolocation answering one fix, or one error code (1 refused, 2 unavailable, 3 timeout). */
function geolocation(answer: { latitude: number; longitude: number; accuracy: number } | 1 | 2 | 3, calls: unknown[] = []) {
  return {
    getCurrentPosition(success: PositionCallback, failure: PositionErrorCallback, options: PositionOptions) {
      calls.push(options);
      if (typeof answer === 'number') failure({ code: answer, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
      else success({ coords: answer, timestamp: 0 } as unknown as GeolocationPosition);
    },
  } as unknown as Geolocation;
}

describe('findMyPosition', () => {
  it('answers a precise fix with its accuracy', async () => {
    const calls: unknown[] = [];
    expect(await findMyPosition(geolocation({ latitude: 9.5456, longitude: -13.6566, accuracy: 12 }, calls))).toEqual({ latitude: 9.5456, longitude: -13.6566, accuracy: 12 });
    expect(calls).toEqual([expect.objectContaining({ enableHighAccuracy: true })]);
  });

  it('says why there is none', async () => {
    await expect(findMyPosition(geolocation(1))).rejects.toThrow(MY_POSITION_MESSAGES.denied);
    await expect(findMyPosition(geolocation(2))).rejects.toThrow(MY_POSITION_MESSAGES.unavailable);
    await expect(findMyPosition(geolocation(3))).rejects.toThrow(MY_POSITION_MESSAGES.unavailable);
    await expect(findMyPosition(undefined)).rejects.toThrow(MY_POSITION_MESSAGES.unsupported);
  });
});

describe('accuracyText', () => {
  it('gives metres, then kilometres', () => {
    expect(accuracyText(12.4)).toBe('Position trouvée, précision ± 12 m');
    expect(accuracyText(0.3)).toBe('Position trouvée, précision ± 1 m');
    expect(accuracyText(1234)).toBe('Position trouvée, précision ± 1,2 km');
  });
});
