// After `vite build`: the JavaScript and CSS the first screen downloads (the entry script and what index.html
// preloads), gzipped. Fails the build above the budget: on a slow mobile connection in Conakry every KB counts.
import { existsSync, readFileSync } from 'node:fs';
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
// What a browser that accepts Brotli really downloads (issue 35): the .br copies the build wrote beside each file.
const brotli = (path) => (existsSync(join(dist, `${path}.br`)) ? readFileSync(join(dist, `${path}.br`)).length / 1024 : NaN);
const page = ['index.html', ...files];
console.log(
  `On the wire in Brotli: ${page.reduce((sum, path) => sum + brotli(path), 0).toFixed(1)} KB for index.html and its ${files.length} files ` +
    `(${files.filter((path) => path.endsWith('.js')).reduce((sum, path) => sum + brotli(path), 0).toFixed(1)} KB of JavaScript).`,
);
// What the first screen does not show, it does not download (issue 35): maps, the live connection, the phone-number
// library, zod (the forms' schemas) and the service worker's registration come with the screens that use them.
const notOnFirstScreen = files.filter((path) => /^assets\/(leaflet|socket|realtime|phone|zod|register|workbox)[-.]/.test(path));
if (notOnFirstScreen.length) {
  console.error(`The first screen loads what it does not show: ${notOnFirstScreen.join(', ')}.`);
  process.exit(1);
}
if (js > BUDGET_KB) {
  console.error(`The first screen's JavaScript is over budget by ${(js - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}

// The recipient's tracking page (/suivi/<token>) is opened from an SMS on any phone: its own budget, all the
// JavaScript suivi.html loads (its entry and every chunk it preloads), gzipped.
const SUIVI_BUDGET_KB = 60;
const suiviHtml = readFileSync(join(dist, 'suivi.html'), 'utf8');
const suiviFiles = [...suiviHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(([, path]) => path);
const suiviJs = suiviFiles.reduce((sum, path) => sum + gzipped(path), 0);
console.log(`Tracking page (suivi.html): ${suiviJs.toFixed(1)} KB of JavaScript, gzipped (budget ${SUIVI_BUDGET_KB} KB).`);
if (!suiviFiles.length || suiviJs > SUIVI_BUDGET_KB) {
  console.error(suiviFiles.length ? `The tracking page's JavaScript is over budget by ${(suiviJs - SUIVI_BUDGET_KB).toFixed(1)} KB.` : 'suivi.html loads no script: is it built?');
  process.exit(1);
}
