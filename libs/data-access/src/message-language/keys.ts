/** SWR keys of the signed-in user's own notification language (`/api/account/idioma`). */
export const messageLanguageKeys = {
  all: ['message-language'] as const,
  current: () => ['message-language', 'current'] as const,
  save: () => ['message-language', 'save'] as const,
};

export const messageLanguagePaths = {
  current: () => '/account/idioma',
};
