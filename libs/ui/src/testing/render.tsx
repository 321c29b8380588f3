import { I18nextProvider } from '@camposense/i18n';
import { createI18n } from '@camposense/i18n/full';
import { render as renderWithoutProviders, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { UiProvider } from '../provider/ui-provider';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** @default 'es' */
  language?: 'es' | 'en';
  /** More providers inside ours (a fresh SWR cache from data-access's testing entry). */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

/** Renders inside the console's providers with a fresh i18n instance, and returns a user. */
export function render(ui: ReactElement, { language = 'es', wrapper: Inner, ...options }: ProvidersOptions = {}) {
  const i18n = createI18n({ language, detect: false });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <UiProvider>{Inner ? <Inner>{children}</Inner> : children}</UiProvider>
      </I18nextProvider>
    );
  }
  return { user: userEvent.setup(), i18n, ...renderWithoutProviders(ui, { wrapper: Providers, ...options }) };
}
