import type { SignedInAccess } from '@camposense/data-access';
import { findTable, type AccessLevel, type SessionUser } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { screens } from '../screens/screens';
import { crumbsOf, fromPath, fromTab, operationRefusal, operationsFor, promptOf, rowWriteRefusal, screenOfRoute, sectionOf, tabOf, toPath, WELCOME, type Route } from './routes';

describe('routes, tab ids and URLs', () => {
  it.each<[Route, string, string]>([
    [{ name: 'welcome' }, 'welcome', '/'],
    [{ name: 'dashboard' }, 'dashboard', '/dashboard'],
    [{ name: 'reports' }, 'reportes', '/reportes'],
    [{ name: 'report', report: 'alertas' }, 'reportes-alertas', '/reportes/alertas'],
    [{ name: 'parameters' }, 'parameters', '/parameters'],
    [{ name: 'table', table: 'pais', operation: 'insert' }, 'parameters-pais', '/parameters/pais/insert'],
    [{ name: 'table', table: 'audit_log_umbral', operation: 'status' }, 'parameters-audit_log_umbral', '/parameters/audit_log_umbral/status'],
    [{ name: 'thresholds' }, 'umbrales', '/umbrales'],
    [{ name: 'configuration' }, 'configuration', '/configuration'],
  ])('maps %o to the tab %s and %s and back', (route, tab, path) => {
    expect(tabOf(route)).toBe(tab);
    expect(toPath(route)).toBe(path);
    expect(fromPath(path)).toEqual(route);
    expect(fromTab(tab, route.name === 'table' ? route.operation : 'status')).toEqual(route);
  });

  it('opens a table on status when the URL names no valid operation', () => {
    expect(fromPath('/parameters/pais')).toEqual({ name: 'table', table: 'pais', operation: 'status' });
    expect(fromPath('/parameters/pais/drop')).toEqual({ name: 'table', table: 'pais', operation: 'status' });
  });

  it('keeps unknown tabs, which show the fallback screen', () => {
    expect(fromPath('/nothing-here')).toEqual({ name: 'unknown', tab: 'nothing-here' });
    expect(toPath(fromPath('/nothing-here'))).toBe('/nothing-here');
    expect(fromPath('/reportes/graficos')).toEqual({ name: 'report', report: 'graficos' });
    expect(tabOf(fromPath('/reportes/graficos'))).toBe('reportes-graficos');
    expect(fromPath('/%E0%A4%A')).toEqual({ name: 'unknown', tab: '%E0%A4%A' });
  });

  it('reads a tab id typed as a single segment, and ignores segments past a pattern', () => {
    expect(fromPath('')).toEqual(WELCOME);
    expect(fromPath('/welcome')).toEqual(WELCOME);
    expect(fromPath('/parameters-nodo')).toEqual({ name: 'table', table: 'nodo', operation: 'status' });
    expect(fromPath('/reportes-mensajes')).toEqual({ name: 'report', report: 'mensajes' });
    expect(fromPath('/dashboard/extra')).toEqual({ name: 'dashboard' });
    expect(fromPath('/parameters/pais/update/extra')).toEqual({ name: 'table', table: 'pais', operation: 'update' });
  });

  it('escapes params in the URL and reads them back', () => {
    const route: Route = { name: 'report', report: 'a b/c' };
    expect(toPath(route)).toBe('/reportes/a%20b%2Fc');
    expect(fromPath(toPath(route))).toEqual(route);
  });
});

describe('what a route derives', () => {
  it('sections, prompts and breadcrumbs', () => {
    expect(sectionOf({ name: 'dashboard' })).toBe('reportes');
    expect(sectionOf({ name: 'table', table: 'pais', operation: 'status' })).toBe('parameters');
    expect(sectionOf({ name: 'configuration' })).toBeNull();
    expect(promptOf({ name: 'reports' })).toBe('nav.chooseSubtab');
    expect(promptOf({ name: 'parameters' })).toBe('nav.chooseOption');
    expect(promptOf({ name: 'welcome' })).toBeUndefined();
    expect(crumbsOf({ name: 'table', table: 'pais', operation: 'insert' })).toEqual([
      { label: 'nav.parameters', accent: 'parameters' },
      { label: 'tables.pais', onPhone: true },
      { label: 'operations.insert' },
    ]);
    expect(crumbsOf({ name: 'table', table: 'nothing', operation: 'status' })).toEqual([{ label: 'nav.parameters', accent: 'parameters' }]);
    expect(crumbsOf({ name: 'thresholds' })).toEqual([{ label: 'nav.umbralesFull', accent: 'umbrales', onPhone: true, phoneLabel: 'thresholds.tableLabel' }]);
    expect(crumbsOf({ name: 'report', report: 'graficos' })).toEqual([{ label: 'nav.reportes', accent: 'reportes' }]);
    expect(crumbsOf({ name: 'report', report: 'alertas' })).toEqual([{ label: 'nav.reportes', accent: 'reportes' }, { label: 'nav.alertas' }]);
    expect(crumbsOf({ name: 'configuration' })).toEqual([{ label: 'nav.configuration' }]);
    expect(crumbsOf(WELCOME)).toEqual([]);
  });

  describe('the operations of a table (issue 32: by the grant\'s level)', () => {
    const user = (rol: string) => ({ user_metadata: { rol } }) as unknown as SessionUser;
    const grantedAt = (...levels: AccessLevel[]): SignedInAccess => ({
      status: 'ready',
      all: false,
      grants: levels.map((nivel, index) => ({ empresaid: index + 1, empresa: `Empresa ${index + 1}`, paisid: 1, pais: 'Perú', nivel })),
      scope: null,
      error: undefined,
      isValidating: false,
      retry: () => undefined,
      levelOf: () => null,
    });

    it('offers an admin every operation, and a reader only the status', () => {
      expect(operationsFor('sensor', user('admin'), null)).toEqual(['status', 'insert', 'update', 'massive']);
      expect(operationsFor('sensor', user('user'), grantedAt('lectura', 'operacion'))).toEqual(['status']);
      expect(operationsFor('sensor', user('user'), null)).toEqual(['status']);
      expect(operationsFor('nothing', user('admin'), null)).toEqual([]);
    });

    it('offers a manager its companies\' reference data, but never what only an admin writes', () => {
      const manager = grantedAt('lectura', 'gestion');
      expect(operationsFor('fundo', user('user'), manager)).toEqual(['status', 'insert', 'update']);
      // A node is created by an admin (it belongs to no company until placed); a manager changes it.
      expect(operationsFor('nodo', user('user'), manager)).toEqual(['status', 'update']);
      expect(operationsFor('pais', user('user'), manager)).toEqual(['status']);
      expect(operationRefusal('pais', 'insert', user('user'), manager)).toEqual({ kind: 'adminOnly' });
    });

    it('offers a user who is no admin nothing to write, and names no level, while the grants are unknown', () => {
      const loading: SignedInAccess = { ...grantedAt('gestion'), status: 'loading', grants: [] };
      expect(operationsFor('fundo', user('user'), loading)).toEqual(['status']);
      expect(operationRefusal('fundo', 'update', user('user'), loading)).toEqual({ kind: 'unknown' });
      // Without a provider (a shell shown alone) the same words: nothing is known of the grants.
      expect(operationRefusal('fundo', 'update', user('user'), null)).toEqual({ kind: 'unknown' });
      expect(operationRefusal('pais', 'insert', user('admin'), null)).toBeNull();
    });

    it("opens a user to a manager for the grants alone: the user's own fields stay an admin's", () => {
      const manager = grantedAt('lectura', 'gestion');
      expect(operationsFor('usuario', user('user'), manager)).toEqual(['status', 'update']);
      expect(rowWriteRefusal('usuario', 'update', user('user'), manager)).toEqual({ kind: 'adminOnly' });
      expect(operationRefusal('usuario', 'insert', user('user'), manager)).toEqual({ kind: 'adminOnly' });
      // Below gestion, or before the grants are read, a user's screen stays closed.
      expect(operationsFor('usuario', user('user'), grantedAt('operacion'))).toEqual(['status']);
      expect(operationsFor('usuario', user('user'), { ...manager, status: 'loading', grants: [] })).toEqual(['status']);
      expect(operationsFor('usuario', user('user'), null)).toEqual(['status']);
      // Other people's tables are not opened by the grants.
      expect(operationsFor('contacto', user('user'), manager)).toEqual(['status']);
      // An admin as before: every operation, the row's fields included.
      expect(operationsFor('usuario', user('admin'), null)).toEqual(findTable('usuario')!.operations);
      expect(rowWriteRefusal('usuario', 'update', user('admin'), null)).toBeNull();
    });

    it('offers an operator the thresholds and nothing else to write', () => {
      const operator = grantedAt('operacion');
      expect(operationsFor('umbral', user('user'), operator)).toEqual(['status', 'insert', 'update', 'massive']);
      expect(operationsFor('fundo', user('user'), operator)).toEqual(['status']);
      expect(operationRefusal('fundo', 'update', user('user'), operator)).toEqual({ kind: 'level', level: 'gestion' });
    });
  });
});

describe('the screen a reload at a URL fetches ahead of the session', () => {
  it.each<[string, unknown]>([
    ['/dashboard', screens.dashboard],
    ['/reportes/dashboard', screens.dashboard],
    ['/reportes/alertas', screens.alerts],
    ['/reportes/nothing', screens.reportPlaceholder],
    ['/parameters/pais/insert', screens.parameters],
    ['/umbrales', screens.thresholds],
    ['/configuration', screens.settings],
  ])('%s: its lazy screen', (path, screen) => {
    expect(screenOfRoute(fromPath(path))).toBe(screen);
  });

  it.each(['/', '/reportes', '/parameters', '/parameters/no_such_table', '/nothing-here'])('%s: nothing to fetch', (path) => {
    expect(screenOfRoute(fromPath(path))).toBeUndefined();
  });
});
