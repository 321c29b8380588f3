export { ConnectionBanner } from './connection-banner';
