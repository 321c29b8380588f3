export { ConnectionBanner } from './connection-banner';
export type { ConnectionBannerProps } from './connection-banner';
