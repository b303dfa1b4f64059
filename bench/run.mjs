// `npm run bench` (not part of `npm test`): runs the five benchmark scenarios, each against a bare baseline in the
// same run, and writes bench/results/latest.json. `npm run bench -- tracking memory` runs only those.
import { spawnSync } from 'node:child_process';

const scenarios = [
  ['web', ['bench/web.mjs']],
  ['queue', ['bench/queue.mjs']],
  ['api', ['bench/api.mjs']],
  ['tracking', ['bench/tracking.mjs']],
  ['memory', ['bench/memory.mjs']],
];
const only = process.argv.slice(2);
for (const [name, args] of scenarios.filter(([name]) => !only.length || only.includes(name))) {
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync('node', args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
