import type { ApiErrorBody, DetectResponse, UserAccessBody, UserAccessResponse } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import type { EmpresaRow, FundoRow, PaisRow } from '../places/types';
import { operatorUser } from './fixtures';
import { empresasFixture, fundosFixture, paisesFixture } from './sense-fixtures';

const ACCESS_PATH = '/api/sense/usuarios/:usuarioid/accesos';

/** Luis (usuarioid 2) reads Agrícola Virú and operates Viñedos del Maipo. */
export const userAccessFixture: UserAccessResponse = {
  usuarioid: 2,
  todas: false,
  accesos: [
    { empresaid: 1, empresa: 'Agrícola Virú', paisid: 1, pais: 'Perú', nivel: 'lectura' },
    { empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'operacion' },
  ],
};

/** Luis granted only Viñedos del Maipo (Chile), to operate: its one farm, Los Olivos. */
export const oneFarmAccessFixture: UserAccessResponse = {
  usuarioid: operatorUser.id,
  todas: false,
  accesos: [{ empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'operacion' }],
};

/** Luis granted only Agrícola Virú (Perú), to read: he may not acknowledge. */
export const readerAccessFixture: UserAccessResponse = {
  usuarioid: operatorUser.id,
  todas: false,
  accesos: [{ empresaid: 1, empresa: 'Agrícola Virú', paisid: 1, pais: 'Perú', nivel: 'lectura' }],
};

/** Luis as a manager: he manages Agrícola Virú and operates Viñedos del Maipo. */
const managerAccessFixture: UserAccessResponse = {
  usuarioid: operatorUser.id,
  todas: false,
  accesos: [
    { empresaid: 1, empresa: 'Agrícola Virú', paisid: 1, pais: 'Perú', nivel: 'gestion' },
    { empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'operacion' },
  ],
};

/** Rosa (usuarioid 5) operates Frutos del Chao, which Luis is not granted, and reads Viñedos del Maipo. */
const managedUserAccessFixture: UserAccessResponse = {
  usuarioid: 5,
  todas: false,
  accesos: [
    { empresaid: 2, empresa: 'Frutos del Chao', paisid: 1, pais: 'Perú', nivel: 'operacion' },
    { empresaid: 3, empresa: 'Viñedos del Maipo', paisid: 2, pais: 'Chile', nivel: 'lectura' },
  ],
};

/** Luis with no company granted yet. */
export const noAccessFixture: UserAccessResponse = { usuarioid: operatorUser.id, todas: false, accesos: [] };

/**
 * The place lists as the API answers them, every row without a parent (the console's single-farm
 * check reads every farm). They are not scoped: the console must keep to the grant by itself.
 */
function placeLists() {
  const byParam = <Row>(rows: Row[], param: string, parentOf: (row: Row) => number) =>
    ({ request }: { request: Request }) => {
      const parent = new URL(request.url).searchParams.get(param);
      return HttpResponse.json<Row[]>(parent === null ? rows : rows.filter((row) => parentOf(row) === Number(parent)));
    };
  return [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: true })),
    http.get('/api/sense/paises', () => HttpResponse.json<PaisRow[]>(paisesFixture)),
    http.get('/api/sense/empresas', byParam<EmpresaRow>(empresasFixture, 'paisId', (row) => row.paisid)),
    http.get('/api/sense/fundos', byParam<FundoRow>(fundosFixture, 'empresaId', (row) => row.empresaid)),
  ];
}

/** Every company and country, as the editor asks for them (`/empresas` without a country). */
function hierarchy(empresas: EmpresaRow[] = empresasFixture) {
  return [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: true })),
    http.get('/api/sense/paises', () => HttpResponse.json<PaisRow[]>(paisesFixture)),
    http.get('/api/sense/empresas', () => HttpResponse.json<EmpresaRow[]>(empresas)),
  ];
}

/** What the API stores for `accesos`: each granted company with its names. */
function stored(usuarioid: number, accesos: UserAccessBody['accesos']): UserAccessResponse {
  return {
    usuarioid,
    todas: false,
    accesos: accesos.map(({ empresaid, nivel }) => {
      const empresa = empresasFixture.find((row) => row.empresaid === empresaid)!;
      const pais = paisesFixture.find((row) => row.paisid === empresa.paisid)!;
      return { empresaid, empresa: empresa.empresa, paisid: pais.paisid, pais: pais.pais, nivel };
    }),
  };
}

/** MSW handlers of a user's grants editor (issue 32), typed against the API's shapes. */
export const userAccessHandlers = {
  /** The signed-in user reads their own grant (the console's AccessProvider), with the place lists. */
  own: (answer: UserAccessResponse) => [...placeLists(), http.get(ACCESS_PATH, () => HttpResponse.json<UserAccessResponse>(answer))],
  ownPending: () => [...placeLists(), http.get(ACCESS_PATH, () => delay('infinite'))],
  ownError: () => [
    ...placeLists(),
    http.get(ACCESS_PATH, () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
  ],
  /** The grants answer; a save succeeds and becomes what they answer next. */
  working: (initial: UserAccessResponse = userAccessFixture) => {
    let current = initial;
    return [
      ...hierarchy(),
      http.get(ACCESS_PATH, () => HttpResponse.json<UserAccessResponse>(current)),
      http.put(ACCESS_PATH, async ({ request, params }) => {
        const body = (await request.json()) as UserAccessBody;
        current = stored(Number(params['usuarioid']), body.accesos);
        return HttpResponse.json<UserAccessResponse>(current);
      }),
    ];
  },
  /**
   * A manager (no admin) signed in, editing another user's grants as the API answers a manager: its
   * own grant when it asks for itself; of the other user, only the companies granted to the manager
   * (managedGrants keeps the rest), and the company list scoped to its grant. `save`: the replacement
   * is stored, never answers, or is refused with 403.
   */
  managed: (save: 'stored' | 'pending' | 'forbidden' = 'stored', manager: UserAccessResponse = managerAccessFixture, user: UserAccessResponse = managedUserAccessFixture) => {
    const seen = new Set(manager.accesos.map((grant) => grant.empresaid));
    const seenOf = (access: UserAccessResponse) => ({ ...access, accesos: access.accesos.filter((grant) => seen.has(grant.empresaid)) });
    const managed = new Set(manager.accesos.filter((grant) => grant.nivel === 'gestion').map((grant) => grant.empresaid));
    let current = user;
    return [
      ...hierarchy(empresasFixture.filter((empresa) => seen.has(empresa.empresaid))),
      http.get(ACCESS_PATH, ({ params }) =>
        HttpResponse.json<UserAccessResponse>(Number(params['usuarioid']) === manager.usuarioid ? manager : seenOf(current)),
      ),
      save === 'pending'
        ? http.put(ACCESS_PATH, () => delay('infinite'))
        : save === 'forbidden'
          ? http.put(ACCESS_PATH, () =>
              HttpResponse.json<ApiErrorBody>({ error: { code: 'FORBIDDEN', message: 'No puede conceder un nivel mayor que el suyo en esa empresa' } }, { status: 403 }),
            )
          : http.put(ACCESS_PATH, async ({ request, params }) => {
              const body = (await request.json()) as UserAccessBody;
              const kept = current.accesos.filter((grant) => !managed.has(grant.empresaid));
              current = stored(Number(params['usuarioid']), [...kept, ...body.accesos.filter((grant) => managed.has(grant.empresaid))]);
              return HttpResponse.json<UserAccessResponse>(seenOf(current));
            }),
    ];
  },
  /** A platform admin: every company, nothing to grant. */
  admin: () => [...hierarchy(), http.get(ACCESS_PATH, () => HttpResponse.json<UserAccessResponse>({ usuarioid: 1, todas: true, accesos: [] }))],
  /** No company exists yet. */
  noCompanies: () => [...hierarchy([]), http.get(ACCESS_PATH, () => HttpResponse.json<UserAccessResponse>({ usuarioid: 2, todas: false, accesos: [] }))],
  loading: () => [...hierarchy(), http.get(ACCESS_PATH, () => delay('infinite'))],
  error: () => [
    ...hierarchy(),
    http.get(ACCESS_PATH, () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 })),
  ],
  /** The save never answers: the form stays busy. */
  saving: () => [...hierarchy(), http.get(ACCESS_PATH, () => HttpResponse.json<UserAccessResponse>(userAccessFixture)), http.put(ACCESS_PATH, () => delay('infinite'))],
  /** The save is refused: a company was deleted meanwhile. */
  refused: () => [
    ...hierarchy(),
    http.get(ACCESS_PATH, () => HttpResponse.json<UserAccessResponse>(userAccessFixture)),
    http.put(ACCESS_PATH, () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'VALIDATION', message: 'Los datos enviados no son válidos', details: [{ field: 'accesos/1/empresaid', rule: 'missing' }] } },
        { status: 400 },
      ),
    ),
  ],
};
