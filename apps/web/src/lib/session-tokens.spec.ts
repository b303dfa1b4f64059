/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { sessionTokens } from './api-client';

const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;

describe('sessionTokens.roleHint', () => {
  afterEach(() => localStorage.clear());

  it("reads the stored access token's role claim, to start loading that role's home", () => {
    sessionTokens.save({ access_token: token({ sub: 'u1', role: 'independent_delivery', sv: 1 }), refresh_token: 'r' });
    expect(sessionTokens.roleHint()).toBe('independent_delivery');
  });

  it('is null without a session, or with a token it cannot read', () => {
    expect(sessionTokens.roleHint()).toBeNull();
    for (const access of ['not-a-jwt', 'a.%%%.b', `x.${encode('just a string')}.y`, token({ sub: 'u1' }), token({ role: 42 })]) {
      localStorage.setItem('token', access);
      expect(sessionTokens.roleHint()).toBeNull();
    }
  });
});
