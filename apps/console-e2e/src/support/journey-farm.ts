import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { adminApi } from './admin-api';

/** What a journey's own farm is made of; every name carries `tag` and the run's suffix. */
export interface JourneyFarmPlan {
  /** Two or three letters that tell the journeys' farms apart ("MS", "UM"). */
  tag: string;
  nodeCount: number;
  /** The metrics the journey creates, with their units. */
  metrics: { metrica: string; unidad: string }[];
  /** Whether every node's probe already reports every metric (metricasensor rows). */
  mapMetrics: boolean;
}

export interface JourneyFarm {
  names: { country: string; farm: string; crop: string; type: string; node: (index: number) => string };
  paisid: number;
  empresaid: number;
  fundoid: number;
  ubicacionid: number;
  entidadid: number;
  tipoid: number;
  nodoids: number[];
  metricaids: number[];
}

const suffix = `${Date.now() % 100_000}`;

/**
 * A journey's own place and probes, made through the API as an installer's script would: a country
 * down to a location, a crop with a probe type, `nodeCount` nodes standing there with that probe,
 * and the plan's metrics. `removeJourneyFarm` deletes it all again.
 */
export async function makeJourneyFarm(page: Page, plan: JourneyFarmPlan): Promise<JourneyFarm> {
  const api = await adminApi(page);
  const name = (kind: string) => `${kind} ${plan.tag} E2E ${suffix}`;
  const abbreviation = `${plan.tag}E2E`;
  const names = {
    country: name('Pais'),
    farm: name('Fundo'),
    crop: name('Cultivo'),
    type: name('Sonda'),
    node: (index: number) => `${name('Nodo')} ${String(index + 1).padStart(2, '0')}`,
  };
  // Two letters, unique enough per run: the country abbreviation's limit.
  const countryAbbreviation = `${plan.tag[0]}${String.fromCharCode(65 + (Date.now() % 26))}`;
  const { paisid } = await api<{ paisid: number }>('POST', '/pais', { pais: names.country, paisabrev: countryAbbreviation });
  const { empresaid } = await api<{ empresaid: number }>('POST', '/empresa', { empresa: name('Empresa'), empresaabrev: abbreviation, paisid });
  const { fundoid } = await api<{ fundoid: number }>('POST', '/fundo', { fundo: names.farm, fundoabrev: abbreviation, empresaid });
  const { ubicacionid } = await api<{ ubicacionid: number }>('POST', '/ubicacion', { ubicacion: name('Ubicacion'), ubicacionabrev: abbreviation, fundoid });
  const { entidadid } = await api<{ entidadid: number }>('POST', '/entidad', { entidad: names.crop, entidadabrev: abbreviation });
  const { tipoid } = await api<{ tipoid: number }>('POST', '/tipo', { tipo: names.type, entidadid });
  const metricaids: number[] = [];
  for (const { metrica, unidad } of plan.metrics)
    metricaids.push((await api<{ metricaid: number }>('POST', '/metrica', { metrica, metricaabrev: abbreviation, unidad })).metricaid);
  const nodoids: number[] = [];
  for (let index = 0; index < plan.nodeCount; index += 1) {
    // 16 hexadecimal digits, unique per run, journey and node.
    const deveui = `E2E${plan.tag.charCodeAt(0).toString(16)}${suffix.padStart(5, '0')}${String(index + 1).padStart(6, '0')}`;
    const { nodoid } = await api<{ nodoid: number }>('POST', '/nodo', { nodo: names.node(index), deveui });
    nodoids.push(nodoid);
    await api('POST', '/localizacion', { entidadid, ubicacionid, nodoid });
    await api('POST', '/sensor', { nodoid, tipoid });
    if (plan.mapMetrics) for (const metricaid of metricaids) await api('POST', '/metricasensor', { nodoid, tipoid, metricaid });
  }
  return { names, paisid, empresaid, fundoid, ubicacionid, entidadid, tipoid, nodoids, metricaids };
}

/** Everything `makeJourneyFarm` made and what the journey hung on its probe type (thresholds, metric mappings), up to the country. */
export async function removeJourneyFarm(page: Page, farm: JourneyFarm): Promise<void> {
  const api = await adminApi(page);
  for (const row of (await api<{ data: TableRow[] }>('GET', `/umbral?tipoid=${farm.tipoid}&pageSize=1000`)).data)
    await api('DELETE', `/umbral/${String(row['umbralid'])}`);
  for (const row of (await api<{ data: TableRow[] }>('GET', `/metricasensor?tipoid=${farm.tipoid}&pageSize=1000`)).data)
    await api('DELETE', `/metricasensor/composite?nodoid=${String(row['nodoid'])}&metricaid=${String(row['metricaid'])}&tipoid=${farm.tipoid}`);
  for (const nodoid of farm.nodoids) {
    await api('DELETE', `/sensor/composite?nodoid=${nodoid}&tipoid=${farm.tipoid}`);
    await api('DELETE', `/localizacion/composite?entidadid=${farm.entidadid}&ubicacionid=${farm.ubicacionid}&nodoid=${nodoid}`);
    await api('DELETE', `/nodo/${nodoid}`);
  }
  for (const metricaid of farm.metricaids) await api('DELETE', `/metrica/${metricaid}`);
  await api('DELETE', `/tipo/${farm.tipoid}`);
  await api('DELETE', `/entidad/${farm.entidadid}`);
  await api('DELETE', `/ubicacion/${farm.ubicacionid}`);
  await api('DELETE', `/fundo/${farm.fundoid}`);
  await api('DELETE', `/empresa/${farm.empresaid}`);
  await api('DELETE', `/pais/${farm.paisid}`);
}
