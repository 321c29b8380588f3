import type { UpdatePromptProps } from '@camposense/ui';
import type { ComponentType } from 'react';
import { useWaitingUpdate } from './update-store';

/**
 * A new version waits (service worker `prompt`): Update reloads into it, Later keeps this one. Drawn
 * by the prompt of the screen it shows on: Chakra's in the signed-in console, plain CSS on the sign-in.
 */
export function NewVersionPrompt({ prompt: Prompt }: { prompt: ComponentType<UpdatePromptProps> }) {
  const { available, update, later } = useWaitingUpdate();
  return <Prompt open={available} onUpdate={update} onLater={later} />;
}
