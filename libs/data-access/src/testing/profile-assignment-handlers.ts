import type { ApiErrorBody, PaginatedRows, ReplicateResult, TableRow, UsuarioPerfilAssignRequest, UsuarioPerfilPair } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { assignmentPairsFixture, assignmentPerfilesFixture, assignmentUsuariosFixture } from './profile-assignment-fixtures';

const page = (rows: TableRow[]): PaginatedRows => ({ data: rows, pagination: { page: 1, pageSize: 1000, total: rows.length, totalPages: 1 } });

interface AssignmentState {
  usuarios?: TableRow[];
  perfiles?: TableRow[];
  pairs?: UsuarioPerfilPair[];
}

/** The three lists, answered from `state` (which the writes below change, as the API would). */
function reads(state: Required<AssignmentState>) {
  return [
    http.get('/api/sense/usuario', () => HttpResponse.json<PaginatedRows>(page(state.usuarios))),
    http.get('/api/sense/perfil', () => HttpResponse.json<PaginatedRows>(page(state.perfiles))),
    http.get('/api/sense/usuarioperfil', () => HttpResponse.json<PaginatedRows>(page(state.pairs.map((pair) => ({ ...pair, statusid: 1 }))))),
  ];
}

function stateOf(initial: AssignmentState = {}): Required<AssignmentState> {
  return {
    usuarios: initial.usuarios ?? assignmentUsuariosFixture,
    perfiles: initial.perfiles ?? assignmentPerfilesFixture,
    pairs: [...(initial.pairs ?? assignmentPairsFixture)],
  };
}

/**
 * MSW handlers of the user-profile assignment form, typed against the API's shapes. List them
 * before the generic table handlers: they answer `usuario`, `perfil` and `usuarioperfil`.
 */
export const profileAssignmentHandlers = {
  /** The lists answer; assign and remove succeed and change what the lists answer next. */
  working: (initial?: AssignmentState) => {
    const state = stateOf(initial);
    return [
      ...reads(state),
      http.post('/api/sense/usuarioperfil/assign', async ({ request }) => {
        const { usuarioids, perfilids } = (await request.json()) as UsuarioPerfilAssignRequest;
        const result: ReplicateResult<UsuarioPerfilPair> = { created: [], skipped: [] };
        for (const usuarioid of usuarioids)
          for (const perfilid of perfilids) {
            const pair = { usuarioid, perfilid };
            if (state.pairs.some((held) => held.usuarioid === usuarioid && held.perfilid === perfilid)) result.skipped.push(pair);
            else result.created.push(pair);
          }
        state.pairs.push(...result.created);
        return HttpResponse.json<ReplicateResult<UsuarioPerfilPair>>(result);
      }),
      http.delete('/api/sense/usuarioperfil/composite', ({ request }) => {
        const query = new URL(request.url).searchParams;
        state.pairs = state.pairs.filter((pair) => !(String(pair.usuarioid) === query.get('usuarioid') && String(pair.perfilid) === query.get('perfilid')));
        return new HttpResponse(null, { status: 204 });
      }),
    ];
  },
  /** 409 FOREIGN_KEY: a chosen user or profile was deleted meanwhile; nothing is written. */
  conflict: (initial?: AssignmentState) => [
    ...reads(stateOf(initial)),
    http.post('/api/sense/usuarioperfil/assign', () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'FOREIGN_KEY', message: 'Un registro referenciado no existe', details: [{ field: 'perfilid', rule: 'foreignKey' }] } },
        { status: 409 },
      ),
    ),
  ],
  /** The assign call never answers: the form stays busy. */
  pending: (initial?: AssignmentState) => [...reads(stateOf(initial)), http.post('/api/sense/usuarioperfil/assign', () => delay('infinite'))],
  /** The lists fail. */
  error: () =>
    ['usuario', 'perfil', 'usuarioperfil'].map((table) =>
      http.get(`/api/sense/${table}`, () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 })),
    ),
  /** The lists never answer. */
  loading: () => ['usuario', 'perfil', 'usuarioperfil'].map((table) => http.get(`/api/sense/${table}`, () => delay('infinite'))),
};
