// After `vite build`: the JavaScript and CSS the first screen downloads (the entry script and what index.html
// preloads), gzipped. Fails the build above the budget: on a slow mobile connection in Conakry every KB counts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(js|css))"/g)].map(([, path]) => path);
const gzipped = (path) => gzipSync(readFileSync(join(dist, path))).length / 1024;
const js = files.filter((path) => path.endsWith('.js')).reduce((sum, path) => sum + gzipped(path), 0);
const css = files.filter((path) => path.endsWith('.css')).reduce((sum, path) => sum + gzipped(path), 0);
console.log(`First screen: ${js.toFixed(1)} KB of JavaScript and ${css.toFixed(1)} KB of CSS, gzipped (budget ${BUDGET_KB} KB of JavaScript).`);
if (js > BUDGET_KB) {
  console.error(`The first screen's JavaScript is over budget by ${(js - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
