import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://127.0.0.1:3000';

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
  ],
  resolve: {
    alias: [
      { find: /^@coursa\/contracts$/, replacement: fromHere('../../libs/contracts/src/index.ts') },
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
    },
  },
});
