import { testDrivers } from '@camposense/db/testing';
import type { OpenEpisode, OpenEpisodesResponse } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

describe.each(testDrivers())('GET /api/episodes on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let service: IngestService;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    // A probe of its own (offset): other suites sharing the PostgreSQL database use the first.
    probe = await findProbe(context.database, 3);
    service = createIngestService(context.database);
  });
  afterAll(() => closeSenseContext(context));

  const reading = (minutes: number, medicion: number) => readingOf(probe, minutesAfter(context.now, minutes), medicion);
  const episodesOf = async (query: string) => {
    const response = await context.get(`/api/episodes?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OpenEpisodesResponse>().episodes;
  };
  /** The open episodes of the node, straight from SQL: what the call must answer. */
  const openIdsOfNode = async () =>
    (
      await context.query<{ episodioid: number }>(sql`
        select episodioid from sense.episodio where nodoid = ${probe.nodoid} and fechafin is null order by fechainicio, episodioid`)
    ).map((row) => Number(row.episodioid));

  it('answers a threshold episode of the node from its first breaking reading, acknowledged or not, until it ends', async () => {
    const opened = await service.ingest([reading(500, probe.above), reading(515, probe.above)]);
    const [first] = opened.commit.alerts;
    expect(first).toBeDefined();
    const episodioid = first!.episodioid;
    try {
      const episodes = await episodesOf(`nodoId=${probe.nodoid}`);
      expect(episodes.map((episode) => episode.episodioid)).toEqual(await openIdsOfNode());
      const episode = episodes.find((candidate) => candidate.episodioid === episodioid);
      expect(episode).toEqual<OpenEpisode>({
        episodioid,
        tipo: 'umbral',
        nodoid: probe.nodoid,
        umbralid: probe.umbralid,
        metricaid: probe.metricaid,
        tipoid: probe.tipoid,
        minimo: probe.minimo,
        maximo: probe.maximo,
        criticidad: expect.any(String) as string,
        grado: expect.any(Number) as number,
        fechainicio: minutesAfter(context.now, 500).toISOString(),
        statusid: 1,
        fechareconocido: null,
      });
      // The location's call has it too.
      expect((await episodesOf(`ubicacionId=${probe.ubicacionid}`)).map((row) => row.episodioid)).toContain(episodioid);

      // Acknowledged, it is still open: the chart keeps marking it, as acknowledged.
      expect((await context.send('POST', `/api/episodes/${episodioid}/acknowledge`, {})).statusCode).toBe(200);
      const acknowledged = (await episodesOf(`nodoId=${probe.nodoid}`)).find((candidate) => candidate.episodioid === episodioid);
      expect(acknowledged?.statusid).toBe(-1);
      expect(Date.parse(acknowledged?.fechareconocido ?? '')).not.toBeNaN();
    } finally {
      // Back inside the band: the episode ends, and no longer shows.
      await service.ingest([reading(530, probe.inside)]);
    }
    expect((await episodesOf(`nodoId=${probe.nodoid}`)).map((episode) => episode.episodioid)).not.toContain(episodioid);
    expect((await episodesOf(`nodoId=${probe.nodoid}`)).map((episode) => episode.episodioid)).toEqual(await openIdsOfNode());
  });

  it('answers a no-data episode with no threshold, by node and by the node’s location', async () => {
    const [existing] = await context.query<{ episodioid: number }>(sql`
      select episodioid from sense.episodio where nodoid = ${probe.nodoid} and tipo = 'sindatos' and fechafin is null`);
    expect(existing).toBeUndefined();
    const [row] = await context.query<{ episodioid: number }>(sql`
      insert into sense.episodio (tipo, nodoid, criticidadid, fechainicio)
      values ('sindatos', ${probe.nodoid}, ${probe.criticidadid}, ${minutesAfter(context.now, 600).toISOString()})
      returning episodioid`);
    const episodioid = Number(row!.episodioid);
    try {
      const silent = (await episodesOf(`nodoId=${probe.nodoid}`)).find((episode) => episode.episodioid === episodioid);
      expect(silent).toMatchObject({ tipo: 'sindatos', umbralid: null, metricaid: null, minimo: null, maximo: null, statusid: 1 });
      expect((await episodesOf(`ubicacionId=${probe.ubicacionid}`)).map((episode) => episode.episodioid)).toContain(episodioid);
      // Another location of the farm does not see it.
      const [other] = await context.query<{ ubicacionid: number }>(sql`
        select ubicacionid from sense.ubicacion where ubicacionid <> ${probe.ubicacionid} order by ubicacionid limit 1`);
      expect((await episodesOf(`ubicacionId=${other!.ubicacionid}`)).map((episode) => episode.episodioid)).not.toContain(episodioid);
    } finally {
      await context.query(sql`update sense.episodio set fechafin = now(), statusid = 0 where episodioid = ${episodioid}`);
    }
  });

  it('answers 400 without exactly one scope or with a bad id, and 401 without a session', async () => {
    for (const query of ['', `nodoId=${probe.nodoid}&ubicacionId=${probe.ubicacionid}`, 'nodoId=abc', 'nodoId=0', 'ubicacionId=-1', 'nodoId=1.5', 'limit=5']) {
      const response = await context.get(`/api/episodes?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code, query).toBe('VALIDATION');
    }
    expect((await context.get(`/api/episodes?nodoId=${probe.nodoid}`, {})).statusCode).toBe(401);
  });
});
