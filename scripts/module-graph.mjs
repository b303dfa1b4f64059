// `npm run docs:graph`: draws the API's modules and what each imports (from the source's own imports) as a Mermaid
// picture, between the `graph` markers of docs/architecture.md. `--check` only says whether the picture there is
// current (test/e2e/architecture checks it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, layerOf, roomGraph } from './lib/import-graph.mjs';

const DOC = join(ROOT, 'docs/architecture.md');
const START = '<!-- graph:start (npm run docs:graph) -->';
const END = '<!-- graph:end -->';

/** A module's box name; common/, contracts and domain are one box each (every module uses them). */
const box = (room) => (room.startsWith('api:common/') ? 'common' : room.replace(/^api:modules\//, ''));

export function picture() {
  const arrows = new Set();
  for (const { from, to } of roomGraph()) {
    if (!from.startsWith('api:modules/')) continue;
    if (!(to.startsWith('api:modules/') || layerOf(to) < 3)) continue;
    if (to === 'prisma-client' || to.startsWith('api:common/') || to === 'contracts' || to === 'domain') continue; // every module uses them
    arrows.add(`  ${box(from)} --> ${box(to)}`);
  }
  return ['```mermaid', 'flowchart LR', ...[...arrows].sort(), '```'].join('\n');
}

const doc = readFileSync(DOC, 'utf8');
const at = doc.indexOf(START);
const end = doc.indexOf(END);
if (at < 0 || end < at) {
  console.error(`docs/architecture.md has no ${START} … ${END} block`);
  process.exit(1);
}
const current = doc.slice(at + START.length, end).trim();
const drawn = picture();
if (process.argv.includes('--check')) {
  if (current !== drawn) {
    console.error('docs/architecture.md: the picture of the modules is out of date; run `npm run docs:graph`.');
    process.exit(1);
  }
} else {
  writeFileSync(DOC, `${doc.slice(0, at + START.length)}\n${drawn}\n${doc.slice(end)}`);
  console.log('docs/architecture.md: the picture of the modules is drawn.');
}
