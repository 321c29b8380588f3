import { createSignedOutI18n, loadFeatureTexts, loadShellTexts, type FeatureNamespace } from '@camposense/i18n';

/**
 * The console's one i18next instance: the language comes from localStorage, Spanish by default.
 * It starts with the signed-out texts only; the shell's texts are fetched at once, while the
 * visitor signs in, and the signed-in app waits for `shellTexts()` before it draws; each feature
 * screen's texts come with the screen's chunk (`featureTexts`, screens/screens.ts).
 */
export const i18n = createSignedOutI18n();
export const shellTexts = () => loadShellTexts(i18n);
export const featureTexts = (namespace: FeatureNamespace) => loadFeatureTexts(i18n, namespace);
void shellTexts().catch(() => undefined);
