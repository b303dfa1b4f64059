// Scenario 5: what each area of the built web app makes a phone download, gzipped.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { record } from './lib.mjs';

const dist = 'apps/web/dist';
const assets = readdirSync(join(dist, 'assets'));
const size = (file) => gzipSync(readFileSync(join(dist, 'assets', file))).length / 1024;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/\/assets\/([^"]+\.js)"/g)].map(([, file]) => file);
const chunks = (prefix) => assets.filter((file) => file.startsWith(prefix) && file.endsWith('.js'));
const sum = (files) => Math.round(files.reduce((total, file) => total + size(file), 0) * 10) / 10;

const firstScreen = sum(initial);
const figures = {
  first_screen_js_kb: firstScreen,
  css_kb: sum(assets.filter((file) => file.endsWith('.css'))),
  areas_js_kb_beyond_first_screen: {
    auth: 0,
    client: sum([...chunks('client-home'), ...chunks('ordering'), ...chunks('my-courses'), ...chunks('tracking')]),
    courier: sum(chunks('courier')),
    admin: sum(assets.filter((file) => file.startsWith('admin') && file.endsWith('.js'))),
    maps_and_realtime: sum([...chunks('TileLayer'), ...chunks('realtime')]),
  },
  target_kb: 200,
  meets_target: firstScreen <= 200,
};
record('web', figures);
console.table({ 'first screen (auth)': `${firstScreen} KB`, ...Object.fromEntries(Object.entries(figures.areas_js_kb_beyond_first_screen).map(([area, kb]) => [`+ ${area}`, `${kb} KB`])) });
