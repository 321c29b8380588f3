import { describe, expect, it } from 'vitest';
import { nodeOptions, replicaTargets, replicatePlan, tipoOptions } from './replicate-model';

const nodos = [
  { nodoid: 2, nodo: 'NODO-10', deveui: '70B3D57ED0000010', statusid: 1 },
  { nodoid: 1, nodo: 'NODO-07', deveui: '70B3D57ED0000007', statusid: 1 },
  { nodoid: 3, nodo: 'NODO-02', deveui: null, statusid: 1 },
  { nodoid: 4, nodo: 'NODO-99', deveui: null, statusid: 0 },
];
const ubicaciones = [
  { ubicacionid: 1, ubicacion: 'Lote Sur' },
  { ubicacionid: 2, ubicacion: 'Lote Norte' },
];
const localizaciones = [
  { entidadid: 1, ubicacionid: 1, nodoid: 1, statusid: 1 },
  { entidadid: 2, ubicacionid: 2, nodoid: 1, statusid: 1 },
  { entidadid: 1, ubicacionid: 1, nodoid: 2, statusid: 0 },
];
const tipo = (tipoid: number, name: string, entidadid: number, statusid = 1) => ({ tipoid, tipo: name, entidadid, statusid });
// Out of id order, the same name under two entities, and one inactive.
const tipos = [tipo(2, 'Sonda suelo 40 cm', 1), tipo(1, 'Sonda suelo 20 cm', 1), tipo(3, 'Sonda suelo 20 cm', 2), tipo(4, 'Retirada', 1, 0)];
const entidades = [
  { entidadid: 1, entidad: 'Palta' },
  { entidadid: 2, entidad: 'Uva' },
];

describe('sensor replicate model', () => {
  it('offers active nodes by name, with "DevEUI · locations" beside, leaving out what is missing', () => {
    expect(nodeOptions(nodos, localizaciones, ubicaciones)).toEqual([
      { value: 3, label: 'NODO-02', detail: undefined },
      { value: 1, label: 'NODO-07', detail: '70B3D57ED0000007 · Lote Norte, Lote Sur' },
      // Its only localizacion is inactive: no place is named.
      { value: 2, label: 'NODO-10', detail: '70B3D57ED0000010' },
    ]);
  });
  it('offers active probe types by name, each with its entity', () => {
    expect(tipoOptions(tipos, entidades)).toEqual([
      { value: 1, label: 'Sonda suelo 20 cm', detail: 'Palta' },
      { value: 3, label: 'Sonda suelo 20 cm', detail: 'Uva' },
      { value: 2, label: 'Sonda suelo 40 cm', detail: 'Palta' },
    ]);
  });
  it('offers every node but the chosen one as a replica', () => {
    const nodes = nodeOptions(nodos, localizaciones, ubicaciones);
    expect(replicaTargets(nodes, 1).map((option) => option.label)).toEqual(['NODO-02', 'NODO-10']);
    expect(replicaTargets(nodes, null)).toHaveLength(3);
  });
  it('plans every chosen type on the node and its replicas, naming the pairs that exist', () => {
    const nodes = nodeOptions(nodos, localizaciones, ubicaciones);
    const types = tipoOptions(tipos, entidades);
    const sensors = [
      { nodoid: 2, tipoid: 1 },
      { nodoid: 1, tipoid: 2 },
      { nodoid: 3, tipoid: 9 },
    ];
    // The chosen node listed again as a replica counts once.
    expect(replicatePlan(1, [2, 1], [1, 2], sensors, { nodes, tipos: types })).toEqual({
      nodoids: [1, 2],
      tipoids: [1, 2],
      total: 4,
      existing: [
        { nodoid: 1, tipoid: 2, nodo: 'NODO-07', tipo: 'Sonda suelo 40 cm' },
        { nodoid: 2, tipoid: 1, nodo: 'NODO-10', tipo: 'Sonda suelo 20 cm' },
      ],
      toCreate: 2,
    });
  });
  it('names an id without its option by its number', () => {
    const plan = replicatePlan(5, [], [7], [{ nodoid: 5, tipoid: 7 }], { nodes: [], tipos: [] });
    expect(plan.existing).toEqual([{ nodoid: 5, tipoid: 7, nodo: '#5', tipo: '#7' }]);
    expect(plan.toCreate).toBe(0);
  });
});
