import { Readable } from 'node:stream';
import type { Database } from '@camposense/db';
import { canonicalTimeZone, findTable, formatInstantInZone, REPORT_CSV_TEXTS, reportStatusKind } from '@camposense/domain';
import type { ReportLanguage, TableRow } from '@camposense/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import { notFound, unauthorized } from '../../errors/api-error';
import { createCatalogue } from '../../sense/catalogue';
import { createTableQueries, MAX_PAGE_OFFSET, validationError } from '../tables/queries';
import { isReader, readerHiddenColumns, readerQueryProblems, redactContactUser, redactForReader } from '../../security/reader-view';
import { redactForCaller } from '../../security/redaction';
import { labelledColumns, tableCsvHeader, tableCsvLines } from './table-csv';
import { grantConditions, scopeConditions } from '../../sense/scope-condition';
import { grantOf } from '../../security/tenancy';
import { csvLine, csvNumber, csvText, UTF8_BOM } from './csv';
import { databaseSpentTokens, readDownloadToken, signDownloadToken, spendDownloadToken } from './download-token';
import type { DownloadableReport, DownloadTokenClaims } from './download-token';
import { filtersOf, mensajeFiltersOf } from './filters';
import { measuredRead } from '../../sense/streaming';
import type { HeavyReadBudget } from '../../sense/streaming';
import { createReportQueries } from './queries';
import type { AlertaCsvRow, MensajeCsvRow } from './queries';
import {
  alertaFilterOptionsRoute,
  alertasCsvRoute,
  alertasRoute,
  downloadTokenRoute,
  mensajeFilterOptionsRoute,
  mensajesCsvRoute,
  mensajesRoute,
  tableCsvRoute,
} from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { security } from '../../schemas';

export interface ReportRoutesOptions {
  database: Database;
  /** The HS256 key that also signs access tokens; download tokens use an audience of their own. */
  jwtSecret: Uint8Array;
  /** Rows per export query. @default 5000 */
  csvBatchSize?: number;
  /** The heavy-read budget shared with the rest of /api/sense: a report page that runs long counts in it. */
  heavyReads: HeavyReadBudget;
}

/** The query keys of a table's CSV that are not column filters. */
const TABLE_CSV_PARAMETERS = new Set(['search', 'sortBy', 'sortOrder', 'tz', 'scope', 'token']);

const TAGS = ['reports'];

/** How the report pages reach any depth, said in both page routes' descriptions. */
const DEEP_PAGES =
  `Una página por número llega hasta ${MAX_PAGE_OFFSET.toLocaleString('en')} filas desde cada extremo (más adentro: 400 VALIDATION, rule \`maximum\` en \`page\`); ` +
  '`pagination.next` es el cursor de la página siguiente: `after=<cursor>` con los mismos filtros y orden la responde a cualquier profundidad.';

function statusLabel(lang: ReportLanguage, statusid: number): string {
  return REPORT_CSV_TEXTS[lang].status[reportStatusKind(statusid)];
}

/**
 * The zone a CSV writes its dates in (issue 16): the `tz` the console shows, checked against the
 * time-zone database (400 naming `tz` otherwise).
 */
function csvTimeZone(tz: string): string {
  const zone = canonicalTimeZone(tz);
  if (!zone) throw validationError([{ field: 'tz', rule: 'format', limit: 'timeZone' }]);
  return zone;
}

/** The header row with the zone named in each date column's title: `Fecha de alerta (America/Lima)`. */
function zonedHeader(header: readonly string[], dateColumns: readonly number[], timeZone: string): string[] {
  return header.map((cell, index) => (dateColumns.includes(index) ? `${cell} (${timeZone})` : cell));
}

/** The date columns of each report's CSV (REPORT_CSV_TEXTS order). */
const REPORT_DATE_COLUMNS = { alertas: [10, 11, 14], mensajes: [3, 4] } as const;

function alertaLine(lang: ReportLanguage, row: AlertaCsvRow, timeZone: string): string {
  return csvLine([
    csvNumber(row.alertaid),
    csvText(row.umbral),
    csvText(row.criticidad),
    csvText(row.nodo),
    csvText(row.ubicacion),
    csvText(row.metrica),
    csvText(row.unidad),
    csvNumber(row.minimo),
    csvNumber(row.maximo),
    csvNumber(row.valor),
    csvText(formatInstantInZone(row.fecha, timeZone)),
    csvText(formatInstantInZone(row.datecreated, timeZone)),
    csvText(statusLabel(lang, row.statusid)),
    // By name; without one "Usuario {id}" in the CSV's language, never the login.
    csvText(row.reconocidopor === null ? null : (row.reconocidopor_nombre ?? REPORT_CSV_TEXTS[lang].user.replace('{id}', String(row.reconocidopor)))),
    csvText(formatInstantInZone(row.fechareconocido, timeZone)),
    // Free text: the caller's redaction (redactForCaller) has already hidden others' e-mails in it.
    csvText(row.notareconocido),
  ]);
}

function mensajeLine(lang: ReportLanguage, row: MensajeCsvRow, reader: AccessClaims | null, timeZone: string): string {
  // A reader never gets another user's login as the contact's name (see security/reader-view.ts).
  const hideLogin = isReader(reader) && row.contact_named_by_login && row.contact_usuarioid !== reader?.id;
  return csvLine([
    csvNumber(row.mensajeid),
    csvText(hideLogin ? `Contact ${row.contactoid}` : row.contacto),
    csvText(row.mensaje),
    csvText(formatInstantInZone(row.fecha, timeZone)),
    csvText(formatInstantInZone(row.datecreated, timeZone)),
    csvText(statusLabel(lang, row.statusid)),
    csvNumber(row.alertaid),
  ]);
}

/**
 * The CSV as a stream: the header, then one chunk per batch, read only as fast as the client takes
 * it. The first batch is read before anything is sent, so a failing query still gets a proper
 * error answer instead of a cut-off download; `start` runs once it was read (it uses up a download
 * token: a filter the query refuses leaves the link working).
 */
async function csvStream<Row>(
  header: readonly string[],
  batches: AsyncGenerator<Row[]>,
  line: (row: Row) => string,
  start: () => Promise<void>,
): Promise<Readable> {
  const first = await batches.next();
  await start();
  async function* chunks() {
    yield UTF8_BOM + csvLine(header.map((cell) => csvText(cell)));
    let current = first;
    while (!current.done) {
      // The next batch is read from the database while this one is written to the client.
      const next = batches.next();
      // Marked handled, so a client that leaves mid-download leaves no unhandled rejection; awaited below.
      next.catch(() => undefined);
      yield current.value.map(line).join('');
      current = await next;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Like csvStream, for lines that need a query of their own per batch (a table's foreign-key labels). */
async function asyncCsvStream(
  header: string,
  batches: AsyncGenerator<TableRow[]>,
  lines: (rows: TableRow[]) => Promise<string>,
  start: () => Promise<void>,
): Promise<Readable> {
  const first = await batches.next();
  await start();
  const firstLines = first.done ? '' : await lines(first.value);
  async function* chunks() {
    yield UTF8_BOM + header + firstLines;
    if (first.done) return;
    for await (const rows of batches) yield await lines(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `name` is a report or a table name: letters and underscores only. */
function sendCsv(reply: FastifyReply, name: string, body: Readable) {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The alerts or messages report as CSV: the zone is checked before any query, the headers are in
 * `lang` with the zone named on the date columns, and the rows follow in batches.
 */
async function sendReportCsv<Row>(
  reply: FastifyReply,
  report: 'alertas' | 'mensajes',
  { lang, tz }: { lang: ReportLanguage; tz: string },
  batches: () => AsyncGenerator<Row[]>,
  line: (row: Row, timeZone: string) => string,
  start: () => Promise<void>,
) {
  const timeZone = csvTimeZone(tz);
  const header = zonedHeader(REPORT_CSV_TEXTS[lang][report], REPORT_DATE_COLUMNS[report], timeZone);
  return sendCsv(reply, report, await csvStream(header, batches(), (row) => line(row, timeZone), start));
}

/**
 * The alerts and messages reports under /api/sense/reports: pages with filters and sort done by
 * the database, the alert panel's options, and the CSV exports. Bearer token on every call; a CSV
 * link may carry a one-minute download token instead (see download-token.ts).
 */
export async function reportRoutes(app: FastifyInstance, { database, jwtSecret, csvBatchSize = 5000, heavyReads }: ReportRoutesOptions) {
  const queries = createReportQueries(database);
  const catalogue = createCatalogue(database);
  const tableQueries = createTableQueries(database, catalogue);
  const spentDownloadTokens = databaseSpentTokens(database);
  /** Download tokens verified by onRequest, used up by the handler once its own checks passed. */
  const unspent = new WeakMap<FastifyRequest, DownloadTokenClaims>();
  const refusedLink = () => unauthorized('El enlace de descarga no es válido, ya se usó o ha caducado');

  const bearerOrDownloadToken = (report: DownloadableReport | ((request: FastifyRequest) => DownloadableReport)) => async (request: FastifyRequest, reply: FastifyReply) => {
    const token = (request.query as { token?: unknown }).token;
    if (typeof token !== 'string' || token === '') return app.authenticate(request, reply);
    let claims: DownloadTokenClaims;
    try {
      claims = await readDownloadToken(token, typeof report === 'function' ? report(request) : report, jwtSecret);
    } catch {
      throw refusedLink();
    }
    request.user = { id: claims.userId, email: '', rol: claims.rol, sessionId: null };
    unspent.set(request, claims);
  };
  /**
   * Called when the request's checks passed and its work starts: a download token is used up here,
   * once across every instance, so a 400 on a bad parameter leaves the link working (issue 27, item 4).
   */
  const startDownload = (request: FastifyRequest) => async () => {
    const claims = unspent.get(request);
    if (!claims) return;
    unspent.delete(request);
    try {
      await spendDownloadToken(claims, spentDownloadTokens);
    } catch {
      throw refusedLink();
    }
  };

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(
    '/alertas',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Registro de alertas, paginado',
        description:
          'Alertas con su umbral y su medición embebidos y el valor como `valor`, filtradas por estado, criticidad, ubicación, nodo, fechas (`desde`, `hasta`, incluidas) y país, empresa o fundo (a través de la ubicación del umbral), ordenadas en la base de datos. ' + DEEP_PAGES,
        security,
        ...alertasRoute,
      },
    },
    async (request, reply) => {
      const { page, pageSize, after, sortBy, sortOrder } = request.query;
      // A page of a year's alerts can still run long: it counts against the user's heavy reads.
      const filters = filtersOf(request.query, await grantOf(request));
      return measuredRead(request, reply, heavyReads, () => queries.alertas(filters, { sortBy, sortOrder }, { page, pageSize, after }));
    },
  );

  typed.get(
    '/alertas/filtros',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Opciones del panel de filtros de alertas',
        description: 'Las criticidades, y las ubicaciones limitadas a la selección global de país, empresa y fundo.',
        security,
        ...alertaFilterOptionsRoute,
      },
    },
    async (request) => queries.alertaFilterOptions(request.query, await grantOf(request)),
  );

  typed.get(
    '/mensajes/filtros',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Opciones del panel de filtros de mensajes',
        description: 'Los contactos (con su usuario; un lector no recibe el login de otros) y los medios (canales).',
        security,
        ...mensajeFilterOptionsRoute,
      },
    },
    async (request) => {
      const options = await queries.mensajeFilterOptions();
      for (const contacto of options.contactos) redactContactUser(contacto.usuario, request.user);
      return options;
    },
  );

  typed.get(
    '/alertas.csv',
    {
      onRequest: bearerOrDownloadToken('alertas'),
      schema: {
        tags: TAGS,
        summary: 'Exportar alertas a CSV',
        description: 'Todas las alertas que seleccionan los filtros (todas las páginas), en streaming; cabeceras en `lang`.',
        security,
        ...alertasCsvRoute,
      },
    },
    async (request, reply) => {
      const { sortBy, sortOrder, lang } = request.query;
      const filters = filtersOf(request.query, await grantOf(request));
      const batches = () => queries.alertasCsvBatches(filters, { sortBy, sortOrder }, csvBatchSize);
      return sendReportCsv(reply, 'alertas', request.query, batches, (row, timeZone) => alertaLine(lang, redactForCaller(row, request.user), timeZone), startDownload(request));
    },
  );

  typed.get(
    '/mensajes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Registro de mensajes, paginado',
        description:
          'Mensajes con `contacto.usuario` embebido, filtrados por estado, contacto, medio (canal), fechas (`desde`, `hasta`, incluidas) y país, empresa o fundo (a través de la ubicación de su alerta, o de su episodio), ordenados en la base de datos. ' + DEEP_PAGES,
        security,
        ...mensajesRoute,
      },
    },
    async (request, reply) => {
      const { page, pageSize, after, sortBy, sortOrder } = request.query;
      const filters = mensajeFiltersOf(request.query, await grantOf(request));
      const answer = await measuredRead(request, reply, heavyReads, () => queries.mensajes(filters, { sortBy, sortOrder }, { page, pageSize, after }));
      // A reader sees the contact's names, not their login (their e-mail).
      for (const row of answer.data) redactContactUser(row.contacto?.usuario, request.user);
      return answer;
    },
  );

  typed.get(
    '/mensajes.csv',
    {
      onRequest: bearerOrDownloadToken('mensajes'),
      schema: {
        tags: TAGS,
        summary: 'Exportar mensajes a CSV',
        description: 'Todos los mensajes que seleccionan los filtros (todas las páginas), en streaming; cabeceras en `lang`.',
        security,
        ...mensajesCsvRoute,
      },
    },
    async (request, reply) => {
      const { sortBy, sortOrder, lang } = request.query;
      const filters = mensajeFiltersOf(request.query, await grantOf(request));
      const batches = () => queries.mensajesCsvBatches(filters, { sortBy, sortOrder }, csvBatchSize);
      return sendReportCsv(
        reply,
        'mensajes',
        request.query,
        batches,
        (row, timeZone) => mensajeLine(lang, row, request.user, timeZone),
        startDownload(request),
      );
    },
  );

  typed.get(
    '/tablas/:table/csv',
    {
      onRequest: bearerOrDownloadToken((request) => `tabla:${(request.params as { table: string }).table}`),
      schema: {
        tags: TAGS,
        summary: 'Exportar la vista de estado de una tabla a CSV',
        description:
          'Todas las filas que selecciona la búsqueda, en el orden pedido (como `GET /api/sense/{table}` con `search`, `sortBy`, `sortOrder`), ' +
          'en streaming por lotes. Cabeceras = nombres de columna, valores como los responde la API (números con punto decimal, separador coma); ' +
          'cada clave foránea lleva su id bajo su cabecera y, a continuación, el nombre que muestra la vista en `{columna}_nombre` ' +
          '(un CSV de sensor, metricasensor o umbral se vuelve a cargar tal cual en la carga masiva). Las celdas que empiezan por = + - @ se neutralizan. ' +
          'Con la cabecera Authorization o con `token` (de `/download-token?report=tabla:{table}`, un minuto, un solo uso).',
        security,
        ...tableCsvRoute,
      },
    },
    async (request, reply) => {
      const definition = findTable(request.params.table);
      if (!definition) throw notFound('Tabla desconocida');
      const { search, sortBy, sortOrder } = request.query;
      // Without tz the dates stay as the API answers them (UTC), under the bare column names.
      const timeZone = request.query.tz === undefined ? null : csvTimeZone(request.query.tz);
      const filters = Object.fromEntries(Object.entries(request.query).filter(([key]) => !TABLE_CSV_PARAMETERS.has(key)));
      const hidden = isReader(request.user) ? readerHiddenColumns(definition.name) : [];
      const problems = readerQueryProblems(definition.name, [...Object.keys(filters), ...(sortBy === undefined ? [] : [sortBy])]);
      if (hidden.length > 0 && problems.length > 0) throw validationError([{ field: 'sortBy', rule: 'unknown' }]);
      const table = await catalogue.table(definition);
      const references = labelledColumns(table, { reader: isReader(request.user) });
      // The rows the status view shows: its parent filters and the global scope through the joins.
      const criteria = {
        search,
        sortBy,
        sortOrder,
        filters,
        conditions: [...scopeConditions(definition.name, request.query.scope), ...grantConditions(definition.name, 't', await grantOf(request))],
        searchColumns: hidden.length > 0 ? definition.searchColumns.filter((column) => !hidden.includes(column)) : undefined,
      };
      const batches = tableQueries.rowBatches(definition, criteria, null, csvBatchSize);
      const body = await asyncCsvStream(
        tableCsvHeader(table, references, timeZone),
        batches,
        // Embedded rows go out as JSON cells: the answers' redaction (security/redaction.ts) runs on them too.
        (rows) => tableCsvLines(database, table, references, redactForCaller(redactForReader(definition, rows, request.user), request.user), timeZone),
        startDownload(request),
      );
      return sendCsv(reply, definition.name, body);
    },
  );

  typed.get(
    '/download-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Token de un minuto para un enlace de descarga CSV',
        description: 'Para que el navegador descargue el CSV siguiendo un enlace (`?token=`), sin cargarlo en memoria.',
        security,
        ...downloadTokenRoute,
      },
    },
    async (request) => {
      const { report } = request.query;
      if (report.startsWith('tabla:') && !findTable(report.slice('tabla:'.length))) throw notFound('Tabla desconocida');
      return signDownloadToken(request.user!.id, request.user!.rol, report, jwtSecret);
    },
  );
}
