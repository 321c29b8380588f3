export { WelcomeScreen } from './welcome-screen';
