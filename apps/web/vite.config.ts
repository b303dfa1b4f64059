import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
