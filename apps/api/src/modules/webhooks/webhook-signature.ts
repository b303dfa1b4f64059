import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks (https://www.standardwebhooks.com): a secret is `whsec_` and the base64 of random bytes; each
 * message carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`, the HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` as `v1,<base64>`, one per secret, separated by spaces.
 */

/** A new signing secret from 32 random bytes (RandomSource gives them base64url; the format wants plain base64). */
export function webhookSecretFrom(randomBase64url: string): string {
  return `whsec_${Buffer.from(randomBase64url, 'base64url').toString('base64')}`;
}

/** A delivery's `webhook-id`: the same on every try and replay, so the receiver digests it once. */
export const webhookIdOf = (deliveryId: string) => `msg_${deliveryId}`;

/**
 * The signature headers of one try. `secrets`: the endpoint's secret, and during the 24 h after a rotation the previous
 * one as well, so a receiver still verifying with the old secret accepts the message, as one already on the new does.
 */
export function signatureHeaders(webhookId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}
