import type { ApiErrorDetail } from '@camposense/domain';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@camposense/domain';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as zxcvbnCommonPackage from '@zxcvbn-ts/language-common';
import * as zxcvbnSpanishPackage from '@zxcvbn-ts/language-es-es';

/*
 * What a stored password must be (issue 10, item 6): 10 to 1,024 characters (sign-in takes no
 * longer ones), not the e-mail, and not guessable: zxcvbn-ts estimates how many guesses it takes,
 * against the common-password and common-word lists shipped in @zxcvbn-ts/language-common and
 * the Spanish words of @zxcvbn-ts/language-es-es (no network), the user's own e-mail and names, and patterns (repeats, sequences, keyboard walks,
 * dates). "aaaaaaaaaa", ten spaces, "1234567890" and "password123" are all refused.
 */

/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses or more. */
export const MIN_PASSWORD_SCORE = 3;

let configured = false;
function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({
    dictionary: { ...zxcvbnCommonPackage.dictionary, ...zxcvbnSpanishPackage.dictionary },
    graphs: zxcvbnCommonPackage.adjacencyGraphs,
  });
  configured = true;
}

/** What is wrong with `password` for the user `login` (and their names); empty when it is acceptable. */
export function passwordProblems(field: string, password: unknown, userInputs: readonly (string | undefined)[]): ApiErrorDetail[] {
  if (typeof password !== 'string') return [{ field, rule: 'type', limit: 'string' }];
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return [{ field, rule: 'weakPassword', limit: MIN_PASSWORD_LENGTH }];
  if (length > MAX_PASSWORD_LENGTH) return [{ field, rule: 'maxLength', limit: MAX_PASSWORD_LENGTH }];
  const inputs = userInputs.filter((input): input is string => typeof input === 'string' && input.trim() !== '');
  const normalised = password.trim().toLowerCase();
  if (inputs.some((input) => input.trim().toLowerCase() === normalised)) return [{ field, rule: 'weakPassword' }];
  configure();
  // zxcvbn's work grows with the length; past 100 characters the tail adds nothing to the estimate.
  const { score } = zxcvbn(password.slice(0, 100), [...inputs, ...inputs.flatMap((input) => input.split(/[@.\s_-]+/))]);
  return score < MIN_PASSWORD_SCORE ? [{ field, rule: 'weakPassword' }] : [];
}
