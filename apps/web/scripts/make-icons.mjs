// Draws the app's PNG icons (web app manifest, iOS home screen) from public/favicon.svg. Run by hand after changing
// the logo: `node apps/web/scripts/make-icons.mjs` (needs rsvg-convert, Debian package librsvg2-bin); the PNGs are
// committed, so the build needs neither.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const publicDir = new URL('../public/', import.meta.url).pathname;
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');
// The logo's drawing without its rounded green tile.
const mark = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');

/** A full-bleed square (no transparent corners) with the mark scaled around the centre. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b6e4f"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`;

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: favicon },
  { file: 'pwa-512x512.png', size: 512, svg: favicon },
  // Maskable: the platform crops to its own shape; what matters stays inside the central circle of 80% (safe zone).
  { file: 'maskable-512x512.png', size: 512, svg: fullBleed(0.72) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.85) },
];
for (const { file, size, svg } of icons) {
  execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), '-o', `${publicDir}${file}`], { input: svg });
  console.log(`public/${file} (${size}×${size})`);
}
