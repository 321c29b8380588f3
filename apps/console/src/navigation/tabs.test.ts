import { describe, expect, it } from 'vitest';
import { fromPath, parametersTable, reportSubtab, toPath, WELCOME } from './tabs';

describe('tab ids and URLs', () => {
  it.each([
    [{ tab: 'welcome', subtab: 'status' as const }, '/'],
    [{ tab: 'dashboard', subtab: 'status' as const }, '/dashboard'],
    [{ tab: 'reportes', subtab: 'status' as const }, '/reportes'],
    [{ tab: 'reportes-alertas', subtab: 'status' as const }, '/reportes/alertas'],
    [{ tab: 'parameters', subtab: 'status' as const }, '/parameters'],
    [{ tab: 'parameters-pais', subtab: 'insert' as const }, '/parameters/pais/insert'],
    [{ tab: 'parameters-audit_log_umbral', subtab: 'status' as const }, '/parameters/audit_log_umbral/status'],
    [{ tab: 'umbrales', subtab: 'status' as const }, '/umbrales'],
    [{ tab: 'configuration', subtab: 'status' as const }, '/configuration'],
  ])('maps %o to %s and back', (state, path) => {
    expect(toPath(state)).toBe(path);
    expect(fromPath(path)).toEqual(state);
  });

  it('opens a table on status when the URL names no valid operation', () => {
    expect(fromPath('/parameters/pais')).toEqual({ tab: 'parameters-pais', subtab: 'status' });
    expect(fromPath('/parameters/pais/drop')).toEqual({ tab: 'parameters-pais', subtab: 'status' });
  });

  it('keeps unknown tabs, which show the fallback screen', () => {
    expect(fromPath('/nothing-here')).toEqual({ tab: 'nothing-here', subtab: 'status' });
    expect(fromPath('/reportes/graficos')).toEqual({ tab: 'reportes-graficos', subtab: 'status' });
    expect(fromPath('/%E0%A4%A')).toEqual({ tab: '%E0%A4%A', subtab: 'status' });
  });

  it('reads suffixes', () => {
    expect(parametersTable('parameters-nodo')).toBe('nodo');
    expect(parametersTable('parameters')).toBeNull();
    expect(reportSubtab('reportes-mensajes')).toBe('mensajes');
    expect(reportSubtab('dashboard')).toBeNull();
    expect(fromPath('')).toEqual(WELCOME);
  });
});
