import { AuthProvider } from '@camposense/data-access';
import { I18nextProvider } from '@camposense/i18n';
import { UiProvider } from '@camposense/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { i18n } from './app/i18n';
import { AuthGate } from './auth/auth-gate';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <UiProvider>
        <SWRConfig value={{ revalidateOnFocus: false }}>
          <AuthProvider>
            <AuthGate />
          </AuthProvider>
        </SWRConfig>
      </UiProvider>
    </I18nextProvider>
  </StrictMode>,
);
