import { describe, expect, it } from 'vitest';
import {
  mappedMetrics,
  metricOptions,
  nodesWithProbe,
  nodesWithProbes,
  nodoOption,
  probeTypesInUse,
  probeTypesOf,
  tipoLabel,
  triplesOf,
} from './metrica-sensor-model';

const entidades = [
  { entidadid: 1, entidad: 'Palta' },
  { entidadid: 2, entidad: 'Uva' },
];
const tipos = [
  { tipoid: 1, tipo: 'Sonda suelo 20 cm', entidadid: 1, statusid: 1 },
  { tipoid: 2, tipo: 'Sonda suelo 40 cm', entidadid: 1, statusid: 1 },
  { tipoid: 3, tipo: 'Sonda suelo 20 cm', entidadid: 2, statusid: 1 },
  { tipoid: 5, tipo: 'Retirada', entidadid: 2, statusid: 0 },
];
const nodos = [
  { nodoid: 1, nodo: 'Nodo Virú 01', nodoabrev: 'NV01', deveui: '70B3D57ED0000001', statusid: 1 },
  { nodoid: 2, nodo: 'Nodo Maipo 01', nodoabrev: 'NM01', deveui: null, statusid: 1 },
  { nodoid: 3, nodo: 'Nodo apagado', nodoabrev: null, deveui: null, statusid: 0 },
  { nodoid: 4, nodo: 'Nodo sin sondas', statusid: 1 },
];
const sensores = [
  { nodoid: 1, tipoid: 1, statusid: 1 },
  { nodoid: 1, tipoid: 3, statusid: 1 },
  { nodoid: 2, tipoid: 1, statusid: 1 },
  { nodoid: 3, tipoid: 1, statusid: 1 },
  { nodoid: 2, tipoid: 2, statusid: 0 },
  { nodoid: 2, tipoid: 5, statusid: 1 },
];
const metricas = [
  { metricaid: 1, metrica: 'Temperatura', unidad: '°C', statusid: 1 },
  { metricaid: 2, metrica: 'Humedad', unidad: '%', statusid: 1 },
  { metricaid: 3, metrica: 'Antigua', unidad: null, statusid: 0 },
];

describe('metric-sensor model', () => {
  it('names a node with its DevEUI beside, else its abbreviation', () => {
    expect(nodoOption(nodos[0]!)).toEqual({ value: 1, label: 'Nodo Virú 01', detail: '70B3D57ED0000001' });
    expect(nodoOption(nodos[1]!)).toEqual({ value: 2, label: 'Nodo Maipo 01', detail: 'NM01' });
    expect(nodoOption(nodos[2]!).detail).toBeUndefined();
  });
  it('names a probe type with its crop, since names repeat per crop', () => {
    expect(tipoLabel(tipos[0]!, entidades)).toBe('Sonda suelo 20 cm · Palta');
    expect(tipoLabel(tipos[2]!, entidades)).toBe('Sonda suelo 20 cm · Uva');
    expect(tipoLabel({ tipoid: 9, tipo: 'Suelta', entidadid: 7 }, entidades)).toBe('Suelta');
  });
  it('offers the active nodes that carry an active probe', () => {
    expect(nodesWithProbes(nodos, sensores).map((option) => option.value)).toEqual([2, 1]);
  });
  it("lists a node's active probe types, named with their crop", () => {
    expect(probeTypesOf(1, sensores, tipos, entidades)).toEqual([
      { value: 1, label: 'Sonda suelo 20 cm · Palta' },
      { value: 3, label: 'Sonda suelo 20 cm · Uva' },
    ]);
    // Its 40 cm probe is inactive, its "Retirada" type too.
    expect(probeTypesOf(2, sensores, tipos, entidades).map((option) => option.value)).toEqual([1]);
  });
  it('offers the probe types some node carries, for the massive mode', () => {
    expect(probeTypesInUse(sensores, tipos, entidades).map((option) => option.value)).toEqual([1, 3]);
  });
  it('offers for a type only the active nodes that carry it', () => {
    expect(nodesWithProbe(1, nodos, sensores).map((option) => option.label)).toEqual(['Nodo Maipo 01', 'Nodo Virú 01']);
    expect(nodesWithProbe(3, nodos, sensores).map((option) => option.value)).toEqual([1]);
    expect(nodesWithProbe(2, nodos, sensores)).toEqual([]);
  });
  it('lists metrics with their unit as the detail, marking those the probe already reports', () => {
    const triples = triplesOf([
      { nodoid: 1, tipoid: 1, metricaid: 1, statusid: 1 },
      { nodoid: 2, tipoid: 1, metricaid: 2, statusid: 1 },
    ]);
    const held = mappedMetrics(triples, 1, 1);
    expect([...held]).toEqual([1]);
    expect(metricOptions(metricas, held)).toEqual([
      { value: 2, label: 'Humedad', detail: '%' },
      { value: 1, label: 'Temperatura', detail: '°C', held: true },
    ]);
    // An inactive metric is offered only when the probe already reports it.
    expect(metricOptions(metricas, new Set([3])).map((option) => option.label)).toEqual(['Antigua', 'Humedad', 'Temperatura']);
  });
});
