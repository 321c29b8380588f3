import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  publicDir: 'src/public',
  plugins: [
    react(),
    // `.br` and `.gz` beside every asset, at the highest levels (paid once, at build time), served
    // by negotiation (apps/api/src/console-static.ts). Source maps stay uncompressed: no visitor loads them.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/\.map$/],
      threshold: 0,
      skipIfLargerOrEqual: true,
    }),
  ],
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
