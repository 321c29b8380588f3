import type { es } from './locales/es';
import type { esSignedOut } from './locales/es-signed-out';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's dictionary has: the Spanish keys, with any text. */
export type Dictionary = Widen<typeof es>;

/** The texts of a signed-out visitor, in every language. */
export type SignedOutDictionary = Widen<typeof esSignedOut>;
