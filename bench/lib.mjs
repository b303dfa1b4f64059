// Shared pieces of the benchmarks: percentiles, a child-process runner, the results file.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import { SERVER_NODE_FLAGS } from '../scripts/lib/node-flags.mjs';

export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/**
 * Starts a Node process (TypeScript through the project's loader) and resolves once it prints `ready`. Coursa's and
 * the baselines' servers alike run with the production's Node flags (scripts/lib/node-flags.mjs).
 */
export function startProcess(args, env, readyText = 'ready') {
  const child = spawn('node', [...SERVER_NODE_FLAGS, '--import', './scripts/ts-loader.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    // A process not ready in time is killed: never left running behind a bench that gave up on it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} not ready in time:\n${output.slice(-2000)}`));
    }, 60_000);
    timer.unref();
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}):\n${output.slice(-2000)}`));
    });
  });
}

/** CPU time (user + system) a process has used so far, from /proc (Linux), in seconds. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/** A latency histogram with 1 ms buckets (the last bucket takes everything above `maxMs`); mergeable as plain arrays. */
export function histogram(maxMs = 60_000) {
  const buckets = new Array(maxMs + 1).fill(0);
  let count = 0;
  return {
    record(ms) {
      buckets[Math.min(maxMs, Math.max(0, Math.round(ms)))] += 1;
      count += 1;
    },
    merge(other) {
      other.forEach((n, ms) => (buckets[ms] += n));
      count += other.reduce((a, b) => a + b, 0);
    },
    /** Sparse form for IPC: [[ms, count], …]. */
    sparse: () => buckets.flatMap((n, ms) => (n ? [[ms, n]] : [])),
    get count() {
      return count;
    },
    percentile(p) {
      if (!count) return null;
      const rank = Math.ceil((p / 100) * count);
      let seen = 0;
      for (let ms = 0; ms < buckets.length; ms += 1) {
        seen += buckets[ms];
        if (seen >= rank) return ms;
      }
      return maxMs;
    },
    summary() {
      return { p50: this.percentile(50), p95: this.percentile(95), p99: this.percentile(99), max: this.percentile(100) };
    },
  };
}

/** Rebuilds a histogram from its sparse form. */
export function histogramFrom(sparse, maxMs = 60_000) {
  const h = histogram(maxMs);
  const dense = new Array(maxMs + 1).fill(0);
  for (const [ms, n] of sparse) dense[ms] += n;
  h.merge(dense);
  return h;
}
