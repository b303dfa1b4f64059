// `npm run bench` (not part of `npm test`): runs the benchmark scenarios, most against a bare baseline in the
// same run, and writes bench/results/latest.json. `npm run bench -- tracking memory` runs only those. `web` is the
// built app's weight, then Lighthouse and the slow sign-in (bench/lighthouse.mjs), on the web app built first.
import { spawnSync } from 'node:child_process';

const scenarios = [
  ['web', ['bench/web.mjs', 'bench/lighthouse.mjs']],
  ['queue', ['bench/queue.mjs']],
  ['api', ['bench/api.mjs']],
  ['engine', ['bench/engine.mjs']],
  ['tracking', ['bench/tracking.mjs']],
  ['status', ['bench/status.mjs']],
  ['memory', ['bench/memory.mjs']],
  ['place-search', ['bench/place-search.mjs']],
];
const only = process.argv.slice(2);
for (const [name, scripts] of scenarios.filter(([name]) => !only.length || only.includes(name))) {
  console.log(`\n▶ ${name}`);
  if (name === 'web' && spawnSync('npm', ['run', '--silent', 'build', '-w', '@coursa/web'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  for (const script of scripts) {
    const { status } = spawnSync('node', [script], { stdio: 'inherit' });
    if (status !== 0) process.exit(status ?? 1);
  }
}
