import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = process.env.TRANSDESK_API ?? 'http://127.0.0.1:8080';

/**
 * The web console (docs/console.md#how-it-is-built): built into dist/console, which the server
 * answers at `/`; `npm run dev` serves it here with hot reload and passes the API's paths to the
 * server (TRANSDESK_API, by default the one `npm start` runs).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // The first load is measured by `npm run bench` (at most 300 KB of JavaScript, gzip).
    chunkSizeWarningLimit: 800,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(['/v2', '/docs', '/health', '/metrics'].map((path) => [path, { target: API, changeOrigin: false }])),
  },
});
