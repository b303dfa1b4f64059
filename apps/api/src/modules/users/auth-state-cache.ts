/**
 * Accounts' auth states kept in memory for a short while, by user id, so the session check of a busy user does not
 * read PostgreSQL on every request. What keeps it right is `forget`: whoever changes a user's auth state has every
 * process forget it at once (AuthStates); the TTL only bounds how long a change made behind the API's back, or an
 * announcement lost, can go unseen.
 *
 * An entry is the read itself (a promise), so concurrent requests of one user share a single query, and a `forget`
 * during a read drops that read: its answer, possibly from before the change, is never kept.
 */
export class AuthStateCache<State> {
  private readonly entries = new Map<string, { state: Promise<State>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    /** Milliseconds, e.g. the Clock's. */
    private readonly now: () => number,
  ) {}

  /** The cached state of `id`, or `load(id)` (kept until the TTL runs out or someone forgets it). */
  read(id: string, load: (id: string) => Promise<State>): Promise<State> {
    const now = this.now();
    const cached = this.entries.get(id);
    if (cached && cached.expiresAt > now) return cached.state;
    if (cached) this.entries.delete(id);
    const entry = { state: load(id), expiresAt: now + this.ttlMs };
    this.entries.set(id, entry);
    // A failed read is not kept: the next request tries again.
    entry.state.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    this.evict(now);
    return entry.state;
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Entries are in the order they were read, which is the order they expire in: drop from the front. */
  private evict(now: number) {
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && entry.expiresAt > now) return;
      this.entries.delete(id);
    }
  }
}
