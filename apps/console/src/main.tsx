import { AuthProvider, renewSessionEarly } from '@camposense/data-access';
import { chosenLanguage, onLanguageChosen } from '@camposense/i18n';
import { applyColorMode, ColorModeProvider, readStoredMode } from '@camposense/ui';
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
// The chosen theme from the first paint: the draw may wait for the renewal (below).
applyColorMode(document.documentElement, readStoredMode());

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

function draw(root: HTMLElement) {
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

// A reload where a session was open (issue 30, repeat visit): the renewal leaves first. Its lock is
// granted in a task of its own, which a slow phone ran behind React's first draws, so the page
// draws once the request has left (or after RENEWAL_HEAD_START_MS, should another tab hold the
// lock). The console's chunk compiles in one long task (~0.4 s at 4x CPU), which held back the
// handling of the renewal's answer and so the reads it lets go: it is fetched once the answer is
// in, while those reads cross the link.
const RENEWAL_HEAD_START_MS = 150;
const renewal = renewSessionEarly();
if (renewal) {
  void Promise.race([renewal.left, new Promise((resolve) => setTimeout(resolve, RENEWAL_HEAD_START_MS))]).then(() => draw(container));
  void renewal.answered.then(startSignedInAppIfSessionKept);
} else {
  draw(container);
}
