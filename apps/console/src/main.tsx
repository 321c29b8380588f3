import { AuthProvider } from '@camposense/data-access';
import { I18nextProvider } from '@camposense/i18n';
import { SignedOutUiProvider } from '@camposense/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from './app/i18n';
import { AuthGate } from './auth/auth-gate';
import { registerServiceWorker } from './pwa/register-service-worker';

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <SignedOutUiProvider>
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </SignedOutUiProvider>
    </I18nextProvider>
  </StrictMode>,
);
