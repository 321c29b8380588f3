import type { ApiErrorBody, PaginatedRows, TableRow } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';

const page = (rows: TableRow[]): PaginatedRows => ({ data: rows, pagination: { page: 1, pageSize: 1000, total: rows.length, totalPages: 1 } });

/** The media the migration seeds, by the name the database's contact check knows them by. */
export const contactMediosFixture: TableRow[] = [
  { medioid: 1, nombre: 'correo', statusid: 1 },
  { medioid: 2, nombre: 'sms', statusid: 1 },
];

/** The demo's calling codes: Peru and Chile. */
export const contactCodigosFixture: TableRow[] = [
  { codigotelefonoid: 1, codigotelefono: '+51', paistelefono: 'Perú', statusid: 1 },
  { codigotelefonoid: 2, codigotelefono: '+56', paistelefono: 'Chile', statusid: 1 },
];

/** Ana (usuarioid 1) has an e-mail contact; Luis (2) has none yet. */
export const contactContactosFixture: TableRow[] = [
  { contactoid: 1, usuarioid: 1, medioid: 1, codigotelefonoid: null, celular: null, correo: 'ana.quispe@camposense.dev', statusid: 1 },
];

function reads(contactos: TableRow[]) {
  return [
    http.get('/api/sense/medio', () => HttpResponse.json<PaginatedRows>(page(contactMediosFixture))),
    http.get('/api/sense/codigotelefono', () => HttpResponse.json<PaginatedRows>(page(contactCodigosFixture))),
    http.get('/api/sense/contacto', () => HttpResponse.json<PaginatedRows>(page(contactos))),
  ];
}

/**
 * MSW handlers of the contact form, typed against the API's shapes. List them before the generic
 * table handlers: they answer `medio`, `codigotelefono` and `contacto` (the users' labels come
 * from the generic ones).
 */
export const contactFormHandlers = {
  /** The lists answer; a save succeeds and the new contact is listed next. */
  working: (initial: TableRow[] = contactContactosFixture) => {
    const contactos = [...initial];
    return [
      ...reads(contactos),
      http.post('/api/sense/contacto', async ({ request }) => {
        const body = (await request.json()) as TableRow;
        const row = { contactoid: contactos.length + 10, codigotelefonoid: null, celular: null, correo: null, statusid: 1, ...body };
        contactos.push(row);
        return HttpResponse.json<TableRow>(row, { status: 201 });
      }),
    ];
  },
  /** Nothing answers: the form stays loading. */
  loading: () => [http.get('/api/sense/medio', () => delay('infinite'))],
  /** The media do not load. */
  error: () => [
    http.get('/api/sense/medio', () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
    ...reads(contactContactosFixture).slice(1),
  ],
  /** The save never answers: the form stays busy. */
  pending: () => [...reads(contactContactosFixture), http.post('/api/sense/contacto', () => delay('infinite'))],
  /** The save fails on the server (500): the form keeps what was typed and says so. */
  failing: () => [
    ...reads(contactContactosFixture),
    http.post('/api/sense/contacto', () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 })),
  ],
};
