// The project's import graph, read from the source's own `import … from '…'` lines: which file imports which, grouped
// into the rooms docs/architecture.md talks about (an API module, a piece of common/, a web feature, a library). Used
// by `npm run docs:graph` (the picture in docs/architecture.md) and by test/architecture.e2e-spec.ts (its rules).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const SOURCE = /\.(ts|tsx)$/;
const SKIPPED = /(\.spec\.tsx?|\.d\.ts)$/;
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every source file (not tests, not generated code) under the given folders, as paths from the repository's root. */
export function sourceFiles(folders = ['apps/api/src', 'apps/web/src', 'libs/contracts/src', 'libs/domain/src']) {
  const files = [];
  const walk = (folder) => {
    for (const name of readdirSync(join(ROOT, folder))) {
      const path = join(folder, name);
      if (name === 'generated' || name === 'node_modules' || name === 'test') continue;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !SKIPPED.test(name)) files.push(path);
    }
  };
  folders.forEach(walk);
  return files.sort();
}

export const read = (file) => readFileSync(join(ROOT, file), 'utf8');

/** The files a file imports (only the repository's own; packages are left out), resolved to paths from the root. */
export function importsOf(file) {
  const found = new Set();
  for (const match of read(file).matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target) found.add(target);
  }
  return [...found];
}

function resolveImport(file, specifier) {
  let base;
  if (specifier.startsWith('.')) base = join(dirname(file), specifier);
  else if (specifier.startsWith('@/')) base = join('apps/web/src', specifier.slice(2));
  else if (specifier === '@coursa/contracts') return 'libs/contracts/src/index.ts';
  else if (specifier === '@coursa/domain') return 'libs/domain/src/index.ts';
  else return null;
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')]) {
    if (existsSync(join(ROOT, candidate))) return candidate;
  }
  return null; // a stylesheet or an asset
}

/**
 * The room a file belongs to: `api:modules/<name>`, `api:common/<name>`, `api:app` (the entry points and the app's
 * assembly), `web:features/<name>`, `web:app`, `web:<folder>` (components, lib, hooks…), `contracts`, `domain`.
 */
export function roomOf(file) {
  let match;
  if (file.startsWith('apps/api/src/generated/')) return 'prisma-client';
  if ((match = file.match(/^apps\/api\/src\/(modules|common)\/([^/]+)\//))) return `api:${match[1]}/${match[2]}`;
  if (file.startsWith('apps/api/src/')) return 'api:app';
  if ((match = file.match(/^apps\/web\/src\/features\/([^/]+)\//))) return `web:features/${match[1]}`;
  if ((match = file.match(/^apps\/web\/src\/([^/]+)\//))) return `web:${match[1]}`;
  if (file.startsWith('apps/web/src/')) return 'web:app';
  if (file.startsWith('libs/contracts/')) return 'contracts';
  if (file.startsWith('libs/domain/')) return 'domain';
  return 'other';
}

/**
 * The layer of a room, lowest first: an arrow may only run from a room to one on its own layer or below, never back
 * up. domain (pure rules) < contracts (shapes) < common / the web's shared code < modules / features < the app.
 */
export function layerOf(room) {
  if (room === 'domain') return 0;
  if (room === 'contracts' || room === 'prisma-client') return 1;
  if (room.startsWith('api:common/') || /^web:(lib|components|hooks|config|pwa|test)$/.test(room)) return 2;
  if (room.startsWith('api:modules/') || room.startsWith('web:features/')) return 3;
  return 4;
}

/** Room-level arrows: `from → to` with the number of file imports behind each. */
export function roomGraph(files = sourceFiles()) {
  const arrows = new Map();
  for (const file of files) {
    const from = roomOf(file);
    for (const target of importsOf(file)) {
      const to = roomOf(target);
      if (to === from) continue;
      const key = `${from}→${to}`;
      arrows.set(key, (arrows.get(key) ?? 0) + 1);
    }
  }
  return [...arrows].map(([key, count]) => {
    const [from, to] = key.split('→');
    return { from, to, count };
  });
}

/** The cycles among rooms (each as the list of rooms around it), none when the graph is a DAG. */
export function cycles(arrows) {
  const next = new Map();
  for (const { from, to } of arrows) next.set(from, [...(next.get(from) ?? []), to]);
  const found = [];
  const state = new Map(); // 1: on the path, 2: done
  const path = [];
  const visit = (room) => {
    state.set(room, 1);
    path.push(room);
    for (const to of next.get(room) ?? []) {
      if (state.get(to) === 1) found.push([...path.slice(path.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(room, 2);
  };
  for (const room of next.keys()) if (!state.has(room)) visit(room);
  return found;
}

export { ROOT, relative };
