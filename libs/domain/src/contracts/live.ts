/**
 * The live stream (apps/api/src/modules/live): the ticket that opens it, and the events it sends, which
 * the API's event bus publishes (and carries over NOTIFY between instances).
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { LiveEventType } from '../live';
import { errorResponses } from './common';

/** A reading told live (ISO 8601 `fecha`). */
export const LiveReadingSchema = Type.Object({
  nodoid: Type.Integer(),
  tipoid: Type.Integer(),
  metricaid: Type.Integer(),
  fecha: Type.String(),
  medicion: Type.Number(),
});
export type LiveReading = Static<typeof LiveReadingSchema>;

export const LiveEventSchema = Type.Union([
  /** New readings of these nodes; without the values (`truncated`) when the batch was too large to carry them. */
  Type.Object({ type: Type.Literal('readings'), nodes: Type.Array(Type.Integer()), readings: Type.Array(LiveReadingSchema), truncated: Type.Boolean() }),
  /**
   * New uplinks' radio view or status events of these nodes (issue 33) that no `readings` event of
   * the same batch told: a node without a placement, a status without a battery level.
   */
  Type.Object({ type: Type.Literal('radio'), nodes: Type.Array(Type.Integer()) }),
  /** Alerts written and episodes ended (a large batch's told in several events, each fitting a NOTIFY). */
  Type.Object({
    type: Type.Literal('alerts'),
    nodes: Type.Array(Type.Integer()),
    alerts: Type.Array(Type.Object({ alertaid: Type.Integer(), episodioid: Type.Integer(), umbralid: Type.Integer(), statusid: Type.Integer() })),
    closedEpisodes: Type.Array(Type.Integer()),
  }),
  /**
   * An episode or alert acknowledged by its id, or (both null) the report's bulk acknowledgement,
   * which names the thresholds whose alerts it acknowledged and how many of each, so that a stream
   * scoped to some companies (issue 32) hears of theirs and counts only theirs.
   */
  Type.Object({
    type: Type.Literal('acknowledged'),
    episodioid: Type.Union([Type.Integer(), Type.Null()]),
    alertaid: Type.Union([Type.Integer(), Type.Null()]),
    acknowledged: Type.Integer(),
    umbrales: Type.Array(Type.Object({ umbralid: Type.Integer(), acknowledged: Type.Integer() })),
  }),
  Type.Object({ type: Type.Literal('messages'), episodioid: Type.Integer(), sent: Type.Integer(), failed: Type.Integer() }),
  /** No-data episodes opened for these silent nodes (alarms.md, "Silent nodes"). */
  Type.Object({ type: Type.Literal('episodes'), opened: Type.Integer(), nodes: Type.Array(Type.Integer()) }),
]);
/** What the event bus publishes; the stream sends each as an event named by its `type`, its data the rest. */
export type LiveEvent = Static<typeof LiveEventSchema>;

// LIVE_EVENT_TYPES (live.ts) names the contract's events and `reset`, no more and no fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const liveEventTypesMatch: Same<LiveEvent['type'] | 'reset', LiveEventType> = true;
void liveEventTypesMatch;

/** `POST /api/sense/stream/ticket`: a one-minute, single-use ticket for `?token=` of the stream. */
export const StreamTicketSchema = Type.Object({ ticket: Type.String(), expiresIn: Type.Integer() });
export type StreamTicket = Static<typeof StreamTicketSchema>;

export const streamTicketRoute = { response: { 200: StreamTicketSchema, ...errorResponses(401, 500) } } as const;

/** `GET /api/sense/stream`: the ticket, and where a reconnect resumes when it cannot send Last-Event-ID. */
export const StreamQuerySchema = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 2000 })), lastEventId: Type.Optional(Type.String({ maxLength: 100 })) },
  {},
);
export const streamRoute = { querystring: StreamQuerySchema, response: { ...errorResponses(401, 500) } } as const;
