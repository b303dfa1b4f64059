import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The server posts to the endpoint a browser gave it: a URL that names our own network (localhost, a private or
 * link-local address, the cloud's metadata service) would make Coursa a proxy into it. Push services are public https
 * hosts; `trustedOrigins` (PUSH_TRUSTED_ORIGINS) lets a local push service in, for tests and development only.
 */
export function isAcceptedEndpoint(endpoint: string, trustedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (trustedOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.') && !isIP(host)) return false;
  return !isIP(host) || isPublicAddress(host);
}

/** An IP address on the public internet: not loopback, private, link-local, carrier-grade NAT, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  // ipaddr.js reads every spelling (an IPv4 address mapped in IPv6 included) and knows the special ranges.
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}
