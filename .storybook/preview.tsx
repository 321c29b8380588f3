import { Box } from '@chakra-ui/react';
import { I18nextProvider, LANGUAGES } from '@camposense/i18n';
import { createI18n } from '@camposense/i18n/full';
import { dismissAllToasts, UiProvider, type ColorMode } from '@camposense/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { resetConnectionStatus } from '@camposense/data-access';
import { FIXTURE_NOW } from '@camposense/data-access/testing';
import MockDate from 'mockdate';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect, useMemo } from 'react';
import { SWRConfig } from 'swr';
import './preview.css';

// Every story is one tab of one origin: a story whose refresh never answers (the loading state)
// must not hold the cross-tab refresh lock for the stories after it.
Object.defineProperty(window.navigator, 'locks', { configurable: true, value: undefined });

/** Language from the toolbar: a fresh i18next instance per language, never the stored one. */
const LanguageDecorator: Decorator = (Story, context) => {
  const language = (context.globals.language as string) ?? 'es';
  const i18n = useMemo(() => createI18n({ language, detect: false }), [language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <Story />
    </I18nextProvider>
  );
};

/** Theme from the toolbar; the Chakra provider with our system. */
const UiDecorator: Decorator = (Story, context) => {
  const theme: ColorMode = context.globals.theme === 'light' ? 'light' : 'dark';
  return (
    <UiProvider forcedColorMode={theme}>
      <Box data-testid="story-root" bg="surface.page" color="fg" minH="100vh">
        <Story />
      </Box>
    </UiProvider>
  );
};

/** A fresh SWR cache per story, no retries, so error stories settle and no story sees another's data. */
const SwrDecorator: Decorator = (Story) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
    <Story />
  </SWRConfig>
);

const preview: Preview = {
  loaders: [mswLoader()],
  // Every date a story shows is relative to one fixed instant, so screenshots never drift.
  beforeEach: () => {
    MockDate.set(FIXTURE_NOW);
    // The connection state is the page's: a lost-connection, unhealthy-server or stream-gone story must
    // not leave its banner to the next (with two pages per theme, files no longer run in one order).
    resetConnectionStatus();
    // So is the toaster's store: a toast still alive from the story before (an alert that could not
    // be acknowledged) would show in this story's screenshot, wherever a Toaster is mounted.
    dismissAllToasts();
    localStorage.clear();
    sessionStorage.clear();
    return () => MockDate.reset();
  },
  decorators: [SwrDecorator, UiDecorator, LanguageDecorator],
  globalTypes: {
    language: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LANGUAGES.map((value) => ({ value, title: value === 'es' ? 'Español' : 'English' })),
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'dark', title: 'Dark' },
          { value: 'light', title: 'Light' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: 'es', theme: 'dark' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    a11y: { test: 'error' },
    // The viewports of the phone and tablet stories (`globals: { viewport: { value: 'phone' } }`);
    // the Vitest run sizes the page to them, the default stays 1200 × 900.
    viewport: {
      options: {
        phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet 768 × 1024', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        wide: { name: 'Desktop 1440 × 900', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
  },
  tags: ['autodocs'],
};

export default preview;
