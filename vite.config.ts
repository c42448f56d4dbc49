/**
 * Builds the console (renderer/) into dist/console/, which the server serves at /console/ and the
 * desktop window loads. Its CSP allows only same-origin scripts: nothing inline, no CDN. Every text
 * file gets a brotli and a gzip copy beside it, which the server sends to browsers that accept them.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress.js';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/console', import.meta.url)),
    emptyOutDir: true,
    // No inline module-preload polyfill: the CSP forbids inline scripts.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `npm run dev`: the API comes from a running server.
    proxy: { '/api': process.env.ALMANAC_DEV_API ?? 'http://127.0.0.1:7420' },
  },
});
