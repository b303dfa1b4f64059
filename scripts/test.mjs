// `npm test`: the whole suite (unit, integration, e2e) against the real PostgreSQL and Redis.
// `npm run test:faults` (`--faults`): the fault suite, on private PostgreSQL and Redis servers it starts itself.
// Each ends with one line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const faults = process.argv.includes('--faults');
const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--faults');

if (run('node', ['scripts/prisma-generate.mjs']) !== 0) process.exit(1);
// The browser journeys click the real built web app.
if (!faults && run('npm', ['run', '--silent', 'build', '-w', '@coursa/web']) !== 0) process.exit(1);

mkdirSync('var', { recursive: true });
const results = faults ? 'var/jest-faults-results.json' : 'var/jest-results.json';
rmSync(results, { force: true });
const status = run(
  'node',
  ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${results}`, ...(faults ? ['--config', 'jest.faults.config.js'] : []), ...jestArgs],
  { NODE_ENV: 'test' },
);

let summary;
try {
  summary = JSON.parse(readFileSync(results, 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  process.exit(status || 1);
}
const failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
console.log(`${summary.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : status);
