import type { z } from 'zod';
import type { PushSubscriptionDtoSchema, PushPublicKeyResponseSchema, SubscribePushSchema } from './schemas/push.js';

/** A browser's push subscription as the Push API gives it (`PushSubscription.toJSON()`), sent to be kept. */
export type SubscribePushRequest = z.input<typeof SubscribePushSchema>;
/** A kept subscription: its id is what the device keeps to unsubscribe. */
export type PushSubscriptionDto = z.infer<typeof PushSubscriptionDtoSchema>;
/** The server's VAPID public key, the `applicationServerKey` a browser subscribes with. */
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponseSchema>;

/** What a push is about: the service worker groups pushes of one kind and course under one notification. */
export type PushKind =
  | 'course_offer'
  | 'course_cancelled'
  | 'course_closed_by_staff'
  | 'payout_sent'
  | 'payout_failed'
  | 'courier_assigned'
  | 'parcel_collected'
  | 'courier_on_the_way'
  | 'delivered'
  | 'refund_completed'
  | 'position_silent'
  | 'course_given_to_you'
  | 'course_taken_from_you'
  | 'courier_changed';

/**
 * The payload of a push, encrypted to the browser (RFC 8291) and shown by the service worker: a short French title
 * and text for a lock screen, and the app's screen a tap opens. Nothing secret: no code, no link token, no amount owed.
 */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** A path of the web app (`/?tab=tracking&course=…`), opened on a tap. */
  url: string;
  /** Same tag, same notification: a newer push about the same course replaces the older one. */
  tag: string;
}
