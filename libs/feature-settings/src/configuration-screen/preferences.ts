/** The advanced preferences of the configuration screen, kept per user in this browser. */
export interface AdvancedPreferences {
  emailAlerts: boolean;
  pushNotifications: boolean;
  alertSounds: boolean;
  autoRefresh: boolean;
  offlineMode: boolean;
  smoothAnimations: boolean;
  compactMode: boolean;
}

export type PreferenceKey = keyof AdvancedPreferences;

/** The spec's defaults, in the order the screen lists them. */
export const DEFAULT_PREFERENCES: Readonly<AdvancedPreferences> = Object.freeze({
  emailAlerts: true,
  pushNotifications: true,
  alertSounds: false,
  autoRefresh: true,
  offlineMode: false,
  smoothAnimations: true,
  compactMode: false,
});

export const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[];

/** `camposense.preferences.<user id or e-mail>`: two people sharing a browser keep their own. */
export function preferencesStorageKey(userKey: string): string {
  return `camposense.preferences.${userKey}`;
}

/**
 * The user's saved preferences over the defaults. Anything unreadable (no storage, broken JSON,
 * a value that is not a boolean) falls back to the default for that preference.
 */
export function loadPreferences(userKey: string): AdvancedPreferences {
  let stored: unknown;
  try {
    const raw = localStorage.getItem(preferencesStorageKey(userKey));
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    stored = null;
  }
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const preferences = { ...DEFAULT_PREFERENCES };
  for (const key of PREFERENCE_KEYS) {
    const value = record[key];
    if (typeof value === 'boolean') preferences[key] = value;
  }
  return preferences;
}

/** Stores the preferences; `false` when the browser refuses (private mode, quota). */
export function savePreferences(userKey: string, preferences: AdvancedPreferences): boolean {
  try {
    localStorage.setItem(preferencesStorageKey(userKey), JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the saved preferences, so the defaults apply again. */
export function clearPreferences(userKey: string): void {
  try {
    localStorage.removeItem(preferencesStorageKey(userKey));
  } catch {
    // Nothing was stored where storage is refused.
  }
}
