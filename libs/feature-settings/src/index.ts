export { ConfigurationScreen, DEFAULT_PREFERENCES, PREFERENCE_KEYS, loadPreferences, preferencesStorageKey } from './configuration-screen';
export type { ConfigurationScreenProps, AdvancedPreferences, PreferenceKey } from './configuration-screen';
