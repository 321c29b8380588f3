import type { MessageLanguage, MessageLanguageBody } from '@camposense/domain';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client/api-client';
import { messageLanguageKeys, messageLanguagePaths } from './keys';

/** Changes the signed-in user's own notification language; what the API stored becomes the cached language, without asking again. */
export function useSaveMessageLanguageMutation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(messageLanguageKeys.save(), async (_key, { arg: idioma }: { arg: MessageLanguage }) => {
    const stored = await apiRequest<MessageLanguageBody>(messageLanguagePaths.current(), { method: 'PUT', body: { idioma } });
    await mutate(messageLanguageKeys.current(), stored, { revalidate: false });
    return stored;
  });
}
