import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { AppConfig } from '../../common/config/config.js';
import { isAcceptedEndpoint, publicOnlyLookup } from '../../common/http/endpoint-guard.js';

/** What a push service said: taken, or the subscription no longer exists (404, 410: remove it). */
export type PushOutcome = 'sent' | 'gone';

/** A browser's subscription as kept: the endpoint and the keys that encrypt the payload. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Hands one encrypted push to a push service (RFC 8030); throws when it should be tried again (network, 429, 5xx). */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** A push service's refusal that a retry will not change (400, 403, 413…): the job gives up on this subscription. */
export class PushRefused extends Error {}

export const PUSH_SENDER = Symbol('PUSH_SENDER');

/** How long a push service may keep an undelivered push (the phone off): an offer is stale after ten minutes. */
const TTL_SECONDS = 600;
const TIMEOUT_MS = 10_000;

/**
 * The push sender of `web-push` (VAPID signature, aes128gcm encryption: RFC 8291, 8292), with our own request: its
 * DNS answer is checked too, so a public name that resolves to our own network (DNS rebinding) is refused like the
 * private address it hides (common/http/endpoint-guard.ts).
 */
export class WebPushSender implements PushSender {
  constructor(private readonly config: Pick<AppConfig, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_TRUSTED_ORIGINS'>) {}

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    if (!isAcceptedEndpoint(target.endpoint, this.config.PUSH_TRUSTED_ORIGINS)) throw new PushRefused('endpoint refused');
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: { subject: this.config.VAPID_SUBJECT, publicKey: this.config.VAPID_PUBLIC_KEY!, privateKey: this.config.VAPID_PRIVATE_KEY! },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const url = new URL(details.endpoint);
    const trusted = this.config.PUSH_TRUSTED_ORIGINS.includes(url.origin);
    const status = await post(url, details.headers as Record<string, string | number>, details.body, trusted ? undefined : publicOnly);
    if (status === 404 || status === 410) return 'gone';
    if (status >= 200 && status < 300) return 'sent';
    if (status === 408 || status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    throw new PushRefused(`push service answered ${status}`);
  }
}

function post(url: URL, headers: Record<string, string | number>, body: Buffer | null, lookup?: LookupFunction): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'POST', headers, timeout: TIMEOUT_MS, lookup }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** DNS lookup that fails for any non-public address. */
const publicOnly = publicOnlyLookup((hostname) => new PushRefused(`push endpoint ${hostname} resolves to a non-public address`));
