import { describe, expect, it } from '@jest/globals';
import { isAcceptedEndpoint, isPublicAddress, publicOnlyLookup, type Resolve } from './endpoint-guard.js';

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

describe('isAcceptedEndpoint with plain http allowed (webhooks)', () => {
  const webhook = (url: string) => isAcceptedEndpoint(url, [], { schemes: ['https:', 'http:'] });

  it('takes a public host over http or https, and still refuses our own network', () => {
    expect(webhook('http://boutique.example.gn/coursa')).toBe(true);
    expect(webhook('https://203.0.113.7/hooks')).toBe(false);
    expect(webhook('https://8.8.8.8/hooks')).toBe(true);
    for (const url of ['http://localhost:3000/x', 'http://127.0.0.1/x', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://169.254.169.254/x', 'http://db/x', 'ftp://boutique.example.gn/x']) {
      expect([url, webhook(url)]).toEqual([url, false]);
    }
  });
});

describe('publicOnlyLookup', () => {
  /** A resolver that answers the given addresses for every name. */
  const resolvingTo = (...addresses: string[]): Resolve => (_hostname, _options, callback) =>
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  const lookup = (resolve: Resolve, all = false) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      publicOnlyLookup((hostname) => new Error(`refused ${hostname}`), resolve)('shop.example.gn', { all }, (error, address) => done({ error, address })),
    );

  it('hands over a public answer', async () => {
    expect(await lookup(resolvingTo('8.8.8.8'))).toEqual({ error: null, address: '8.8.8.8' });
    expect(await lookup(resolvingTo('8.8.8.8', '2a00:1450:4007:80e::200a'), true)).toEqual({
      error: null,
      address: [{ address: '8.8.8.8', family: 4 }, { address: '2a00:1450:4007:80e::200a', family: 6 }],
    });
  });

  it('refuses a name that resolves to our own network, even beside a public address (DNS rebinding)', async () => {
    for (const addresses of [['127.0.0.1'], ['8.8.8.8', '10.0.0.5'], ['::ffff:192.168.1.1'], []]) {
      expect((await lookup(resolvingTo(...addresses))).error?.message).toBe('refused shop.example.gn');
    }
  });
});
