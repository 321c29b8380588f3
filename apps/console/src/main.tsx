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
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

function start(root: HTMLElement) {
  startSignedInAppIfSessionKept();
  createRoot(root).render(
    <StrictMode>
      <ColorModeProvider>
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </ColorModeProvider>
    </StrictMode>,
  );
}

// A reload where a session was open: the renewal leaves first, then the console's chunk is fetched
// beside it (issue 30, repeat visit). The renewal waits for the cross-tab lock, granted in a task of
// its own, which a slow phone ran behind the compilation of the console's chunk and React's first
// draws (0.4-1.4 s at 4x CPU): both start once the request has left, or after
// RENEWAL_HEAD_START_MS when another tab holds the lock.
const RENEWAL_HEAD_START_MS = 150;
const renewalLeft = renewSessionEarly();
if (renewalLeft) {
  void Promise.race([renewalLeft, new Promise((resolve) => setTimeout(resolve, RENEWAL_HEAD_START_MS))]).then(() => start(container));
} else {
  start(container);
}
