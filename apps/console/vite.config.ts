import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  publicDir: 'src/public',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/console', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Preloading is ours (spec section 9); Vite's modulepreload polyfill would be an inline script.
    modulePreload: { polyfill: false },
  },
  server: { port: 4200, proxy: { '/api': apiTarget } },
  preview: { port: 4300, proxy: { '/api': apiTarget } },
});
