// The notifier (alarms.md, "People are told"): an open episode's rounds of e-mail and SMS, through the carriers.
export { createCarriers, messageIdFor } from './carriers';
export type { CarrierSettings } from './carriers';
export { createNotifier, deliveryKey, openSilentEpisodes, scheduleFirstRounds } from './notifier';
export type { Notifier, NotifierOptions, RunSummary } from './notifier';
