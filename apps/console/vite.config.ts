import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// The dictionaries by path: Vite bundles a config's relative imports, while a workspace package's
// TypeScript entry (@camposense/i18n/full) would be left to Node, which cannot load it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- build configuration, not code of the app
import { enShell as en } from '../../libs/i18n/src/locales/en/shell';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above
import { esShell as es } from '../../libs/i18n/src/locales/es/shell';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const outDir = fileURLToPath(new URL('../../dist/console', import.meta.url));

/** The chunks a chunk imports statically (Vite writes `import … from "./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(outDir, file), 'utf8');
  return [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map((match) => `assets/${match[1]}`);
}

/**
 * The dashboard's chunks: its view, the feature chunk that loads it (the one that imports it
 * lazily) and the reports' texts; `shellOnly` adds what each imports statically. The screen a
 * reload lands on most (issue 30, repeat visit): on a constrained link the console preloads no
 * screen (src/screens/preload-schedule.ts), so without these a reload at /dashboard fetched
 * ~113 KB of brotli through the worker on the slow link beside its first reads.
 */
function dashboardChunks(urls: Set<string>): string[] {
  const lazilyImportsTheView = (url: string) => /import\(["']\.\/dashboard-view-[\w-]+\.js["']\)/.test(readFileSync(join(outDir, url), 'utf8'));
  return [...urls].filter((url) => /^assets\/(dashboard-view|reports)-[\w-]+\.js$/.test(url) || (/^assets\/[\w-]+\.js$/.test(url) && lazilyImportsTheView(url)));
}

/**
 * What the service worker precaches: the shell and the dashboard, not every screen. A first visit over a rural link
 * would otherwise fetch the whole console (830 KB of brotli) behind the sign-in. The shell is the
 * page with its stylesheet, what it loads statically, the signed-in app and the shell's texts (each
 * with what they import), the favicon and the manifest: all of it the signed-in page has already
 * fetched when the worker installs (src/pwa/register-service-worker.ts), so the precache takes it
 * from the HTTP cache; and the dashboard (`dashboardChunks`), fetched once by the install, so a
 * reload at /dashboard takes none of its code from the link (bench:field: first visit and sign-in
 * 268 KB before, within 400 KB after). Fonts, the map's stylesheet, the install icons and every
 * other chunk are kept when a page first uses them (sw/sw.ts, cache-first: their names carry their
 * hash); precached, they cost a first visit ~75 KB it never used (issue 30, ≤ 400 KB).
 */
function shellOnly(entries: Array<{ url: string; revision: string | null; size: number }>) {
  const urls = new Set(entries.map((entry) => entry.url));
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const queue = [
    ...[...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]!),
    ...[...urls].filter((url) => /^assets\/(signed-in-app|shell)-[\w-]+\.js$/.test(url)),
    ...dashboardChunks(urls),
  ];
  const shell = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (shell.has(file) || !urls.has(file)) continue;
    shell.add(file);
    queue.push(...staticImports(file));
  }
  const pageStyles = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((match) => match[1]!));
  const alwaysKept = (url: string) => ['index.html', 'favicon.svg', 'manifest.webmanifest'].includes(url) || pageStyles.has(url);
  return { manifest: entries.filter((entry) => shell.has(entry.url) || alwaysKept(entry.url)), warnings: [] };
}

/** The page colour of each theme (libs/ui/src/theme/brand-config.ts `surface.page`): the window's frame in the installed app. */
const PAGE_DARK = '#0b1410';

/**
 * The web app manifest, in Spanish (the console's default language) with an English translation in
 * the `translations` member (W3C Web App Manifest app-info; browsers without it keep the Spanish).
 * One file, not one per Accept-Language: an installed app keeps the manifest it was installed from,
 * and the name is the brand, the same in both languages. Texts from the i18n dictionaries.
 */
const manifest = {
  id: '/',
  name: es.app.name,
  short_name: es.app.name,
  description: es.pwa.description,
  lang: 'es',
  dir: 'ltr' as const,
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  background_color: PAGE_DARK,
  theme_color: PAGE_DARK,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  translations: { en: { name: en.app.name, short_name: en.app.name, description: en.pwa.description } },
};

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
    // The service worker (sw/sw.ts) and the manifest; the page registers it itself, in the
    // production build only (src/pwa/register-service-worker.ts), and asks before it updates.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The install icons are fetched by the browser when it offers the install, not precached.
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        // Never the .br/.gz twins (the browser negotiates those with the server) nor source maps;
        // the manifest the plugin adds itself.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['**/*.map', 'sw.js'],
        manifestTransforms: [async (entries) => shellOnly(entries)],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // Preloading is ours (spec section 9); Vite's modulepreload polyfill would be an inline script.
    modulePreload: { polyfill: false },
  },
  server: { port: 4200, proxy: { '/api': apiTarget } },
  preview: { port: 4300, proxy: { '/api': apiTarget } },
});
