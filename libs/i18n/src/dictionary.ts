import type { esSignedOut } from './locales/es-signed-out';

/** A Spanish dictionary's shape with any text: what the English one of the same namespace must have. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The texts of a signed-out visitor, in every language. */
export type SignedOutDictionary = Widen<typeof esSignedOut>;
