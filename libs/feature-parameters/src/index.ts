export { ParametersScreen } from './parameters-screen/parameters-screen';
export type { ParametersScreenProps } from './parameters-screen/parameters-screen';
