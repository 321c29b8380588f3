export { gradoPalette } from './grado-palette';
