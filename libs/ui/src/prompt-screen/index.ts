export { PromptScreen } from './prompt-screen';
export type { PromptScreenProps } from './prompt-screen';
