import type { CourseStatus } from '@coursa/domain';
import type { SendMessagePayload } from './jobs.js';

/** The kinds of staff notices (the notification centre's). */
export type StaffNoticeKind = 'claim' | 'support' | 'payment_request' | 'payout_failed' | 'weekly_run';

/**
 * Events written in the same transaction as the change they describe (docs/architecture.md, « An event ») and relayed afterwards to
 * BullMQ (and Socket.IO), so a crash between commit and publish loses nothing.
 */
export interface OutboxEvents {
  /** An SMS to queue; its text is wiped from the outbox once relayed. */
  sms: SendMessagePayload;
  /** `courseNumber` (here and in the course events below): the course's number (`Course.number`), for `courseNumber()`. */
  'course.created': { courseId: string; courseNumber: number; clientId: string; estimatedPrice: number; pickupAddress: string; deliveryAddress: string; createdAt: string };
  /**
   * A course moved (accepted, a courier's step, delivered, cancelled): written by the course lifecycle only. `movedBy`:
   * who moved it (staff closing a course by hand tell its courier by push).
   */
  'course.status': {
    courseId: string;
    courseNumber: number;
    clientId: string;
    courierId: string | null;
    status: CourseStatus;
    movedBy?: 'client' | 'courier' | 'staff';
    /** A courier's hand-back (issue 38): the courier the course was taken back from (it is pending, with none). */
    previousCourierId?: string | null;
    /** How many times the course has been handed back, with this one: each return to dispatch is a new offer round. */
    handBackCount?: number;
  };
  /** Staff gave a course in progress to another courier, its status unchanged (issue 38). */
  'course.courier_changed': { courseId: string; courseNumber: number; clientId: string; status: CourseStatus; courierId: string; courierName: string; previousCourierId: string };
  /** Delivered (by its courier or by staff): the receipt is rendered from this event. */
  'course.delivered': { courseId: string; clientId: string; courierId: string | null };
  'payment.updated': { paymentId: string; orderId: string; clientId: string; status: string };
  /**
   * Something staff must look at: a new claim, support request, early payment request, failed transfer, or the weekly
   * run's report; kept as a staff notification (issue 38).
   */
  'staff.notice': { kind: StaffNoticeKind; message: string };
  /** A cancelled course's payment to refund through its provider's refund call: the refund job is queued once. */
  'refund.requested': { refundId: string; reference: string };
  /** A payout opened (weekly run, approved early request): its transfer is sent by the payout job. */
  'payout.created': { payoutId: string };
  /**
   * A courier on an active course has sent no position for COURIER_SILENT_AFTER_S (issue 37): written once per
   * silence, when it is first noticed. `since` is when the server last heard of them (their last position, or the
   * course's acceptance when none came after it).
   */
  'courier.silent': { courierId: string; courierName: string; since: string; courseIds: string[] };
  /** A payout's transfer completed or failed for good: its courier is told by push. */
  'payout.settled': { payoutId: string; courierId: string; outcome: 'completed' | 'failed'; amount: number };
  /** A client's refund completed (through the provider or paid outside Coursa): the client is told by push. */
  'refund.completed': { refundId: string; clientId: string; amount: number };
  /**
   * A merchant's webhook endpoint was disabled after WEBHOOK_DISABLE_AFTER_FAILURES deliveries failed for good in a row
   * (issue 40): its merchant is told by e-mail.
   */
  'webhook.disabled': { endpointId: string; merchantId: string; url: string; reason: string };
}

export type OutboxEventType = keyof OutboxEvents;

export interface OutboxEventInput<T extends OutboxEventType = OutboxEventType> {
  type: T;
  aggregateType: 'course' | 'payment' | 'user' | 'dispute' | 'support_request' | 'payout_request' | 'payout' | 'refund' | 'commission_run' | 'webhook_endpoint';
  aggregateId: string;
  payload: OutboxEvents[T];
}

/** Each event type by name: a type added to OutboxEvents must be added here too (the worker checks each has a handler). */
const EVENT_TYPES: { [T in OutboxEventType]: T } = {
  sms: 'sms',
  'course.created': 'course.created',
  'course.status': 'course.status',
  'course.delivered': 'course.delivered',
  'course.courier_changed': 'course.courier_changed',
  'payment.updated': 'payment.updated',
  'staff.notice': 'staff.notice',
  'refund.requested': 'refund.requested',
  'payout.created': 'payout.created',
  'courier.silent': 'courier.silent',
  'payout.settled': 'payout.settled',
  'refund.completed': 'refund.completed',
  'webhook.disabled': 'webhook.disabled',
};

/** Every outbox event type. */
export const OUTBOX_EVENT_TYPES: OutboxEventType[] = Object.values(EVENT_TYPES);
