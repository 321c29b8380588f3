import type { es } from './locales/es';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's dictionary has: the Spanish keys, with any text. */
export type Dictionary = Widen<typeof es>;
