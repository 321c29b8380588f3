export { ThresholdsScreen } from './thresholds-screen/thresholds-screen';
