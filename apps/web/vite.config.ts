import react from '@vitejs/plugin-react';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://127.0.0.1:3000';

const COMPRESSED_FILES = /\.(js|mjs|css|html|svg|webmanifest|json)$/;
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };

/**
 * The service worker (dist/sw.js) is built by vite-plugin-pwa after the bundle has been written, too late for the
 * compression plugin: its .br and .gz copies are written here, once the PWA plugin is done.
 */
function compressServiceWorker(): Plugin {
  let outDir = fromHere('./dist');
  return {
    name: 'coursa:compress-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const sw = join(outDir, 'sw.js');
        if (!existsSync(sw)) return;
        const source = readFileSync(sw);
        writeFileSync(`${sw}.br`, brotliCompressSync(source, BROTLI));
        writeFileSync(`${sw}.gz`, gzipSync(source, GZIP));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // The installable app (issue 22): the web app manifest, and src/sw.ts built into dist/sw.js with the list of
    // files to precache. main.tsx registers it itself (src/pwa/register.ts), in production builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Coursa',
        short_name: 'Coursa',
        description: 'Livraisons rapides à Conakry : commander, suivre une course, livrer.',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f6f5',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      // The whole app (every tab works offline), not the recipient's tracking page (/suivi/, network only); the
      // manifest's icons and includeAssets are added to the list by the plugin.
      injectManifest: { globPatterns: ['**/*.{js,css,html}'], globIgnores: ['suivi.html', 'assets/suivi-*'] },
      devOptions: { enabled: false },
    }),
    // Issue 35: a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed once here at the
    // highest levels; the API serves them when the browser accepts them (@fastify/static's preCompressed). Images
    // (PNG) are already compressed.
    compression({
      include: COMPRESSED_FILES,
      threshold: 0,
      algorithms: [
        ['brotliCompress', BROTLI],
        ['gzip', GZIP],
      ],
      skipIfLargerOrEqual: false,
      logLevel: 'silent',
    }),
    compressServiceWorker(),
  ],
  resolve: {
    alias: [
      { find: /^@coursa\/contracts$/, replacement: fromHere('../../libs/contracts/src/index.ts') },
      // The request schemas (zod), for the forms that check what they send with the API's own rules; lazy screens only.
      { find: /^@coursa\/contracts\/schemas$/, replacement: fromHere('../../libs/contracts/src/schemas/index.ts') },
      { find: /^@coursa\/domain$/, replacement: fromHere('../../libs/domain/src/index.ts') },
      { find: /^@\//, replacement: fromHere('./src/') },
    ],
  },
  server: {
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // The app, and the recipient's tracking page (/suivi/<token>): its own small entry, no React (budget 60 KB).
      input: { main: fromHere('./index.html'), suivi: fromHere('./suivi.html') },
      output: {
        // The phone-number library (and the module that uses it) in a chunk of its own, loaded with the screens that
        // check numbers (ordering, payouts), not with the sign-in screen (issue 35: 29 KB gzipped less there).
        codeSplitting: {
          groups: [
            { name: 'phone', test: /libphonenumber-js|libs[\\/]domain[\\/]src[\\/]phone\.ts/, priority: 2 },
            // zod, for the forms that check with the API's own request schemas (issue 40: merchants, keys, webhooks). The
            // schemas themselves go with the screens: a group takes in what its modules import, which the first screen shares.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // What every screen shares (React, the router, the query cache, the small UI components, the API client) in
            // one file rather than a dozen of 1 KB: on a phone's network each file costs a round trip (issue 35).
            {
              name: 'shared',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|zustand)[\\/]|apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!PhoneInput)|hooks[\\/]|config[\\/]|lib[\\/](api-client|query-client)\.ts)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
