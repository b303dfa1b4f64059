import { describe, expect, it } from '@jest/globals';
import { isAcceptedEndpoint, isPublicAddress } from './endpoint-guard.js';

describe('isAcceptedEndpoint', () => {
  it('takes the push services browsers use', () => {
    expect(isAcceptedEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', [])).toBe(true);
    expect(isAcceptedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAA', [])).toBe(true);
    expect(isAcceptedEndpoint('https://web.push.apple.com/QO3x', [])).toBe(true);
  });

  it('refuses plain http, our own network and addresses with credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost/push',
      'https://127.0.0.1/push',
      'https://10.0.0.8/push',
      'https://172.16.4.1/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[fd00::1]/push',
      'https://redis/push',
      'https://metadata.google.internal/computeMetadata',
      'https://user:pass@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect([endpoint, isAcceptedEndpoint(endpoint, [])]).toEqual([endpoint, false]);
    }
  });

  it('lets a trusted local push service in, by its exact origin', () => {
    expect(isAcceptedEndpoint('http://127.0.0.1:4100/push/1', ['http://127.0.0.1:4100'])).toBe(true);
    expect(isAcceptedEndpoint('http://127.0.0.1:4101/push/1', ['http://127.0.0.1:4100'])).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it('tells public addresses from the others', () => {
    expect(isPublicAddress('142.250.75.10')).toBe(true);
    expect(isPublicAddress('2a00:1450:4007:80e::200a')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('fe80::1')).toBe(false);
    expect(isPublicAddress('0.0.0.0')).toBe(false);
  });
});
