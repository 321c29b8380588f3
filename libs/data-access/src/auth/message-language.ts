import type { MessageLanguage, MessageLanguageBody } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher, apiRequest } from '../client/api-client';

/** SWR key (and path) of the signed-in user's own notification language. */
export const MESSAGE_LANGUAGE_KEY = '/account/idioma';

/** The language of the e-mails and texts the signed-in user is sent (`usuario.idioma`). */
export function useMessageLanguage() {
  return useSWR<MessageLanguageBody>(MESSAGE_LANGUAGE_KEY, apiFetcher);
}

/** Changes the signed-in user's own notification language; answers what the API stored. */
export async function saveMessageLanguage(idioma: MessageLanguage): Promise<MessageLanguageBody> {
  return apiRequest<MessageLanguageBody>(MESSAGE_LANGUAGE_KEY, { method: 'PUT', body: { idioma } });
}
