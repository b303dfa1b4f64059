interface Call<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Gathers the calls made during one event-loop turn and runs them as one batch once the turn's callbacks are done
 * (one Redis script, one file write): fifty jobs that woke up on the same Redis reply pay one round trip, not fifty.
 * Each call resolves with its own item's result, or rejects with the batch's error.
 */
export class PerTurnBatch<Item, Result = void> {
  private waiting: Call<Item, Result>[] = [];
  private readonly running = new Set<Promise<void>>();

  /** `run` answers one result per item, in order (or nothing, for a batch without results). */
  constructor(private readonly run: (items: Item[]) => Promise<readonly Result[] | void>) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      if (!this.waiting.length) setImmediate(() => this.flush());
      this.waiting.push({ item, resolve, reject });
    });
  }

  /** Runs what is waiting at once and resolves when every batch started so far has ended (at shutdown). */
  async settled(): Promise<void> {
    this.flush();
    await Promise.allSettled([...this.running]);
  }

  private flush() {
    if (!this.waiting.length) return;
    const calls = this.waiting;
    this.waiting = [];
    const batch = (async () => this.run(calls.map((call) => call.item)))().then(
      (results) => calls.forEach((call, index) => call.resolve(results?.[index] as Result)),
      (error: unknown) => calls.forEach((call) => call.reject(error)),
    );
    this.running.add(batch);
    void batch.finally(() => this.running.delete(batch));
  }
}
