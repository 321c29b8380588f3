export { UpdatePrompt } from './update-prompt';
export { SignedOutUpdatePrompt } from './signed-out-update-prompt';
export type { UpdatePromptProps } from './update-prompt';
