import { createSignedOutI18n, loadFeatureTexts, loadShellTexts, type FeatureNamespace } from '@camposense/i18n';

/**
 * The signed-in console's one i18next instance, in its chunk (the signed-out screens read their
 * texts without i18next): the language is the chosen one (localStorage), Spanish by default. It
 * starts with the signed-out texts; the shell's are fetched at once and the signed-in app waits
 * for `shellTexts()` before it draws (auth/auth-gate.tsx); each feature screen's texts come with
 * the screen's chunk (`featureTexts`, screens/screens.ts).
 */
export const i18n = createSignedOutI18n();
export const shellTexts = () => loadShellTexts(i18n);
export const featureTexts = (namespace: FeatureNamespace) => loadFeatureTexts(i18n, namespace);
void shellTexts().catch(() => undefined);
