// Node module hooks that run TypeScript sources directly (seed, one-off scripts), with the same SWC
// settings as the build: `.js` specifiers resolve to `.ts` files, and @coursa/* to the libs' sources.
import { transform } from '@swc/core';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const swc = JSON.parse(readFileSync(new URL('.swcrc', root), 'utf8'));
delete swc.$schema;
const LIBS = {
  '@coursa/contracts': 'libs/contracts/src/index.ts',
  '@coursa/contracts/schemas': 'libs/contracts/src/schemas/index.ts',
  '@coursa/domain': 'libs/domain/src/index.ts',
};

export async function resolve(specifier, context, nextResolve) {
  if (LIBS[specifier]) return { url: new URL(LIBS[specifier], root).href, shortCircuit: true };
  if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts') || url.includes('/node_modules/')) return nextLoad(url, context);
  const source = readFileSync(fileURLToPath(url), 'utf8');
  const { code } = await transform(source, { ...swc, filename: fileURLToPath(url), sourceMaps: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
}

