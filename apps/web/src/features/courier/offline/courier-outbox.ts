import type { CourseStatus } from '@coursa/domain';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What a courier does that must reach the server even when made without network (issue 22). */
export type OfflineAction =
  | { kind: 'update-status'; courseId: string; status: CourseStatus }
  | { kind: 'verify-otp'; courseId: string; otp: string }
  | { kind: 'contact-support'; courseId: string; issue: string }
  /** The photo of the parcel at the door (issue 37): IndexedDB keeps the Blob itself, so a photo taken offline waits too. */
  | { kind: 'proof-photo'; courseId: string; photo: Blob };

/** An action kept on the phone: its own Idempotency-Key and the time it was made at, both fixed when it was made. */
export interface QueuedAction {
  id?: number;
  action: OfflineAction;
  key: string;
  occurredAt: string;
  attempts: number;
}

interface CourierDb extends DBSchema {
  outbox: { key: number; value: QueuedAction };
}

/** The server's answer to one action sent from the outbox: done (`ok`) or refused (`error`, the server's reason). */
export interface SentAction {
  queued: QueuedAction;
  ok: boolean;
  error?: unknown;
}

/**
 * The courier's outbox in IndexedDB (survives a reload): actions in the order they were made, sent in that order
 * when the network returns, each with its own Idempotency-Key (a retry after a lost answer is replayed, never done
 * twice) and its occurred_at. Sending stops at the first action the server did not answer (no network): order kept.
 */
export class CourierOutbox {
  private db?: Promise<IDBPDatabase<CourierDb>>;

  constructor(
    private readonly name = 'coursa-courier',
    private readonly newKey: () => string = () => crypto.randomUUID(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  private open() {
    this.db ??= openDB<CourierDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      },
    });
    return this.db;
  }

  /** Keeps an action made now; what it will be sent with (its key and time) is fixed here. */
  async add(action: OfflineAction): Promise<QueuedAction> {
    const queued: QueuedAction = { action, key: `offline-${this.newKey()}`, occurredAt: this.now().toISOString(), attempts: 0 };
    const id = await (await this.open()).add('outbox', queued);
    return { ...queued, id };
  }

  /** The actions waiting, oldest first (shown « En attente de réseau »). */
  async pending(): Promise<QueuedAction[]> {
    return (await this.open()).getAll('outbox');
  }

  /**
   * Sends the waiting actions in order. `send` resolves with the server's answer, or rejects: `answered(error)` says
   * whether the server answered (a refusal: the action is done with, and reported) or not (no network: stop here, keep
   * it and the ones after it).
   */
  async flush(send: (queued: QueuedAction) => Promise<unknown>, answered: (error: unknown) => boolean): Promise<SentAction[]> {
    const db = await this.open();
    const results: SentAction[] = [];
    for (;;) {
      const cursor = await db.transaction('outbox').store.openCursor();
      const queued = cursor?.value;
      if (!queued) break;
      try {
        await send(queued);
        results.push({ queued, ok: true });
      } catch (error) {
        if (!answered(error)) {
          await db.put('outbox', { ...queued, attempts: queued.attempts + 1 });
          break;
        }
        results.push({ queued, ok: false, error });
      }
      await db.delete('outbox', queued.id!);
    }
    return results;
  }
}
