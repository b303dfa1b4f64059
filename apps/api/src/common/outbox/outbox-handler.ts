import type { OutboxEvents, OutboxEventType } from '@coursa/contracts';

/** One committed outbox event, typed by its type: its payload is the one `OutboxEvents` gives that type. */
export interface RelayedEvent<T extends OutboxEventType = OutboxEventType> {
  id: bigint;
  type: T;
  payload: OutboxEvents[T];
}

/** Any committed outbox event: a union over the types, so that a payload always goes with its own type. */
export type AnyRelayedEvent = { [T in OutboxEventType]: RelayedEvent<T> }[OutboxEventType];

/** What a module does once an event of type `T` has committed (queue a job, tell the sockets…). */
export type OutboxHandler<T extends OutboxEventType> = (payload: OutboxEvents[T], event: RelayedEvent<T>) => Promise<void>;

export type OutboxHandlers = { [T in OutboxEventType]?: OutboxHandler<T> };

/**
 * A worker-side class of the module that owns a reaction, handling some event types. An event type may have several
 * handlers (a new course is told to the sockets and offered to the couriers near it); they run in the order the
 * subscribers are listed in the worker, one event after the other.
 */
export interface OutboxSubscriber {
  readonly outboxHandlers: OutboxHandlers;
}

/** Injection token: the list of every OutboxSubscriber of the worker. */
export const OUTBOX_SUBSCRIBERS = Symbol('OUTBOX_SUBSCRIBERS');

/**
 * A job added once per event, even when the event is published again: after a crash between adding the job and
 * marking the event published, the relay publishes it a second time, maybe after the first job finished and
 * left Redis (its id alone would not stop it then). The deduplication key outlives the job for a day.
 */
export function once(id: string) {
  return { jobId: id, deduplication: { id, ttl: 24 * 3600 * 1000 } };
}
