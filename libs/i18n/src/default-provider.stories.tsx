import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ContextType } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import { DefaultI18nProvider } from './default-provider';
import { createSignedOutI18n } from './signed-out';

/** The console chunk's own instance: English, so it can be told from the story's language. */
const ownInstance = createSignedOutI18n({ language: 'en', detect: false });

/** Which instance the provider gave its children: its language and one of its texts. */
function ProvidedTexts() {
  const { t, i18n } = useTranslation();
  return (
    <p>
      <span data-testid="language">{i18n.language}</span> · <span data-testid="text">{t('login.title')}</span>
    </p>
  );
}

interface DefaultI18nProviderDemoProps {
  /** Whether a provider above already gives an instance (a story's, a test's) or none does (the console). */
  outer: 'given' | 'none';
}

/** No outer instance: what the console's chunk sees, the first download having none. */
const noOuterInstance = {} as ContextType<typeof I18nContext>;

function DefaultI18nProviderDemo({ outer }: DefaultI18nProviderDemoProps) {
  const provider = (
    <DefaultI18nProvider i18n={ownInstance}>
      <ProvidedTexts />
    </DefaultI18nProvider>
  );
  return outer === 'given' ? provider : <I18nContext.Provider value={noOuterInstance}>{provider}</I18nContext.Provider>;
}

const meta = {
  title: 'I18n/DefaultI18nProvider',
  component: DefaultI18nProviderDemo,
  args: { outer: 'given' },
} satisfies Meta<typeof DefaultI18nProviderDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A provider above (the story's, Spanish): it is kept, the console's own instance is not used. */
export const KeepsTheOuterInstance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('language')).toHaveTextContent('es');
    await expect(canvas.getByTestId('text')).toHaveTextContent('INICIAR SESIÓN');
  },
};

/** The story's language in English: still the outer instance's. */
export const KeepsTheOuterInstanceEnglish: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('language')).toHaveTextContent('en');
  },
};

/** No provider above, as in the console: its own instance gives the texts. */
export const ProvidesItsOwn: Story = {
  args: { outer: 'none' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('language')).toHaveTextContent('en');
    await expect(canvas.getByTestId('text')).toHaveTextContent('SIGN IN');
  },
};
