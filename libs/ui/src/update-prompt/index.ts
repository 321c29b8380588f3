export { UpdatePrompt } from './update-prompt';
