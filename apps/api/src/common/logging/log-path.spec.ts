import { describe, expect, it } from '@jest/globals';
import { maskPathSecrets } from './log-path.js';

describe('maskPathSecrets', () => {
  it('masks the recipient tracking token, in the API route and on the page', () => {
    expect(maskPathSecrets('/api/public/tracking/AbCdEfGhIjKlMnOpQrStUv')).toBe('/api/public/tracking/[masqué]');
    expect(maskPathSecrets('/suivi/AbCdEfGhIjKlMnOpQrStUv?x=1')).toBe('/suivi/[masqué]?x=1');
  });

  it('leaves other paths as they are', () => {
    expect(maskPathSecrets('/api/courses/123/tracking')).toBe('/api/courses/123/tracking');
  });
});
