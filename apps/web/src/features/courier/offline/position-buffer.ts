import { POSITION_BATCH_MAX, POSITION_BATCH_WINDOW_MS } from '@coursa/domain';
import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import type { MeasuredPosition } from '../hooks/position-filter';

interface KeptPosition {
  at: number;
  courierId: string;
  position: MeasuredPosition;
}

interface PositionsDb extends DBSchema {
  positions: { key: number; value: KeptPosition };
}

type PositionsStore = IDBPObjectStore<PositionsDb, ['positions'], 'positions', 'readwrite'>;

/**
 * The courier's positions measured while the server could not be reached (issue 22), to be sent as one batch when it
 * can: the last POSITION_BATCH_WINDOW_MS and at most POSITION_BATCH_MAX (what the server takes), the oldest forgotten
 * first, one per time. Held in memory and mirrored in IndexedDB in the background, so a reload meanwhile loses none;
 * a mirror that fails to write loses only that. Another courier's positions, found after a sign-in on the same phone,
 * are deleted, never sent.
 */
export class PositionBuffer {
  private kept: MeasuredPosition[] = [];
  private db?: Promise<IDBPDatabase<PositionsDb>>;
  private mirrored: Promise<void> = Promise.resolve();

  constructor(
    private readonly courierId: string,
    private readonly now: () => number = Date.now,
    private readonly name = 'coursa-positions',
  ) {}

  private open() {
    this.db ??= openDB<PositionsDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('positions', { keyPath: 'at' });
      },
    });
    return this.db;
  }

  /** Changes the mirror after the changes asked for before; resolves when done, or failed (then only logged). */
  private mirror(change: (store: PositionsStore) => Promise<unknown>): Promise<void> {
    this.mirrored = this.mirrored
      .then(async () => {
        const transaction = (await this.open()).transaction('positions', 'readwrite');
        await Promise.all([change(transaction.store), transaction.done]);
      })
      .catch((error: unknown) => console.warn('positions not mirrored', error));
    return this.mirrored;
  }

  get size(): number {
    return this.kept.length;
  }

  /** Takes back what an earlier page of this courier kept (and forgets the rest); positions added meanwhile stay. */
  async restore(): Promise<void> {
    const restored: MeasuredPosition[] = [];
    await this.mirror(async (store) => {
      for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
        if (cursor.value.courierId === this.courierId) restored.push(cursor.value.position);
        else await cursor.delete();
      }
    });
    const known = new Set(this.kept.map((position) => position.at));
    await this.keep([...restored.filter((position) => !known.has(position.at)), ...this.kept]);
  }

  /** Keeps a position (one at the same time as a kept one replaces it); resolves once mirrored. */
  add(position: MeasuredPosition): Promise<void> {
    void this.keep([...this.kept.filter((kept) => kept.at !== position.at), position]);
    return this.mirror((store) => store.put({ at: position.at, courierId: this.courierId, position }));
  }

  /** What to send, oldest first. */
  batch(): MeasuredPosition[] {
    void this.keep(this.kept);
    return [...this.kept];
  }

  /** Forgets positions the server has answered for; resolves once mirrored. */
  remove(sent: readonly MeasuredPosition[]): Promise<void> {
    const gone = new Set(sent);
    this.kept = this.kept.filter((position) => !gone.has(position));
    return this.forget(sent);
  }

  /** Keeps `positions` in time order within the bounds, and forgets the others in the mirror too. */
  private keep(positions: MeasuredPosition[]): Promise<void> {
    const sorted = positions.sort((a, b) => a.at - b.at);
    const since = this.now() - POSITION_BATCH_WINDOW_MS;
    const fresh = sorted.findIndex((position) => position.at >= since);
    const first = Math.max(fresh === -1 ? sorted.length : fresh, sorted.length - POSITION_BATCH_MAX);
    this.kept = sorted.slice(first);
    return this.forget(sorted.slice(0, first));
  }

  private forget(positions: readonly MeasuredPosition[]): Promise<void> {
    if (!positions.length) return this.mirrored;
    return this.mirror((store) => Promise.all(positions.map((position) => store.delete(position.at))));
  }
}
