// What the fault suite measured (faults injected, jobs and records lost, answers while a server was down),
// merged into var/faults-figures.json: read by people, never asserted on time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'var/faults-figures.json';

export function recordFigures(scenario: string, figures: Record<string, unknown>): void {
  mkdirSync('var', { recursive: true });
  const all = existsSync(FILE) ? JSON.parse(readFileSync(FILE, 'utf8')) : {};
  all[scenario] = { ...figures, at: new Date().toISOString() };
  writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
}

/** Runs `call` and returns what it gave with how long it took, in ms. */
export async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: Math.round(performance.now() - started) };
}
