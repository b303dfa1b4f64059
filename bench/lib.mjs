// Shared pieces of the benchmarks: percentiles, a child-process runner, the results file.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';

export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/** Starts a Node process (TypeScript through the project's loader) and resolves once it prints `ready`. */
export function startProcess(args, env, readyText = 'ready') {
  const child = spawn('node', ['--import', './scripts/ts-loader.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${output.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`${args.join(' ')} not ready in time:\n${output.slice(-2000)}`)), 60_000).unref();
  });
}

export const machine = () => ({ cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version });

const RESULTS = 'bench/results/latest.json';

/** Merges one scenario's figures into bench/results/latest.json. */
export function record(scenario, figures) {
  mkdirSync('bench/results', { recursive: true });
  const all = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  all.machine = machine();
  all.at = new Date().toISOString();
  all[scenario] = figures;
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
}
