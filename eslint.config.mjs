import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The import matrix of architecture.md. It runs in `npm test`, so it cannot decay to "*".
 * Exported so the boundary test can check it against the document's table.
 */
export const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:i18n', 'type:domain'],
  },
  {
    sourceTag: 'type:ui',
    onlyDependOnLibsWithTags: ['type:i18n', 'type:domain'],
    bannedExternalImports: ['swr', 'swr/*'],
  },
  {
    sourceTag: 'type:data-access',
    onlyDependOnLibsWithTags: ['type:domain'],
    bannedExternalImports: ['@chakra-ui/*'],
  },
  { sourceTag: 'type:db', onlyDependOnLibsWithTags: ['type:domain'] },
  // Ingest, the alarm engine and the notifier: services the API starts, over the database.
  { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:server', 'type:db', 'type:i18n', 'type:domain'] },
  { sourceTag: 'type:i18n', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:client', 'scope:shared'] },
  // The e2e runs in Node: it starts the API (its spawn helper) and drives a browser.
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
  {
    sourceTag: 'scope:server',
    onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
    bannedExternalImports: ['react', 'react-dom', 'react/*', 'react-dom/*', '@chakra-ui/*'],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/public/mockServiceWorker.js',
      'libs/db/migrations/**',
      'tools/eslint/fixtures/**',
      'storybook-static/**',
      '.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
        localStorage: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints,
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Static accessibility checks on JSX; axe in the story run checks what renders.
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Rules that need the types: a promise nobody awaits or catches, a promise where a callback
    // returning nothing is expected (an event handler), a switch that forgets a union member.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React's act() returns a thenable even for a synchronous callback, which needs no await.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'react' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // A screen shows what it loads through QueryState (loading, error with retry, empty, loaded),
    // so every screen's states look and behave the same (issue 29, item 3). A spinner or an error
    // that is not a query's (a lazy chunk, a refused page, the session check) says why beside an
    // eslint-disable comment.
    files: ['libs/feature-*/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@camposense/ui',
              importNames: ['LoadingState', 'ErrorState'],
              message: "Show a query's states with <QueryState query={…}> instead of the loading and error states themselves.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'libs/db/src/cli/**', 'tools/**', 'apps/console-e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
