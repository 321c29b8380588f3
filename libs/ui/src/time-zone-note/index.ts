export { TimeZoneNote } from './time-zone-note';
export type { TimeZoneNoteProps } from './time-zone-note';
