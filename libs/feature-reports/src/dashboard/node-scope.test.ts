import type { NodoConLocalizacion } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { nodesInScope } from './node-scope';

const node = (nodoid: number, paisid: number, empresaid: number, fundoid: number, entidadid = 1, ubicacionid = 1) =>
  ({ nodoid, paisid, empresaid, fundoid, entidadid, ubicacionid }) as NodoConLocalizacion;
const nodes = [node(1, 1, 1, 1), node(2, 1, 1, 2, 2, 5), node(3, 1, 2, 3), node(4, 2, 3, 4)];
const none = { fundoId: null, entidadId: null, ubicacionId: null };
const ids = (list: NodoConLocalizacion[]) => list.map((row) => row.nodoid);

describe('the dashboard node list under the global selection', () => {
  it('lists every node with no scope and no bar choice', () => {
    expect(ids(nodesInScope(nodes, null, none))).toEqual([1, 2, 3, 4]);
    expect(ids(nodesInScope(nodes, { paisId: null, empresaId: null, fundoId: null }, none))).toEqual([1, 2, 3, 4]);
  });
  it('keeps only the country, the company or the farm of the sidebar', () => {
    expect(ids(nodesInScope(nodes, { paisId: 1, empresaId: null, fundoId: null }, none))).toEqual([1, 2, 3]);
    expect(ids(nodesInScope(nodes, { paisId: 1, empresaId: 1, fundoId: null }, none))).toEqual([1, 2]);
    expect(ids(nodesInScope(nodes, { paisId: 1, empresaId: 1, fundoId: 2 }, none))).toEqual([2]);
  });
  it('narrows further by the bar, and shows nothing for a bar farm outside the scope', () => {
    expect(ids(nodesInScope(nodes, { paisId: 1, empresaId: 1, fundoId: null }, { fundoId: 2, entidadId: 2, ubicacionId: 5 }))).toEqual([2]);
    expect(ids(nodesInScope(nodes, { paisId: 1, empresaId: 1, fundoId: 2 }, { fundoId: 1, entidadId: null, ubicacionId: null }))).toEqual([]);
  });
});
