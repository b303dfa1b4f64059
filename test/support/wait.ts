// The tests' only ways to wait: for a state (waitUntil, waitFor), or for time itself to pass (sleep).

/** Lets `ms` pass: for behaviour that depends on time (a rate window, a grace period), never to wait for a state. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Reads `probe` every `everyMs` until `done` holds for its value, and returns that value (a probe that throws counts
 * as not yet); throws after `timeoutMs`, quoting the last value read.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await probe();
      if (done(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last ${lastRead(last)}`);
    await sleep(everyMs);
  }
}

/** Checks every `everyMs` until `check` holds (a check that throws counts as not yet); throws after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 50): Promise<void> {
  await waitFor(what, check, (holds) => holds, timeoutMs, everyMs);
}

function lastRead(last: { value: unknown } | { error: unknown } | undefined): string {
  if (!last) return 'read: none';
  if ('error' in last) return `error: ${String(last.error)}`;
  return `value: ${shown(last.value).slice(0, 300)}`;
}

function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
