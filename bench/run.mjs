// `npm run bench` (not part of `npm test`): runs the benchmark scenarios written so far, each against a bare
// baseline in the same run, and writes bench/results/latest.json.
import { spawnSync } from 'node:child_process';

const scenarios = [
  ['web', ['bench/web.mjs']],
  ['queue', ['bench/queue.mjs']],
  ['api', ['bench/api.mjs']],
  ['memory', ['bench/memory.mjs']],
];
for (const [name, args] of scenarios) {
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync('node', args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
