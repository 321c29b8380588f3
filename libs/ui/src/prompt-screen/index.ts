export { PromptScreen } from './prompt-screen';
