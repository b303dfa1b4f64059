// `npm run db:generate`: `prisma generate` that works offline and is skipped when the schema is unchanged.
//   node scripts/prisma-generate.mjs [--force]        (PRISMA_SCHEMA=path overrides prisma/schema.prisma)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaPath = path.resolve(process.env.PRISMA_SCHEMA ?? path.join(root, 'prisma/schema.prisma'));
const require = createRequire(import.meta.url);

function fail(message) {
  console.error(`db:generate: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(schemaPath)) fail(`${path.relative(root, schemaPath)} not found`);
const schema = fs.readFileSync(schemaPath, 'utf8');
const output = /^\s*output\s*=\s*"([^"]+)"/m.exec(schema)?.[1];
if (!output) fail(`no generator output in ${path.relative(root, schemaPath)}`);

// A Prisma upgrade changes the generated code too, hence its version in the hash.
const prismaVersion = require('prisma/package.json').version;
const hash = createHash('sha256').update(`${prismaVersion}\n${schema}`).digest('hex');
const stamp = path.join(path.resolve(path.dirname(schemaPath), output), '.schema-hash');
const current = fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash;
if (current && !process.argv.includes('--force')) process.exit(0);

const result = spawnSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate', '--schema', schemaPath], {
  cwd: root,
  encoding: 'utf8',
  env: {
    ...process.env,
    // Generation itself never runs the schema-engine binary, but the CLI downloads it (from a host we
    // cannot reach) unless this points at an existing file.
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
if (result.status !== 0) {
  const details = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !/^(Prisma schema loaded from|Loaded Prisma config from)/.test(line))
    .join('\n');
  if (details) console.error(details);
  fail(`prisma generate failed for ${path.relative(root, schemaPath)} (${result.error?.message ?? `exit ${result.status}`})`);
}
fs.writeFileSync(stamp, hash);
