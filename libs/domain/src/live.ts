/**
 * The events of `GET /api/sense/stream` (alarms.md, "Everyone sees it live"): what the API's event
 * bus publishes, plus `reset` when what a reconnecting stream missed can no longer be told. The
 * shapes are the contract's (contracts/live.ts); this list is kept free of TypeBox so the console
 * can read it without shipping the schema builder, and the contract checks at compile time that
 * it names exactly the contract's events.
 */
export const LIVE_EVENT_TYPES = ['readings', 'radio', 'alerts', 'acknowledged', 'messages', 'episodes', 'reset'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
