import type { PushMessage } from './push.js';
/** Queues, job names and their payloads, typed once (docs/conventions.md, « Jobs and events are typed once »). */

export const QueueName = {
  Notifications: 'notifications',
  Payments: 'payments',
  Receipts: 'receipts',
  Commissions: 'commissions',
  Dispatch: 'dispatch',
  Retention: 'retention',
  Places: 'places',
  Webhooks: 'webhooks',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  SendSms: 'send-sms',
  SendEmail: 'send-email',
  SendPush: 'send-push',
  CheckPayment: 'check-payment',
  RenderReceipt: 'render-receipt',
  WeeklyCommissionRun: 'weekly-commission-run',
  SendRefund: 'send-refund',
  SendPayout: 'send-payout',
  OfferNear: 'offer-near',
  OfferToAll: 'offer-to-all',
  SimplifyRoute: 'simplify-route',
  TrailPartitions: 'trail-partitions',
  Cleanup: 'cleanup',
  FindSilentCouriers: 'find-silent-couriers',
  ObservePlaces: 'observe-places',
  GroupPlaces: 'group-places',
  SendWebhook: 'send-webhook',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export type MessageKind =
  | 'activation'
  | 'reset_code'
  | 'temporary_password'
  | 'delivery_otp'
  | 'tracking_link'
  | 'courier_alert'
  | 'courier_arriving'
  | 'webhook_disabled';

/**
 * An outgoing message. Unlike other jobs it carries its text: codes are stored only as hashes, so there is
 * nothing to reload, and a completed job is removed from Redis at once.
 */
export interface SendMessagePayload {
  to: string;
  text: string;
  kind: MessageKind;
}

/** An e-mail, rendered by the API: its French subject, plain-text body (`text`) and HTML body. */
export interface SendEmailPayload extends SendMessagePayload {
  subject: string;
  html: string;
}

/**
 * A push to every device of one user. It carries its message (nothing secret in it, see PushMessage); `sent` lists the
 * subscriptions already reached, so a retry after one push service failed does not push the others twice.
 */
export interface SendPushPayload {
  userId: string;
  message: PushMessage;
  sent?: string[];
}

/** Ask the provider where a payment stands (after a callback, or on the polling schedule). */
export interface CheckPaymentPayload {
  paymentId: string;
  /** Scheduled polls done so far (decides the next delay); absent for a check after a provider's notice. */
  poll?: number;
}

/** Render (once) the PDF receipt of a delivered course. */
export interface RenderReceiptPayload {
  courseId: string;
}

/** Batch the couriers' pending commissions of an ISO week ("2026-W20") into payouts, once per week. */
export interface WeeklyCommissionRunPayload {
  /** Absent: the week that just ended. */
  isoWeek?: string;
}

/** Send (or ask again about) one payout's transfer; done once the operator says completed or failed. */
export interface SendPayoutPayload {
  payoutId: string;
}

/**
 * Send a refund (again: the operator pays a reference once) and ask where it stands; one still pending is asked
 * again later, `check` counting those checks.
 */
export interface SendRefundPayload {
  refundId: string;
  check?: number;
}

/** A new course, offered at once to the available couriers near its pickup (issue 24), nearest first. */
export interface OfferNearPayload {
  courseId: string;
  /** The offer round: 0 when created, then one more each time a courier hands it back (issue 38). */
  round?: number;
}

/**
 * A new course offered first to the couriers near its pickup (when it was created) is offered to every available
 * courier once the dispatch delay has passed, if no one has taken it; those told first are not told again.
 */
export interface OfferToAllPayload {
  courseId: string;
  /** The couriers it was offered to first. */
  told: string[];
  round?: number;
}

/** An ended course's route, simplified from its trail and kept on the course (issue 25). */
export interface SimplifyRoutePayload {
  courseId: string;
}

/** The trail's day partitions: the next days made ahead, those past POSITION_RETENTION_DAYS dropped. */
export type TrailPartitionsPayload = Record<string, never>;

/** What has an end of life besides the trail (issue 25), each swept by its own repeatable `cleanup` job. */
export const CLEANUP_TARGETS = ['outbox', 'idempotency', 'tokens', 'sessions', 'jobs', 'redis-keys'] as const;
export type CleanupTarget = (typeof CLEANUP_TARGETS)[number];

/** One sweep of one target, in bounded batches. */
export interface CleanupPayload {
  target: CleanupTarget;
}

/** Looks for couriers on an active course who have gone quiet (issue 37); repeated every COURIER_SILENCE_CHECK_MS. */
export type FindSilentCouriersPayload = Record<string, never>;

/** What a delivered course proved about its two addresses (issue 39), read once its last positions reached the trail. */
export interface ObservePlacesPayload {
  courseId: string;
}

/** The place book's grouping of observations into places (issue 39), on a schedule; the same result however often it runs. */
export type GroupPlacesPayload = Record<string, never>;

/**
 * One webhook to one merchant's endpoint (issue 40): the delivery row holds the body, built when the event happened,
 * and its state; the job sends it, and waits in the queue between tries (modules/webhooks/webhooks.processor.ts).
 */
export interface SendWebhookPayload {
  deliveryId: string;
}

export interface JobPayloads {
  [JobName.SendSms]: SendMessagePayload;
  [JobName.SendEmail]: SendEmailPayload;
  [JobName.SendPush]: SendPushPayload;
  [JobName.CheckPayment]: CheckPaymentPayload;
  [JobName.RenderReceipt]: RenderReceiptPayload;
  [JobName.WeeklyCommissionRun]: WeeklyCommissionRunPayload;
  [JobName.SendRefund]: SendRefundPayload;
  [JobName.SendPayout]: SendPayoutPayload;
  [JobName.OfferNear]: OfferNearPayload;
  [JobName.OfferToAll]: OfferToAllPayload;
  [JobName.SimplifyRoute]: SimplifyRoutePayload;
  [JobName.TrailPartitions]: TrailPartitionsPayload;
  [JobName.Cleanup]: CleanupPayload;
  [JobName.FindSilentCouriers]: FindSilentCouriersPayload;
  [JobName.ObservePlaces]: ObservePlacesPayload;
  [JobName.GroupPlaces]: GroupPlacesPayload;
  [JobName.SendWebhook]: SendWebhookPayload;
}

export const JOB_QUEUE: { [J in JobName]: QueueName } = {
  [JobName.SendSms]: QueueName.Notifications,
  [JobName.SendEmail]: QueueName.Notifications,
  [JobName.SendPush]: QueueName.Notifications,
  [JobName.CheckPayment]: QueueName.Payments,
  [JobName.RenderReceipt]: QueueName.Receipts,
  [JobName.WeeklyCommissionRun]: QueueName.Commissions,
  [JobName.SendRefund]: QueueName.Payments,
  [JobName.SendPayout]: QueueName.Commissions,
  [JobName.OfferNear]: QueueName.Dispatch,
  [JobName.OfferToAll]: QueueName.Dispatch,
  [JobName.SimplifyRoute]: QueueName.Retention,
  [JobName.TrailPartitions]: QueueName.Retention,
  [JobName.Cleanup]: QueueName.Retention,
  [JobName.FindSilentCouriers]: QueueName.Dispatch,
  [JobName.ObservePlaces]: QueueName.Places,
  [JobName.GroupPlaces]: QueueName.Places,
  [JobName.SendWebhook]: QueueName.Webhooks,
};

/**
 * The ids of jobs that must exist once: BullMQ ignores an add whose id is already waiting, active or kept. Built
 * here only, so a test looks a job up by the id the service gave it.
 */
/** A course handed back is offered again (issue 38): each round its own jobs, the first keeping its old ids. */
const roundTail = (round: number) => (round ? `-round-${round}` : '');

export const jobIds = {
  /** An SMS relayed from the outbox: one job per outbox event. */
  outboxSms: (eventId: bigint) => `outbox-${eventId}`,
  /** A push caused by an outbox event, to one of the users it concerns. */
  outboxPush: (eventId: bigint, userId: string) => `push-${eventId}-${userId}`,
  /** The push of a new course to one courier near it. */
  offerPush: (courseId: string, courierId: string, round = 0) => `push-offer-${courseId}-${courierId}${roundTail(round)}`,
  /** A delivered course's receipt. */
  receipt: (courseId: string) => `receipt-${courseId}`,
  /** The status check after a provider's notice: one waiting at a time per payment. */
  paymentNotice: (paymentId: string) => `payment-${paymentId}-notice`,
  /** A payment's scheduled status check number `poll` (0, 1, 2…). */
  paymentPoll: (paymentId: string, poll: number) => `payment-${paymentId}-poll-${poll}`,
  /** The commission run of one ISO week ("2026-W20"). */
  weeklyCommissionRun: (isoWeek: string) => `weekly-run-${isoWeek}`,
  /** A refund's check number `check` (0 when it is first sent), by its reference (a new one for each attempt). */
  refundCheck: (reference: string, check: number) => `refund-${reference}-check-${check}`,
  /** A payout's transfer. */
  sendPayout: (payoutId: string) => `payout-${payoutId}`,
  /** A new course's offer to the couriers near it. */
  offerNear: (courseId: string, round = 0) => `offer-near-${courseId}${roundTail(round)}`,
  /** A new course's offer to every available courier, after the couriers near it. */
  offerToAll: (courseId: string, round = 0) => `offer-all-${courseId}${roundTail(round)}`,
  /** An ended course's route. */
  route: (courseId: string) => `route-${courseId}`,
  /** What a delivered course proved about its addresses (issue 39). */
  placeObservations: (courseId: string) => `places-${courseId}`,
  /** A webhook delivery's job (issue 40): one at a time per delivery, the same through its retries. */
  webhook: (deliveryId: string) => `webhook-${deliveryId}`,
  /** An e-mail caused by an outbox event. */
  outboxEmail: (eventId: bigint) => `email-${eventId}`,
} as const;
