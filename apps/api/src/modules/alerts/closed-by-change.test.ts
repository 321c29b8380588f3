/**
 * Issue 27, item 5: changing what an episode watches ends it. Deactivating a threshold, its node,
 * its probe, the probe's metric or the node's placement (or deleting the placement) closes the
 * open episode at once, as 'cambio', naming who and when; the notifier tells nobody again about it.
 * Deactivating a threshold used to leave its episode open: 17 reminder e-mails in 50 s.
 */
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestService } from '@camposense/server-ingest';
import { readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import type { Notifier } from '@camposense/server-notify';
import { openAlarmLoop } from '../../testing/alarm-loop';
import type { AlarmLoop } from '../../testing/alarm-loop';
import { errorOf } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

interface EpisodeAfter {
  statusid: number;
  fechafin: Date | string | null;
  motivocierre: string | null;
  cerradopor: number | null;
  cambiocierre: { tabla: string; accion: string; clave: Record<string, number> } | null;
}

describe.each(testDrivers())('changing what an episode watches ends it, on $kind', (driver) => {
  let loop: AlarmLoop;
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let worker: Notifier;
  let ingest: IngestService;
  let placement: { entidadid: number; ubicacionid: number; nodoid: number; latitud: number | null; longitud: number | null; referencia: string | null };

  beforeAll(async () => {
    // A probe of its own; a reminder every minute, escalation after two: without the change, the
    // closed episode would be told again at once.
    loop = await openAlarmLoop(driver, { probeOffset: 7, recipientsTag: 'cambio' });
    ({ context, probe, worker, ingest } = loop);
    [placement] = (await context.query(sql`
      select entidadid, ubicacionid, nodoid, latitud::float8 as latitud, longitud::float8 as longitud, referencia from sense.localizacion
       where nodoid = ${probe.nodoid} and ubicacionid = ${probe.ubicacionid} and statusid = 1`)) as [typeof placement];
  });
  afterAll(() => loop?.close());

  const advance = (minutes: number) => loop.advance(minutes);

  /** A breaking reading of the probe opens an episode, and its first messages go out. */
  async function openEpisode(): Promise<number> {
    const result = await ingest.ingest([readingOf(probe, loop.nextReadingAt(), probe.above)]);
    const opened = result.commit.alerts.find((alert) => alert.opensEpisode);
    expect(opened, JSON.stringify(result)).toBeDefined();
    expect((await worker.runDue()).sent).toBeGreaterThan(0);
    return opened!.episodioid;
  }

  const episode = async (episodioid: number) =>
    (
      await context.query<EpisodeAfter>(sql`
        select statusid, fechafin, motivocierre, cerradopor, cambiocierre from sense.episodio where episodioid = ${episodioid}`)
    )[0]!;

  /** Ended by the change, by the admin, just now; no active alert left; nobody told again. */
  async function expectEndedByChange(episodioid: number, tabla: string, accion: 'UPDATE' | 'DELETE', clave: Record<string, number>) {
    const after = await episode(episodioid);
    expect(after).toMatchObject({ statusid: 0, motivocierre: 'cambio', cerradopor: context.adminId, cambiocierre: { tabla, accion, clave } });
    expect(after.fechafin).not.toBeNull();
    const [{ active } = { active: -1 }] = await context.query<{ active: number }>(sql`
      select count(*)::int as active from sense.alerta where episodioid = ${episodioid} and statusid = 1`);
    expect(active).toBe(0);
    const told = loop.harness.smtp.mails.length + loop.harness.webhook.bodies.length;
    // Past several reminders and the escalation: nothing more about it.
    for (let step = 0; step < 5; step += 1) {
      advance(1);
      expect(await worker.runDue()).toMatchObject({ sent: 0, failed: 0 });
    }
    expect(loop.harness.smtp.mails.length + loop.harness.webhook.bodies.length).toBe(told);
    const rounds = await context.query(sql`select 1 from sense.trabajo where carga->>'episodioid' = ${String(episodioid)}`);
    expect(rounds).toEqual([]);
  }

  const put = async (url: string, payload: object) => {
    const response = await context.send('PUT', url, payload);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('keeps reminding while nothing changes (the control: the harness would see a reminder)', async () => {
    const episodioid = await openEpisode();
    const told = loop.harness.smtp.mails.length;
    advance(1);
    expect((await worker.runDue()).sent).toBeGreaterThan(0);
    expect(loop.harness.smtp.mails.length).toBeGreaterThan(told);
    // Ended the ordinary way, by a reading back inside the band: no motive of change.
    await ingest.ingest([readingOf(probe, loop.nextReadingAt(), probe.inside)]);
    expect(await episode(episodioid)).toMatchObject({ statusid: 0, motivocierre: null, cerradopor: null });
  });

  it('deactivating the threshold through the API ends its episode, and the threshold’s audit names who', async () => {
    const episodioid = await openEpisode();
    await put(`/api/sense/umbral/${probe.umbralid}`, { statusid: 0 });
    try {
      await expectEndedByChange(episodioid, 'umbral', 'UPDATE', { umbralid: probe.umbralid });
      const [audit] = await context.query<{ usuarioid: number; statusid: string }>(sql`
        select usuarioid, valores_nuevos->>'statusid' as statusid from sense.audit_log_umbral
         where umbralid = ${probe.umbralid} and accion = 'UPDATE' order by auditlogumbralid desc limit 1`);
      expect(audit).toEqual({ usuarioid: context.adminId, statusid: '0' });
    } finally {
      await put(`/api/sense/umbral/${probe.umbralid}`, { statusid: 1 });
    }
  });

  it('deactivating the node ends its episodes, the no-data one too', async () => {
    const episodioid = await openEpisode();
    const [silent] = await context.query<{ episodioid: number }>(sql`
      insert into sense.episodio (tipo, nodoid, criticidadid, fechainicio) values ('sindatos', ${probe.nodoid}, ${probe.criticidadid}, ${loop.now().toISOString()}::timestamptz)
      returning episodioid`);
    await put(`/api/sense/nodo/${probe.nodoid}`, { statusid: 0 });
    try {
      await expectEndedByChange(episodioid, 'nodo', 'UPDATE', { nodoid: probe.nodoid });
      expect(await episode(silent!.episodioid)).toMatchObject({ statusid: 0, motivocierre: 'cambio', cerradopor: context.adminId });
    } finally {
      await put(`/api/sense/nodo/${probe.nodoid}`, { statusid: 1 });
    }
  });

  it('deactivating the probe (sensor) or the probe’s metric (metricasensor) ends the episode', async () => {
    const sensor = `/api/sense/sensor/composite?nodoid=${probe.nodoid}&tipoid=${probe.tipoid}`;
    const first = await openEpisode();
    await put(sensor, { statusid: 0 });
    try {
      await expectEndedByChange(first, 'sensor', 'UPDATE', { nodoid: probe.nodoid, tipoid: probe.tipoid });
    } finally {
      await put(sensor, { statusid: 1 });
    }
    const metric = `/api/sense/metricasensor/composite?nodoid=${probe.nodoid}&tipoid=${probe.tipoid}&metricaid=${probe.metricaid}`;
    const second = await openEpisode();
    await put(metric, { statusid: 0 });
    try {
      await expectEndedByChange(second, 'metricasensor', 'UPDATE', { nodoid: probe.nodoid, tipoid: probe.tipoid, metricaid: probe.metricaid });
    } finally {
      await put(metric, { statusid: 1 });
    }
  });

  it('deactivating or deleting the node’s placement in the threshold’s location ends the episode', async () => {
    const key = { entidadid: placement.entidadid, ubicacionid: placement.ubicacionid, nodoid: placement.nodoid };
    const url = `/api/sense/localizacion/composite?entidadid=${key.entidadid}&ubicacionid=${key.ubicacionid}&nodoid=${key.nodoid}`;
    const first = await openEpisode();
    await put(url, { statusid: 0 });
    try {
      await expectEndedByChange(first, 'localizacion', 'UPDATE', key);
    } finally {
      await put(url, { statusid: 1 });
    }
    const second = await openEpisode();
    const deleted = await context.send('DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(204);
    try {
      await expectEndedByChange(second, 'localizacion', 'DELETE', key);
    } finally {
      const created = await context.send('POST', '/api/sense/localizacion', placement);
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('a delete the foreign keys refuse (threshold, node, probe with history) changes nothing, so the episode goes on', async () => {
    const episodioid = await openEpisode();
    for (const url of [
      `/api/sense/umbral/${probe.umbralid}`,
      `/api/sense/nodo/${probe.nodoid}`,
      `/api/sense/sensor/composite?nodoid=${probe.nodoid}&tipoid=${probe.tipoid}`,
      `/api/sense/metricasensor/composite?nodoid=${probe.nodoid}&tipoid=${probe.tipoid}&metricaid=${probe.metricaid}`,
    ]) {
      const refused = await context.send('DELETE', url);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(409);
      expect(errorOf(refused).code).toBe('FOREIGN_KEY');
      expect(await episode(episodioid)).toMatchObject({ statusid: 1, fechafin: null, motivocierre: null });
    }
    // Ended by a reading, for the next test.
    await ingest.ingest([readingOf(probe, loop.nextReadingAt(), probe.inside)]);
  });
});
