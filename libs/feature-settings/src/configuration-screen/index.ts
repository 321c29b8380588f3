export { ConfigurationScreen } from './configuration-screen';
export type { ConfigurationScreenProps } from './configuration-screen';
export { DEFAULT_PREFERENCES, PREFERENCE_KEYS, loadPreferences, preferencesStorageKey } from './preferences';
export type { AdvancedPreferences, PreferenceKey } from './preferences';
