/**
 * The console's one connection state (libs/data-access client/connection.ts), as the header
 * status, the lost-connection banner and the live indicator show it.
 */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'off';

/** The light's colour of each state: green live, grey connecting, red otherwise. */
export const CONNECTION_LIGHT: Record<ConnectionState, string> = {
  connecting: 'gray.400',
  live: 'green.500',
  reconnecting: 'red.500',
  off: 'red.500',
};
