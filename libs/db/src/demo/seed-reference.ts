/** The demo farm's first phase: places, crops, nodes and probes, criticalities, profiles, people. */
import { and, eq, inArray } from 'drizzle-orm';
import {
  codigotelefono,
  criticidad,
  empresa,
  entidad,
  fundo,
  localizacion,
  metrica,
  metricasensor,
  nodo,
  pais,
  perfil,
  sensor,
  tipo,
  ubicacion,
  usuario,
} from '../schema/index';
import { DEMO_USERS } from './demo-users';
import type { FarmPlan } from './farm-plan';
import type { ReadingWindow } from './readings';
import { DEMO_COMPANIES, DEMO_COUNTRIES, DEMO_CRITICIDADES, DEMO_CROPS, DEMO_FUNDOS, DEMO_METRICS, DEMO_PROFILES, probeTypeName } from './reference-data';
import { insertPeople } from './seed-people';
import { idMap, required, writeOrFind, writeOrFindEach } from './seed-support';
import type { FarmTransaction } from './seed-support';

export interface ReferenceIds {
  pais: Map<string, number>;
  ubicacion: Map<string, number>;
  nodo: Map<string, number>;
  tipo: Map<string, number>;
  metrica: Map<string, number>;
  criticidad: Map<string, number>;
  perfil: Map<string, number>;
  /** The demo admin's id when present: the farm's rows say they created them. */
  auditUserId: number | null;
}

/**
 * The farm's reference rows. Rows a database may already hold under the same unique name (a
 * country, a crop, a metric, a profile) are reused, not duplicated; the farm's own places and
 * nodes are new. Every row is dated at the window's start, so the rows do not depend on the day
 * the farm is written.
 */
export async function insertReferenceRows(
  tx: FarmTransaction,
  seed: number,
  plan: FarmPlan,
  window: ReadingWindow,
): Promise<ReferenceIds> {
  const createdAt = new Date(window.startMs);
  const adminRows = await tx
    .select({ id: usuario.usuarioid })
    .from(usuario)
    .where(eq(usuario.login, DEMO_USERS[0]?.login ?? ''));
  const audit = { datecreated: createdAt, datemodified: createdAt, usercreatedid: adminRows[0]?.id ?? null };

  const paisIds = await writeOrFind(
    tx
      .insert(pais)
      .values(DEMO_COUNTRIES.map((country) => ({ pais: country.pais, paisabrev: country.paisabrev, zonahoraria: country.zonahoraria, ...audit })))
      .onConflictDoNothing(),
    () =>
      tx
        .select({ key: pais.paisabrev, id: pais.paisid })
        .from(pais)
        .where(inArray(pais.paisabrev, DEMO_COUNTRIES.map((country) => country.paisabrev))),
  );

  const phoneCodeIds = await writeOrFind(
    tx
      .insert(codigotelefono)
      .values(DEMO_COUNTRIES.map((country) => ({ codigotelefono: country.codigotelefono, paistelefono: country.pais, ...audit })))
      .onConflictDoNothing(),
    () =>
      tx
        .select({ key: codigotelefono.codigotelefono, id: codigotelefono.codigotelefonoid })
        .from(codigotelefono)
        .where(inArray(codigotelefono.codigotelefono, DEMO_COUNTRIES.map((country) => country.codigotelefono))),
  );

  const empresaIds = await writeOrFindEach(
    DEMO_COMPANIES,
    (company) => company.empresaabrev,
    (company) =>
      tx
        .insert(empresa)
        .values({ empresa: company.empresa, empresaabrev: company.empresaabrev, paisid: required(paisIds, company.paisabrev, 'pais'), ...audit })
        .onConflictDoNothing(),
    (company) =>
      tx
        .select({ id: empresa.empresaid })
        .from(empresa)
        .where(and(eq(empresa.paisid, required(paisIds, company.paisabrev, 'pais')), eq(empresa.empresa, company.empresa))),
  );

  const fundoIds = await writeOrFindEach(
    DEMO_FUNDOS,
    (farm) => farm.fundo,
    (farm) =>
      tx
        .insert(fundo)
        .values({ fundo: farm.fundo, fundoabrev: farm.fundoabrev, empresaid: required(empresaIds, farm.empresaabrev, 'empresa'), ...audit })
        .onConflictDoNothing(),
    (farm) =>
      tx
        .select({ id: fundo.fundoid })
        .from(fundo)
        .where(and(eq(fundo.empresaid, required(empresaIds, farm.empresaabrev, 'empresa')), eq(fundo.fundo, farm.fundo))),
  );

  const ubicacionIds = await writeOrFindEach(
    plan.lots,
    (lot) => `${lot.fundo.fundo}/${lot.ubicacion}`,
    (lot) =>
      tx
        .insert(ubicacion)
        .values({ ubicacion: lot.ubicacion, ubicacionabrev: lot.ubicacionabrev, fundoid: required(fundoIds, lot.fundo.fundo, 'fundo'), ...audit })
        .onConflictDoNothing(),
    (lot) =>
      tx
        .select({ id: ubicacion.ubicacionid })
        .from(ubicacion)
        .where(and(eq(ubicacion.fundoid, required(fundoIds, lot.fundo.fundo, 'fundo')), eq(ubicacion.ubicacion, lot.ubicacion))),
  );

  const entidadIds = await writeOrFind(
    tx
      .insert(entidad)
      .values(DEMO_CROPS.map((crop) => ({ entidad: crop.entidad, entidadabrev: crop.entidadabrev, ...audit })))
      .onConflictDoNothing(),
    () =>
      tx
        .select({ key: entidad.entidad, id: entidad.entidadid })
        .from(entidad)
        .where(inArray(entidad.entidad, DEMO_CROPS.map((crop) => crop.entidad))),
  );

  const tipoIds = await writeOrFind(
    tx
      .insert(tipo)
      .values(
        DEMO_CROPS.flatMap((crop) =>
          crop.depths.map((depth) => ({ tipo: probeTypeName(depth), entidadid: required(entidadIds, crop.entidad, 'entidad'), ...audit })),
        ),
      )
      .onConflictDoNothing(),
    async () =>
      (
        await tx
          .select({ tipo: tipo.tipo, entidad: entidad.entidad, id: tipo.tipoid })
          .from(tipo)
          .innerJoin(entidad, eq(entidad.entidadid, tipo.entidadid))
          .where(inArray(tipo.entidadid, [...entidadIds.values()]))
      ).map((row) => ({ key: `${row.entidad}/${row.tipo}`, id: row.id })),
  );

  const metricaIds = await writeOrFind(
    tx
      .insert(metrica)
      .values(DEMO_METRICS.map((metric) => ({ metrica: metric.metrica, metricaabrev: metric.metricaabrev, unidad: metric.unidad, ...audit })))
      .onConflictDoNothing(),
    () =>
      tx
        .select({ key: metrica.metrica, id: metrica.metricaid })
        .from(metrica)
        .where(inArray(metrica.metrica, DEMO_METRICS.map((metric) => metric.metrica))),
  );

  const nodoIds = idMap(
    await tx
      .insert(nodo)
      .values(plan.nodes.map((node) => ({ nodo: node.nodo, nodoabrev: node.nodoabrev, deveui: node.deveui, ...audit })))
      .returning({ key: nodo.nodo, id: nodo.nodoid }),
  );

  await tx.insert(localizacion).values(
    plan.nodes.map((node) => ({
      entidadid: required(entidadIds, node.lot.crop.entidad, 'entidad'),
      ubicacionid: required(ubicacionIds, `${node.lot.fundo.fundo}/${node.lot.ubicacion}`, 'ubicacion'),
      nodoid: required(nodoIds, node.nodo, 'nodo'),
      latitud: node.latitude,
      longitud: node.longitude,
      referencia: node.referencia,
      ...audit,
    })),
  );
  const probes = plan.nodes.flatMap((node) =>
    node.depths.map((depth) => ({
      nodoid: required(nodoIds, node.nodo, 'nodo'),
      tipoid: required(tipoIds, `${node.lot.crop.entidad}/${probeTypeName(depth)}`, 'tipo'),
    })),
  );
  await tx.insert(sensor).values(probes.map((probe) => ({ ...probe, ...audit })));
  await tx.insert(metricasensor).values(
    probes.flatMap((probe) =>
      DEMO_METRICS.map((metric) => ({
        ...probe,
        metricaid: required(metricaIds, metric.metrica, 'metrica'),
        ...audit,
      })),
    ),
  );

  const criticidadIds = await writeOrFind(
    tx
      .insert(criticidad)
      .values(DEMO_CRITICIDADES.map(({ weight: _weight, ...row }) => ({ ...row, ...audit })))
      .onConflictDoNothing(),
    () =>
      tx
        .select({ key: criticidad.criticidad, id: criticidad.criticidadid })
        .from(criticidad)
        .where(inArray(criticidad.criticidad, DEMO_CRITICIDADES.map((row) => row.criticidad))),
  );

  // Bosses first: each profile's jefeid points at a row already written.
  const perfilIds = await writeOrFindEach(
    DEMO_PROFILES,
    (profile) => profile.perfil,
    (profile, done) =>
      tx
        .insert(perfil)
        .values({
          perfil: profile.perfil,
          perfilabrev: profile.perfilabrev,
          nivel: profile.nivel,
          jefeid: profile.jefe === null ? null : required(done, profile.jefe, 'perfil'),
          ...audit,
        })
        .onConflictDoNothing(),
    (profile) => tx.select({ id: perfil.perfilid }).from(perfil).where(eq(perfil.perfil, profile.perfil)),
  );

  await insertPeople(tx, seed, perfilIds, phoneCodeIds, audit);

  return {
    pais: paisIds,
    ubicacion: ubicacionIds,
    nodo: nodoIds,
    tipo: tipoIds,
    metrica: metricaIds,
    criticidad: criticidadIds,
    perfil: perfilIds,
    auditUserId: audit.usercreatedid,
  };
}
