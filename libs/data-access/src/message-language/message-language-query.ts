import type { MessageLanguageBody } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { messageLanguageKeys, messageLanguagePaths } from './keys';

/** The language of the e-mails and texts the signed-in user is sent (`usuario.idioma`). */
export function useMessageLanguage() {
  return useSWR<MessageLanguageBody>(messageLanguageKeys.current(), () => apiFetcher(messageLanguagePaths.current()));
}
