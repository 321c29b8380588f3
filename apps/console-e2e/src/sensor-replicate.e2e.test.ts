import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import type { ApiCall } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * Issue 13, item 1: five probe types registered on one node and replicated onto ten more in one
 * CREAR. Everything the journey uses hangs under a country and an entity of its own, made through
 * the admin API before and deleted again after, so the other journeys on the shared database see
 * nothing new.
 */
const suffix = `${Date.now() % 100_000}`;
const COUNTRY = `Pais Replica ${suffix}`;
const COMPANY = `Empresa Replica ${suffix}`;
const FARM = `Fundo Replica ${suffix}`;
const LOCATION = `Ubicacion Replica ${suffix}`;
const ENTITY = `Entidad Replica ${suffix}`;
const PROBE_TYPES = [20, 40, 60, 80, 100].map((depth) => `Sonda replica ${depth} cm`);
/** The node the probes are registered on, then the ten that get the same set. */
const NODES = Array.from({ length: 11 }, (_, index) => `Nodo Replica ${suffix}-${String(index + 1).padStart(2, '0')}`);
/** 16 hexadecimal digits, unique per run and node. */
const deveui = (index: number) => `E2E1${suffix.padStart(6, '0')}0000${String(index + 1).padStart(2, '0')}`;

interface Created {
  paisid?: number;
  empresaid?: number;
  fundoid?: number;
  ubicacionid?: number;
  entidadid?: number;
  tipoids: number[];
  nodoids: number[];
}

const id = (row: TableRow, column: string) => Number(row[column]);

/** A country abbreviation (two characters, unique) no country holds yet. */
async function freeCountryAbbreviation(api: ApiCall): Promise<string> {
  const held = new Set((await api<{ data: TableRow[] }>('GET', '/pais?page=1&pageSize=1000')).data.map((row) => String(row['paisabrev'])));
  for (const first of 'YXWV')
    for (let code = 65; code < 91; code += 1) {
      const abbreviation = `${first}${String.fromCharCode(code)}`;
      if (!held.has(abbreviation)) return abbreviation;
    }
  throw new Error('No free country abbreviation');
}

/** The place, the entity with its five probe types and the eleven nodes (each located in the place), through the API. */
async function setUp(api: ApiCall, created: Created) {
  created.paisid = id(await api<TableRow>('POST', '/pais', { pais: COUNTRY, paisabrev: await freeCountryAbbreviation(api) }), 'paisid');
  created.empresaid = id(await api<TableRow>('POST', '/empresa', { empresa: COMPANY, empresaabrev: 'REP', paisid: created.paisid }), 'empresaid');
  created.fundoid = id(await api<TableRow>('POST', '/fundo', { fundo: FARM, fundoabrev: 'REP', empresaid: created.empresaid }), 'fundoid');
  created.ubicacionid = id(await api<TableRow>('POST', '/ubicacion', { ubicacion: LOCATION, ubicacionabrev: 'REP', fundoid: created.fundoid }), 'ubicacionid');
  created.entidadid = id(await api<TableRow>('POST', '/entidad', { entidad: ENTITY, entidadabrev: 'REP' }), 'entidadid');
  for (const tipo of PROBE_TYPES) created.tipoids.push(id(await api<TableRow>('POST', '/tipo', { tipo, entidadid: created.entidadid }), 'tipoid'));
  for (const [index, nodo] of NODES.entries()) {
    const nodoid = id(await api<TableRow>('POST', '/nodo', { nodo, deveui: deveui(index) }), 'nodoid');
    created.nodoids.push(nodoid);
    await api('POST', '/localizacion', { entidadid: created.entidadid, ubicacionid: created.ubicacionid, nodoid });
  }
}

/** The sensor rows of the journey's nodes, as the API has them. */
async function sensorsOf(api: ApiCall, nodoids: readonly number[]): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for (const nodoid of nodoids) rows.push(...(await api<TableRow[]>('GET', `/sensor?nodoid=${nodoid}`)));
  return rows;
}

/** Deletes what setUp made (and the sensors on its nodes), children first; what is missing is skipped. */
async function tearDown(api: ApiCall, created: Created) {
  for (const sensor of await sensorsOf(api, created.nodoids)) await api('DELETE', `/sensor/composite?nodoid=${String(sensor['nodoid'])}&tipoid=${String(sensor['tipoid'])}`);
  for (const nodoid of created.nodoids) {
    await api('DELETE', `/localizacion/composite?entidadid=${created.entidadid}&ubicacionid=${created.ubicacionid}&nodoid=${nodoid}`);
    await api('DELETE', `/nodo/${nodoid}`);
  }
  for (const tipoid of created.tipoids) await api('DELETE', `/tipo/${tipoid}`);
  if (created.entidadid) await api('DELETE', `/entidad/${created.entidadid}`);
  if (created.ubicacionid) await api('DELETE', `/ubicacion/${created.ubicacionid}`);
  if (created.fundoid) await api('DELETE', `/fundo/${created.fundoid}`);
  if (created.empresaid) await api('DELETE', `/empresa/${created.empresaid}`);
  if (created.paisid) await api('DELETE', `/pais/${created.paisid}`);
}

async function tickAll(page: Page, list: string, search: string, expected: number) {
  const group = page.getByRole('group', { name: list });
  await group.getByRole('textbox', { name: `Buscar en ${list}` }).fill(search);
  await expect.poll(() => group.getByRole('checkbox').count()).toBe(expected);
  for (const checkbox of await group.getByRole('checkbox').all()) await checkbox.check({ force: true });
  await group.getByText(`${expected} elegidos`).waitFor();
}

describe('sensor creation with replicate, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  const created: Created = { tipoids: [], nodoids: [] };

  beforeAll(async () => {
    await setUp(await adminApi(journey.page), created);
  });
  afterAll(async () => {
    if (journey.page) await tearDown(await adminApi(journey.page), created);
  });

  it('registers 5 probe types on one node and replicates them onto 10 more: 55 sensors in one CREAR', async () => {
    const { page } = journey;
    await page.goto(`${baseUrl()}/parameters/sensor/insert`);
    const form = page.getByRole('form', { name: 'Crear sensores y replicar' });

    // The node, found by its DevEUI.
    const node = form.getByRole('combobox', { name: 'Nodo', exact: true });
    await node.click();
    await node.fill(deveui(0));
    await page.getByRole('option', { name: NODES[0], exact: true }).click();
    expect(await node.inputValue()).toBe(NODES[0]);

    // The entity's five probe types (found by the entity's name beside each), and the ten other nodes (by their location).
    await tickAll(page, 'Tipos de sonda', ENTITY, PROBE_TYPES.length);
    await tickAll(page, 'Replicar en otros nodos', LOCATION, NODES.length - 1);
    const summary = form.getByRole('region', { name: 'Resumen de la selección' });
    await summary.getByText(`5 sondas para ${NODES[0]}`).waitFor();
    await summary.getByText('Replicadas en 10 nodos más: 55 sensores en total.').waitFor();

    await form.getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('Sensores creados').waitFor();
    await page.getByText('Se crearon 55 sensores.', { exact: true }).waitFor();

    const sensors = await sensorsOf(await adminApi(page), created.nodoids);
    expect(sensors).toHaveLength(55);
    expect(new Set(sensors.map((row) => `${String(row['nodoid'])}:${String(row['tipoid'])}`)).size).toBe(55);
  });

  it('replicating again onto the same nodes creates nothing: the 55 pairs are reported as existing', async () => {
    const { page } = journey;
    const form = page.getByRole('form', { name: 'Crear sensores y replicar' });
    const node = form.getByRole('combobox', { name: 'Nodo', exact: true });
    await node.click();
    await node.fill(NODES[0]!);
    await page.getByRole('option', { name: NODES[0], exact: true }).click();
    await tickAll(page, 'Tipos de sonda', ENTITY, PROBE_TYPES.length);
    await tickAll(page, 'Replicar en otros nodos', LOCATION, NODES.length - 1);
    await form.getByRole('region', { name: 'Resumen de la selección' }).getByText('55 ya existen y se omitirán:').waitFor();
    await form.getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('Se crearon 0 sensores. 55 ya existían y se dejaron igual.', { exact: true }).waitFor();
    expect(await sensorsOf(await adminApi(page), created.nodoids)).toHaveLength(55);
  });
});
