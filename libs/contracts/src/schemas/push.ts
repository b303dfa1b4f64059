import { z } from 'zod';

/** Push services' endpoints are a few hundred characters; anything far longer is not one. */
const MAX_ENDPOINT_LENGTH = 2048;
const base64url = (length: number, message: string) => z.string({ error: message }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), { error: message });

const ENDPOINT_INVALID = 'Adresse de notification invalide.';
const KEYS_INVALID = 'Clés de notification invalides.';

export const SubscribePushSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/, error: ENDPOINT_INVALID }).max(MAX_ENDPOINT_LENGTH, { error: ENDPOINT_INVALID }),
    /** The subscription's expiry, when the browser gives one; not used. */
    expirationTime: z.number().nullish(),
    keys: z
      .object({
        /** The browser's P-256 public key, uncompressed (65 bytes). */
        p256dh: base64url(87, KEYS_INVALID),
        /** The 16-byte authentication secret. */
        auth: base64url(22, KEYS_INVALID),
      }, { error: KEYS_INVALID })
      .strict(),
  })
  .strict();
export type SubscribePushInput = z.output<typeof SubscribePushSchema>;

export const PushSubscriptionDtoSchema = z.object({ id: z.uuid(), created_at: z.iso.datetime() });
export const PushPublicKeyResponseSchema = z.object({ public_key: z.string() });
