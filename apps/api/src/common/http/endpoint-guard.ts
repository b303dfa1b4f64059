import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The server posts to URLs its users gave it (a browser's push endpoint, a merchant's webhook): a URL that names our
 * own network (localhost, a private or link-local address, the cloud's metadata service) would make Coursa a proxy
 * into it. `trustedOrigins` (PUSH_TRUSTED_ORIGINS, WEBHOOK_ALLOWED_ORIGINS) lets a local server in, for tests and
 * development only. `schemes`: push services are https only; a merchant's webhook may be plain http on a public host.
 */
export function isAcceptedEndpoint(endpoint: string, trustedOrigins: readonly string[], { schemes = ['https:'] }: { schemes?: readonly string[] } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (trustedOrigins.includes(url.origin)) return true;
  if (!schemes.includes(url.protocol) || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.') && !isIP(host)) return false;
  return !isIP(host) || isPublicAddress(host);
}

/** An IP address on the public internet: not loopback, private, link-local, carrier-grade NAT, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  // ipaddr.js reads every spelling (an IPv4 address mapped in IPv6 included) and knows the special ranges.
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/** How a host name is resolved: `dns.lookup`'s signature with `all: true` (a test hands in its own). */
export type Resolve = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for node:http(s) that fails with `refusal(hostname)` when the name resolves to any non-public address:
 * checked on the address the connection will use, so a public name that resolves to our own network (DNS rebinding)
 * is refused like the private address it hides. An IP literal is not looked up: check it with isAcceptedEndpoint.
 */
export function publicOnlyLookup(refusal: (hostname: string) => Error, resolve: Resolve = dnsLookup as Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!addresses.length || addresses.some(({ address }) => !isPublicAddress(address))) return callback(refusal(hostname), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
