import type { UmbralAuditEntry, UmbralPreviewResponse, UmbralScopeResponse } from '@camposense/domain';
import { adminUser, FIXTURE_NOW } from './fixtures';
import type { CriticidadOption, PerfilOption } from '../thresholds/types';

export const thresholdCriticidadesFixture: CriticidadOption[] = [
  { criticidadid: 1, criticidad: 'Crítica', grado: 1, statusid: 1 },
  { criticidadid: 2, criticidad: 'Alta', grado: 2, statusid: 1 },
  { criticidadid: 3, criticidad: 'Media', grado: 3, statusid: 1 },
];

export const thresholdPerfilesFixture: PerfilOption[] = [
  { perfilid: 1, perfil: 'Gerente Agrícola', nivel: 0, statusid: 1 },
  { perfilid: 2, perfil: 'Jefe de Fundo Perú', nivel: 1, statusid: 1 },
  { perfilid: 3, perfil: 'Supervisor de Riego', nivel: 2, statusid: 1 },
];

const perfil = (perfilid: number) => {
  const row = thresholdPerfilesFixture.find((option) => option.perfilid === perfilid)!;
  return { perfilid: row.perfilid, perfil: row.perfil };
};

/** Two locations of one fundo: thresholds of every grado, an inactive one and two "sin umbral" metrics. */
export const thresholdScopeFixture: UmbralScopeResponse = {
  totals: { umbrales: 5, sinUmbral: 2 },
  ubicaciones: [
    {
      ubicacionid: 11,
      ubicacion: 'Lote A - Palto',
      fundoid: 1,
      fundo: 'Fundo San José',
      empresaid: 1,
      empresa: 'Agrícola Virú',
      nodos: [
        {
          nodoid: 101,
          nodo: 'NODO-SJO-01',
          sondas: [
            {
              tipoid: 1,
              tipo: 'Sonda suelo 20 cm',
              metricas: [
                {
                  metricaid: 1,
                  metrica: 'Temperatura',
                  unidad: '°C',
                  umbrales: [
                    {
                      umbralid: 1001,
                      umbral: 'Temperatura crítica Lote A',
                      minimo: 12,
                      maximo: 32,
                      criticidadid: 1,
                      criticidad: 'Crítica',
                      grado: 1,
                      statusid: 1,
                      perfiles: [perfil(1), perfil(2)],
                    },
                    {
                      umbralid: 1002,
                      umbral: 'Temperatura alta Lote A',
                      minimo: 15,
                      maximo: 29,
                      criticidadid: 2,
                      criticidad: 'Alta',
                      grado: 2,
                      statusid: 1,
                      perfiles: [perfil(3)],
                    },
                  ],
                },
                {
                  metricaid: 2,
                  metrica: 'Humedad',
                  unidad: '%',
                  umbrales: [
                    {
                      umbralid: 1003,
                      umbral: 'Humedad media Lote A',
                      minimo: 35,
                      maximo: 85,
                      criticidadid: 3,
                      criticidad: 'Media',
                      grado: 3,
                      statusid: 0,
                      perfiles: [],
                    },
                  ],
                },
                { metricaid: 3, metrica: 'Conductividad eléctrica', unidad: 'dS/m', umbrales: [] },
              ],
            },
          ],
        },
      ],
    },
    {
      ubicacionid: 12,
      ubicacion: 'Lote B - Uva',
      fundoid: 1,
      fundo: 'Fundo San José',
      empresaid: 1,
      empresa: 'Agrícola Virú',
      nodos: [
        {
          nodoid: 102,
          nodo: 'NODO-SJO-02',
          sondas: [
            {
              tipoid: 2,
              tipo: 'Sonda suelo 40 cm',
              metricas: [
                {
                  metricaid: 1,
                  metrica: 'Temperatura',
                  unidad: '°C',
                  umbrales: [
                    {
                      umbralid: 1004,
                      umbral: 'Temperatura alta Lote B',
                      minimo: 14,
                      maximo: 30,
                      criticidadid: 2,
                      criticidad: 'Alta',
                      grado: 2,
                      statusid: 1,
                      perfiles: [perfil(2)],
                    },
                  ],
                },
                { metricaid: 2, metrica: 'Humedad', unidad: '%', umbrales: [] },
                {
                  metricaid: 3,
                  metrica: 'Conductividad eléctrica',
                  unidad: 'dS/m',
                  umbrales: [
                    {
                      umbralid: 1005,
                      umbral: 'Conductividad Lote B',
                      minimo: 0.6,
                      maximo: 2.2,
                      criticidadid: 3,
                      criticidad: 'Media',
                      grado: 3,
                      statusid: 1,
                      perfiles: [],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

export const emptyThresholdScopeFixture: UmbralScopeResponse = { ubicaciones: [], totals: { umbrales: 0, sinUmbral: 0 } };

const minutesAgo = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();
const who = { usuarioid: adminUser.id, login: adminUser.email, firstname: 'Ana', lastname: 'Admin' };

export const thresholdHistoryFixture: UmbralAuditEntry[] = [
  {
    auditlogumbralid: 3,
    umbralid: 1001,
    accion: 'UPDATE',
    fecha: minutesAgo(45),
    usuario: who,
    umbral: 'Temperatura crítica Lote A',
    cambios: [
      { campo: 'minimo', anterior: 10, nuevo: 12 },
      { campo: 'maximo', anterior: 34, nuevo: 32 },
    ],
  },
  {
    auditlogumbralid: 1,
    umbralid: 1001,
    accion: 'INSERT',
    fecha: minutesAgo(60 * 24 * 3),
    usuario: null,
    umbral: 'Temperatura crítica Lote A',
    cambios: [
      { campo: 'umbral', anterior: null, nuevo: 'Temperatura crítica Lote A' },
      { campo: 'minimo', anterior: null, nuevo: 10 },
      { campo: 'maximo', anterior: null, nuevo: 34 },
      { campo: 'criticidadid', anterior: null, nuevo: 1 },
      { campo: 'statusid', anterior: null, nuevo: 1 },
    ],
  },
];

export const thresholdChangesFixture: UmbralAuditEntry[] = [
  {
    auditlogumbralid: 4,
    umbralid: 1004,
    accion: 'UPDATE',
    fecha: minutesAgo(20),
    usuario: who,
    umbral: 'Temperatura alta Lote B',
    cambios: [{ campo: 'statusid', anterior: 0, nuevo: 1 }],
  },
  thresholdHistoryFixture[0]!,
];

/**
 * A preview answer for a band, with counts that fall as the band widens, as the API's would: the
 * fixture's series sits near 22 °C, so the count grows the closer a limit comes to it.
 */
export function thresholdPreviewFixture(umbralid: number, minimo: number, maximo: number, days = 7): UmbralPreviewResponse {
  const base = thresholdScopeFixture.ubicaciones
    .flatMap((location) => location.nodos.flatMap((node) => node.sondas.flatMap((probe) => probe.metricas.flatMap((metric) => metric.umbrales))))
    .find((row) => row.umbralid === umbralid) ?? { minimo: 12, maximo: 32 };
  const total = days * 96;
  const count = (low: number, high: number) => {
    const readings = Math.max(0, Math.round(total * (Math.max(0, low - 14) + Math.max(0, 30 - high)) / 20));
    return { minimo: low, maximo: high, readings: Math.min(total, readings), episodes: Math.min(readings, Math.ceil(readings / 12)) };
  };
  return {
    umbralid,
    days,
    start: new Date(FIXTURE_NOW.getTime() - days * 86_400_000).toISOString(),
    end: FIXTURE_NOW.toISOString(),
    total,
    current: count(base.minimo, base.maximo),
    edited: count(minimo, maximo),
  };
}
