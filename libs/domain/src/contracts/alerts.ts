/**
 * Acknowledging alarms (alarms.md, "Acknowledge"): `POST /api/alerts/{alertaid}/acknowledge`,
 * `POST /api/alerts/acknowledge` (every active alert of the report's filters) and
 * `POST /api/episodes/{episodioid}/acknowledge`; and `GET /api/episodes`, the open episodes the
 * dashboard's charts mark.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { ACKNOWLEDGE_NOTE_MAX_LENGTH } from '../reports';
import { errorResponses, Lenient, Nullable, StringEnum, TableIdParam } from './common';
import { alertaFilterQuery } from './report-filters';

const note = Type.String({ maxLength: ACKNOWLEDGE_NOTE_MAX_LENGTH });

/** What acknowledging one alert's episode, or one episode, may say: a note, or nothing. */
export const AcknowledgeBodySchema = Nullable(Type.Object({ nota: Type.Optional(note) }, { additionalProperties: false }));

/**
 * Who acknowledged an alarm, by name only: never their login (their e-mail). Without first and
 * last name the console shows "Usuario {id}".
 */
export const AcknowledgedBySchema = Type.Object({ usuarioid: Type.Integer(), firstname: Nullable(Type.String()), lastname: Nullable(Type.String()) });

/**
 * `POST /api/alerts/{alertaid}/acknowledge`: the episode, how many alerts this call acknowledged
 * (0 when it was already acknowledged), who (by name), when and the note.
 */
export const AcknowledgeAnswerSchema = Type.Object({
  alertaid: Type.Integer(),
  episodioid: Nullable(Type.Integer()),
  acknowledged: Type.Integer(),
  reconocidopor: Nullable(Lenient(AcknowledgedBySchema)),
  fechareconocido: Nullable(Type.String()),
  notareconocido: Nullable(Type.String()),
});
export type AcknowledgeAnswer = Static<typeof AcknowledgeAnswerSchema>;

export const acknowledgeAlertRoute = {
  params: Type.Object({ alertaid: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
  body: AcknowledgeBodySchema,
  response: { 200: AcknowledgeAnswerSchema, ...errorResponses(400, 401, 404, 409, 500) },
} as const;

/** The alerts report's filters but its state (only active alerts are acknowledged), a note, and the confirmation. */
const { estado: _state, ...bulkFilters } = alertaFilterQuery;
export const AcknowledgeMatchingBodySchema = Type.Object(
  {
    confirmar: Type.Literal(true, { description: 'Confirma el reconocimiento masivo' }),
    ...bulkFilters,
    nota: Type.Optional(note),
  },
  { additionalProperties: false },
);
export type AcknowledgeMatchingBody = Static<typeof AcknowledgeMatchingBodySchema>;

/** `POST /api/alerts/acknowledge`: episodes that became acknowledged and alerts that became processed (-1) by this call. */
export const AcknowledgeMatchingResultSchema = Type.Object({ episodes: Type.Integer(), acknowledged: Type.Integer() });
export type AcknowledgeMatchingResult = Static<typeof AcknowledgeMatchingResultSchema>;

export const acknowledgeMatchingRoute = {
  body: AcknowledgeMatchingBodySchema,
  response: { 200: AcknowledgeMatchingResultSchema, ...errorResponses(400, 401, 500) },
} as const;

const EPISODE_KINDS = ['umbral', 'sindatos'] as const;

/** `POST /api/episodes/{episodioid}/acknowledge`: the episode, how many alerts it processed (a no-data episode has none), who (an id), when, the note. */
export const AcknowledgeEpisodeResultSchema = Type.Object({
  episodioid: Type.Integer(),
  tipo: StringEnum(EPISODE_KINDS),
  acknowledged: Type.Integer(),
  reconocidopor: Nullable(Type.Integer()),
  fechareconocido: Nullable(Type.String()),
  notareconocido: Nullable(Type.String()),
});
export type AcknowledgeEpisodeResult = Static<typeof AcknowledgeEpisodeResultSchema>;

export const acknowledgeEpisodeRoute = {
  params: Type.Object({ episodioid: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
  body: AcknowledgeBodySchema,
  response: { 200: AcknowledgeEpisodeResultSchema, ...errorResponses(400, 401, 404, 409, 500) },
} as const;

/**
 * An open alarm episode (`GET /api/episodes`): 'umbral', a threshold's breaking readings, or
 * 'sindatos', the node's silence (no threshold, so no metric, probe or band). `grado` 1 is the
 * most severe; `fechainicio` the first breaking reading's time (or when the silence began);
 * `statusid` 1 active, -1 acknowledged (still open); `fechareconocido` null while active.
 */
export const OpenEpisodeSchema = Type.Object({
  episodioid: Type.Integer(),
  tipo: StringEnum(EPISODE_KINDS),
  nodoid: Type.Integer(),
  umbralid: Nullable(Type.Integer()),
  metricaid: Nullable(Type.Integer()),
  tipoid: Nullable(Type.Integer()),
  minimo: Nullable(Type.Number()),
  maximo: Nullable(Type.Number()),
  criticidad: Type.String(),
  grado: Type.Integer(),
  fechainicio: Type.String(),
  statusid: Type.Unsafe<1 | -1>({ type: 'integer', enum: [1, -1] }),
  fechareconocido: Nullable(Type.String()),
});
export type OpenEpisode = Static<typeof OpenEpisodeSchema>;

export const OpenEpisodesResponseSchema = Type.Object({ episodes: Type.Array(OpenEpisodeSchema) });
export type OpenEpisodesResponse = Static<typeof OpenEpisodesResponseSchema>;

export const openEpisodesRoute = {
  querystring: Type.Object(
    { nodoId: Type.Optional(TableIdParam('Episodios de este nodo')), ubicacionId: Type.Optional(TableIdParam('Episodios de esta ubicación')) },
    { additionalProperties: false },
  ),
  response: { 200: OpenEpisodesResponseSchema, ...errorResponses(400, 401, 500) },
} as const;
