import { AuthProvider, renewSessionEarly } from '@camposense/data-access';
import { chosenLanguage, onLanguageChosen } from '@camposense/i18n';
import { ColorModeProvider } from '@camposense/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthGate, startSignedInAppIfSessionKept } from './auth/auth-gate';
import { takeFontsAfterLoad } from './fonts';
import { registerServiceWorker } from './pwa/register-service-worker';

// The first download holds what a signed-out visitor sees, in plain CSS and without i18next; the
// signed-in console brings Chakra, i18next and its texts in its own chunk (auth/auth-gate.tsx).
function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
syncDocumentLanguage(chosenLanguage());

onLanguageChosen(syncDocumentLanguage);

// A worker already installed is registered again at once (its update check); a first install waits
// for the signed-in console (shell/signed-in-app.tsx).
registerServiceWorker({ firstInstall: false });
takeFontsAfterLoad({
  root: document.documentElement,
  readyState: document.readyState,
  onLoad: (take) => window.addEventListener('load', take, { once: true }),
});
// A reload where a session was open: the renewal leaves first, then the console's chunk is fetched
// beside it (issue 30, repeat visit).
renewSessionEarly();
startSignedInAppIfSessionKept();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <ColorModeProvider>
      <AuthProvider>
        <AuthGate />
      </AuthProvider>
    </ColorModeProvider>
  </StrictMode>,
);
