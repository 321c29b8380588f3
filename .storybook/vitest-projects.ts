import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumLaunchOptions } from '../tools/chromium';

const configDir = fileURLToPath(new URL('.', import.meta.url));
export const THEMES = ['dark', 'light'] as const;

/**
 * One Vitest browser project per theme: every story renders in Debian's Chromium and its
 * screenshot is compared with the committed baseline beside the story file.
 */
export function storybookProjects(): TestProjectInlineConfiguration[] {
  return THEMES.map((theme) => ({
    extends: true,
    plugins: [storybookTest({ configDir, initialGlobals: { theme } })],
    publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    optimizeDeps: {
      include: [
        '@chakra-ui/react',
        '@emotion/react',
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        'swr',
        'i18next',
        'react-i18next',
        'lucide-react',
        'd3',
        'msw/browser',
        'msw-storybook-addon/csf3',
        // Found late, each would make Vite re-optimise mid-run and reload the page under a running
        // story ("Failed to fetch dynamically imported module"): listed so they are bundled first.
        '@chakra-ui/react/theme',
        '@tanstack/react-table',
        'react-error-boundary',
        'mockdate',
        // The node map's MapLibre renderer (issue 33).
        'react-map-gl/maplibre',
        'maplibre-gl/dist/maplibre-gl-csp.js',
      ],
    },
    test: {
      name: `storybook-${theme}`,
      provide: { visualTheme: theme },
      setupFiles: [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))],
      testTimeout: 30_000,
      // No retry: a story that fails once is a race to fix, not to hide. scripts/test.mjs lists any
      // test that needed a retry in the steps that still allow one.
      retry: 0,
      // All story files of a theme run in one page, one after another, instead of a fresh iframe
      // each: loading Storybook's preview, Chakra and the fixtures once per file was over half of the
      // run (3.2 s a file). Every story still starts clean: Storybook unmounts it, the preview's
      // beforeEach resets the clock, storage and connection state, and SWR gets a fresh cache.
      isolate: false,
      // VISUAL_PAGES=2: two pages per theme (four in all), each a browser context of its own taking
      // the next story file as it finishes one (Vitest opens one page per project on two cores).
      // 35 % faster, but not yet stable, so one page stays the default: a whole npm test with two
      // failed on a story seeing state another file left (auth-gate Signed In English with the
      // connection banner; umbral-massive Offline Locked English, axe on aria-activedescendant).
      maxWorkers: Number(process.env['VISUAL_PAGES'] ?? 1),
      browser: {
        enabled: true,
        isolate: false,
        headless: true,
        screenshotFailures: false,
        provider: playwright({
          launchOptions: chromiumLaunchOptions(),
          contextOptions: {
            reducedMotion: 'reduce',
            locale: 'es-ES',
            timezoneId: 'America/Lima',
            deviceScaleFactor: 1,
            colorScheme: theme,
          },
        }),
        instances: [{ browser: 'chromium' }],
        expect: {
          toMatchScreenshot: {
            comparatorName: 'pixelmatch',
            // Anti-aliasing may differ by a few pixels between runs; a real change moves far more.
            comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.002 },
            // How long the page may take to hold still for two screenshots in a row (5 s by
            // default): a bound for a loaded machine with four pages, not a wait.
            timeout: 15_000,
          },
        },
      },
    },
  }));
}

declare module 'vitest' {
  export interface ProvidedContext {
    visualTheme: (typeof THEMES)[number];
  }
}
