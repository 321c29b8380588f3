export { WelcomeScreen } from './welcome-screen';
export type { WelcomeScreenProps } from './welcome-screen';
