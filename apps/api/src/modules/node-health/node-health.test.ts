import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { NodeHealthResponse, NodeMapResponse } from '@camposense/domain';
import { HEALTH_METRICS, HEALTH_TREND_MAX_POINTS } from '@camposense/domain';
import { createIngestService, startMqttSubscriber } from '@camposense/server-ingest';
import type { MqttSubscriber } from '@camposense/server-ingest';
import { findProbe, minutesAfter } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { TEST_FARM_NOW } from '../../testing/sense-farm';
import { loginAs } from '../../testing/test-app';

/** The Mosquitto the machine (and CI, through .ci/run) runs. */
const MQTT_URL = process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
/** The server's clock: ten minutes after the farm's last readings, so its reporting nodes are not silent. */
const SERVICE_NOW = minutesAfter(TEST_FARM_NOW, 10);

describe.each(testDrivers())('node health from the radio, and the farm map, on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  /** The radio probe the demo farm gave the probe's node: its tipoid and its battery and RSSI thresholds. */
  let radio: { tipoid: number; umbralid: number; rssiUmbralid: number };
  let subscriber: MqttSubscriber;
  let publisher: MqttClient;
  let readerBearer: string;
  const prefix = `test-${randomBytes(4).toString('hex')}/`;

  beforeAll(async () => {
    context = await openSenseContext(driver, { now: () => SERVICE_NOW });
    // A probe whose node's radio thresholds the demo farm left without an open episode (not its
    // drained battery or its weak link): what these tests send opens the first.
    for (let offset = 0; ; offset += 1) {
      probe = await findProbe(context.database, offset);
      const open = await context.query(sql`select 1 from sense.episodio where nodoid = ${probe.nodoid} and fechafin is null`);
      if (open.length === 0) break;
    }
    // The demo farm's own radio view (seed-radio.ts) aside: these tests count what they send.
    await context.query(sql`delete from sense.recepcion`);
    await context.query(sql`delete from sense.estadodispositivo`);
    // The node's radio probe and its thresholds, as the demo farm gives every node (no hand-made probe).
    const thresholds = await context.query<{ tipoid: number; umbralid: number; metricaabrev: string; minimo: number }>(sql`
      select u.tipoid, u.umbralid, m.metricaabrev, u.minimo
        from sense.umbral u join sense.tipo t on t.tipoid = u.tipoid join sense.metrica m on m.metricaid = u.metricaid
       where u.nodoid = ${probe.nodoid} and t.tipo = 'Radio' and u.statusid = 1 order by m.metricaabrev`);
    expect(thresholds.map(({ metricaabrev, minimo }) => [metricaabrev, minimo])).toEqual([
      [HEALTH_METRICS.bateria, 20],
      [HEALTH_METRICS.rssi, -120],
    ]);
    radio = { tipoid: thresholds[0]!.tipoid, umbralid: thresholds[0]!.umbralid, rssiUmbralid: thresholds[1]!.umbralid };

    const logger = { warn: () => undefined, error: () => undefined } as never;
    subscriber = startMqttSubscriber({
      url: MQTT_URL,
      ingest: createIngestService(context.database, { now: () => SERVICE_NOW }),
      logger,
      topicPrefix: prefix,
      shareGroup: `test-${randomBytes(4).toString('hex')}`,
      flushIntervalMs: 20,
    });
    await subscriber.ready;
    publisher = await mqtt.connectAsync(MQTT_URL, { clientId: `camposense-test-${randomBytes(4).toString('hex')}` });
    const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
    readerBearer = `Bearer ${(await loginAs(context.app, operador.login, DEMO_PASSWORD)).session.access_token}`;
  }, 120_000);
  afterAll(async () => {
    await publisher?.endAsync();
    await subscriber?.close();
    await closeSenseContext(context);
  });

  const topic = (event: 'up' | 'status', deveui = probe.deveui) => `${prefix}application/7d1c7f43/device/${deveui}/event/${event}`;
  /** Publishes and waits until the subscriber has taken every message and stored its batch. */
  async function publish(messages: Array<{ topic: string; payload: unknown }>) {
    const before = subscriber.stats();
    const seen = (stats: ReturnType<MqttSubscriber['stats']>) => stats.uplinks + stats.statusEvents;
    for (const message of messages) await publisher.publishAsync(message.topic, JSON.stringify(message.payload), { qos: 1 });
    await vi.waitFor(() => expect(seen(subscriber.stats())).toBe(seen(before) + messages.length), { timeout: 10_000, interval: 20 });
    await subscriber.flush();
  }
  const uplink = (minutes: number, fCnt: number, rssi = -97, gateway = '0016c001ff10a235') => ({
    topic: topic('up'),
    payload: {
      deduplicationId: randomBytes(8).toString('hex'),
      time: minutesAfter(TEST_FARM_NOW, minutes).toISOString(),
      deviceInfo: { applicationId: '7d1c7f43', devEui: probe.deveui.toUpperCase() },
      fCnt,
      fPort: 2,
      rxInfo: [
        { gatewayId: gateway, rssi, snr: 7.5 },
        { gatewayId: '0016c001ff10a299', rssi: rssi - 15, snr: 9 },
      ],
      object: { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } },
    },
  });
  const health = async (nodoid: number, query = '') => context.get(`/api/sense/nodos/${nodoid}/salud${query}`);

  it('raises an alert through the alarm path for a battery at 15 % reported over MQTT, and keeps the status', async () => {
    await publish([
      { topic: topic('status'), payload: { time: minutesAfter(TEST_FARM_NOW, -30).toISOString(), deviceInfo: { devEui: probe.deveui }, batteryLevel: 52, margin: 8 } },
      { topic: topic('status'), payload: { time: minutesAfter(TEST_FARM_NOW, 1).toISOString(), deviceInfo: { devEui: probe.deveui }, batteryLevel: 15, margin: 7 } },
    ]);
    const alerts = await context.query<{ statusid: number; medicion: number; episodioid: number | null; open: boolean }>(sql`
      select a.statusid, m.medicion, a.episodioid, e.fechafin is null as open
        from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid
        left join sense.episodio e on e.episodioid = a.episodioid
       where a.umbralid = ${radio.umbralid}`);
    expect(alerts).toEqual([{ statusid: 1, medicion: 15, episodioid: expect.any(Number) as number, open: true }]);
    // The episode's first message is scheduled with it, as for any threshold.
    const rounds = await context.query<{ count: number }>(sql`
      select count(*)::int as count from sense.trabajo where clave = ${`ronda:${alerts[0]!.episodioid}:0`}`);
    expect(rounds[0]!.count).toBeGreaterThan(0);
    const answer = await health(probe.nodoid);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<NodeHealthResponse>().bateria).toEqual({ fecha: minutesAfter(TEST_FARM_NOW, 1).toISOString(), nivel: 15, margen: 7, externa: false });
    expect(subscriber.stats()).toMatchObject({ statusesAccepted: 2 });
  });

  /** A new node with that DevEUI (upper case, as an operator types it), placed where the probe's node stands unless `placed` is false. */
  async function newNode(deveui: string, placed = true): Promise<number> {
    const [node] = await context.query<{ nodoid: number }>(sql`
      insert into sense.nodo (nodo, deveui) values (${`NODO-RADIO-${deveui.slice(-4)}`}, ${deveui.toUpperCase()}) returning nodoid`);
    if (placed) {
      await context.query(sql`
        insert into sense.localizacion (entidadid, ubicacionid, nodoid, latitud, longitud)
        select entidadid, ubicacionid, ${node!.nodoid}, latitud, longitud from sense.localizacion
         where nodoid = ${probe.nodoid} and statusid = 1 limit 1`);
    }
    return node!.nodoid;
  }
  const statusOf = (deveui: string, minutes: number, batteryLevel: number) => ({
    topic: topic('status', deveui),
    payload: { time: minutesAfter(TEST_FARM_NOW, minutes).toISOString(), deviceInfo: { devEui: deveui }, batteryLevel, margin: 6 },
  });
  const radioUplinkOf = (deveui: string, minutes: number, fCnt: number) => ({
    topic: topic('up', deveui),
    payload: {
      deduplicationId: randomBytes(8).toString('hex'),
      time: minutesAfter(TEST_FARM_NOW, minutes).toISOString(),
      deviceInfo: { applicationId: '7d1c7f43', devEui: deveui },
      fCnt,
      fPort: 2,
      rxInfo: [{ gatewayId: '0016c001ff10a235', rssi: -104, snr: 4.5 }],
    },
  });
  const radioRows = async (nodoid: number) =>
    (
      await context.query<{ tipos: number; sensores: number; metricas: number; lecturas: string }>(sql`
        select (select count(*) from sense.tipo where tipo = 'Radio')::int as tipos,
               (select count(*) from sense.sensor s join sense.tipo t on t.tipoid = s.tipoid where s.nodoid = ${nodoid} and t.tipo = 'Radio')::int as sensores,
               (select count(*) from sense.metricasensor where nodoid = ${nodoid})::int as metricas,
               (select string_agg(me.metricaabrev || '=' || m.medicion, ' ' order by m.fecha, me.metricaabrev)
                  from sense.medicion m join sense.metrica me on me.metricaid = m.metricaid where m.nodoid = ${nodoid}) as lecturas`)
    )[0]!;

  it('gives a placed node heard by radio for the first time its radio probe, whose battery threshold then alerts over MQTT', async () => {
    const deveui = 'a1b2c3d4e5f60033';
    const nodoid = await newNode(deveui);
    const before = await radioRows(nodoid);
    expect(before).toEqual({ tipos: expect.any(Number) as number, sensores: 0, metricas: 0, lecturas: null });
    await publish([statusOf(deveui, 2, 80), radioUplinkOf(deveui, 3, 1)]);
    // The probe of its entity's Radio type (the one the farm's nodes of that entity use: no new type), its three metrics, and the readings.
    expect(await radioRows(nodoid)).toEqual({ tipos: before.tipos, sensores: 1, metricas: 3, lecturas: 'BAT=80 RSSI=-104 SNR=4.5' });

    // A battery threshold on it, as an operator sets one (the thresholds screen's call).
    const [target] = await context.query<{ tipoid: number; metricaid: number; ubicacionid: number }>(sql`
      select ms.tipoid, ms.metricaid, l.ubicacionid from sense.metricasensor ms join sense.metrica m on m.metricaid = ms.metricaid
        join sense.localizacion l on l.nodoid = ms.nodoid
       where ms.nodoid = ${nodoid} and m.metricaabrev = ${HEALTH_METRICS.bateria}`);
    const created = await context.send('POST', '/api/sense/umbral', {
      umbral: 'Batería baja del nodo nuevo',
      ...target,
      nodoid,
      criticidadid: probe.criticidadid,
      minimo: 20,
      maximo: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const umbralid = created.json<{ umbralid: number }>().umbralid;

    await publish([statusOf(deveui, 4, 12)]);
    const alerts = await context.query<{ statusid: number; medicion: number; open: boolean; rounds: number }>(sql`
      select a.statusid, m.medicion, e.fechafin is null as open,
             (select count(*) from sense.trabajo w where w.clave = 'ronda:' || a.episodioid || ':0')::int as rounds
        from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid join sense.episodio e on e.episodioid = a.episodioid
       where a.umbralid = ${umbralid}`);
    expect(alerts).toEqual([{ statusid: 1, medicion: 12, open: true, rounds: expect.any(Number) as number }]);
    expect(alerts[0]!.rounds).toBeGreaterThan(0);
    // Heard again: nothing more provided.
    expect(await radioRows(nodoid)).toMatchObject({ tipos: before.tipos, sensores: 1, metricas: 3 });
  });

  it('keeps the status and radio view of a node without a placement, and stores no reading nor probe for it', async () => {
    const deveui = 'a1b2c3d4e5f60034';
    const nodoid = await newNode(deveui, false);
    const accepted = subscriber.stats().statusesAccepted;
    await publish([statusOf(deveui, 5, 9), radioUplinkOf(deveui, 6, 1)]);
    expect(subscriber.stats().statusesAccepted).toBe(accepted + 1);
    const [kept] = await context.query<{ estados: number; recepciones: number }>(sql`
      select (select count(*) from sense.estadodispositivo where nodoid = ${nodoid} and nivelbateria = 9)::int as estados,
             (select count(*) from sense.recepcion where nodoid = ${nodoid})::int as recepciones`);
    expect(kept).toEqual({ estados: 1, recepciones: 1 });
    expect(await radioRows(nodoid)).toMatchObject({ sensores: 0, metricas: 0, lecturas: null });
    const answer = await health(nodoid);
    expect(answer.json<NodeHealthResponse>().bateria).toMatchObject({ nivel: 9 });
  });

  it('counts lost uplinks from frame-counter gaps, never a re-delivery or a rejoin (counter back to 0) as a loss', async () => {
    const base = 2;
    const { receptionsAccepted, receptionsDuplicates } = subscriber.stats();
    const sent = [uplink(base, 10), uplink(base + 1, 11), uplink(base + 2, 14, -118), uplink(base + 3, 15), uplink(base + 4, 0), uplink(base + 5, 1), uplink(base + 6, 3, -90, '0016c001ff10a2aa')];
    // The same uplink delivered twice (a broker's re-delivery): stored once.
    await publish([...sent.slice(0, 2), sent[1]!, ...sent.slice(2)]);
    // The same frame again later (no time from the network server: the receipt time): one frame, no gap.
    const late = uplink(base + 7, 3, -90, '0016c001ff10a2aa');
    await publish([late]);
    const rows = await context.query<{ count: number }>(sql`select count(*)::int as count from sense.recepcion where nodoid = ${probe.nodoid}`);
    expect(rows[0]!.count).toBe(8);
    expect(subscriber.stats()).toMatchObject({ receptionsAccepted: receptionsAccepted + 8, receptionsDuplicates: receptionsDuplicates + 1 });

    const answer = await health(probe.nodoid, `?desde=${encodeURIComponent(TEST_FARM_NOW.toISOString())}`);
    const body = answer.json<NodeHealthResponse>();
    expect(body.tramas).toEqual({
      recibidas: 7,
      perdidas: 3,
      huecos: [
        { desdeFcnt: 2, hastaFcnt: 2, fecha: minutesAfter(TEST_FARM_NOW, base + 6).toISOString() },
        { desdeFcnt: 12, hastaFcnt: 13, fecha: minutesAfter(TEST_FARM_NOW, base + 2).toISOString() },
      ],
    });
    // The best gateway of the last uplink.
    expect(body.ultimaRecepcion).toEqual({ fecha: minutesAfter(TEST_FARM_NOW, base + 7).toISOString(), rssi: -90, snr: 7.5, gatewayId: '0016c001ff10a2aa', fcnt: 3 });
    expect(body.tendencia.length).toBeGreaterThan(0);
    // RSSI and SNR are readings of the radio probe too (thresholds, series and reports see them).
    const readings = await context.query<{ metricaabrev: string; count: number }>(sql`
      select me.metricaabrev, count(*)::int as count from sense.medicion m join sense.metrica me on me.metricaid = m.metricaid
       where m.nodoid = ${probe.nodoid} and m.tipoid = ${radio.tipoid} and m.fecha > ${TEST_FARM_NOW.toISOString()}::timestamptz
       group by me.metricaabrev order by me.metricaabrev`);
    // Those of the farm's day (up to TEST_FARM_NOW) aside, as the first test's battery at 52 %.
    expect(readings).toEqual([
      { metricaabrev: HEALTH_METRICS.bateria, count: 1 },
      { metricaabrev: HEALTH_METRICS.rssi, count: 8 },
      { metricaabrev: HEALTH_METRICS.snr, count: 8 },
    ]);
  });

  it('takes status events over HTTP with an ingest key, refusing bad ones by index and counting a repeat as a duplicate', async () => {
    const created = await context.send('POST', '/api/ingest/keys', { nombre: 'ChirpStack HTTP' });
    const key = created.json<{ clave: string }>().clave;
    const post = (payload: unknown, authorization = `Bearer ${key}`) =>
      context.app.inject({ method: 'POST', url: '/api/ingest/status', headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    const event = (minutes: number, fields: Record<string, unknown> = {}) => ({
      time: minutesAfter(TEST_FARM_NOW, minutes).toISOString(),
      deviceInfo: { devEui: probe.deveui },
      batteryLevel: 64,
      ...fields,
    });
    const answer = await post({
      events: [
        event(3),
        event(3),
        event(4, { batteryLevel: 140 }),
        event(4, { deviceInfo: { devEui: 'ffffffffffff0001' } }),
        event(4, { deviceInfo: {} }),
        'status',
        event(4, { time: 'ayer' }),
        event(60 * 24),
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      accepted: 1,
      duplicates: 1,
      rejected: [
        { index: 2, code: 'INVALID_VALUE', message: expect.stringContaining('batteryLevel') as string },
        { index: 3, code: 'UNKNOWN_NODE', message: expect.any(String) as string },
        { index: 4, code: 'INVALID_READING', message: expect.stringContaining('devEui') as string },
        { index: 5, code: 'INVALID_READING', message: expect.any(String) as string },
        { index: 6, code: 'INVALID_DATE', message: expect.any(String) as string },
        { index: 7, code: 'FUTURE_DATE', message: expect.any(String) as string },
      ],
    });
    expect((await post({ events: [event(5)] }, 'Bearer csk_nope')).statusCode).toBe(401);
    expect((await post({ events: Array.from({ length: 1001 }, () => event(5)) })).statusCode).toBe(400);
    expect((await post({ eventos: [] })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown node, 400 for a bad window, 401 signed out, and caps the trend at 200 points, oldest first', async () => {
    expect(errorOf(await health(2_000_000_000)).code).toBe('NOT_FOUND');
    expect((await health(probe.nodoid, '?desde=ayer')).statusCode).toBe(400);
    expect((await health(probe.nodoid, '?desde=2026-11-02T00:00:00Z&hasta=2026-11-01T00:00:00Z')).statusCode).toBe(400);
    expect((await context.get(`/api/sense/nodos/${probe.nodoid}/salud`, {})).statusCode).toBe(401);
    // Another node: an uplink a minute for the seven days up to `hasta` (10,080), RSSI one dBm weaker a day back.
    const [other] = await context.query<{ nodoid: number }>(sql`select nodoid from sense.nodo where nodoid <> ${probe.nodoid} and statusid = 1 order by nodoid limit 1`);
    await context.query(sql`
      insert into sense.recepcion (nodoid, fecha, fcnt, rssi, snr, pasarela)
      select ${other!.nodoid}, ${TEST_FARM_NOW.toISOString()}::timestamptz - make_interval(mins => i), 20000 - i,
             -100 - floor(i / 1440.0), 5, '0016c001ff10a235'
        from generate_series(0, 10079) as i`);
    const answer = await context.get(`/api/sense/nodos/${other!.nodoid}/salud?hasta=${encodeURIComponent(TEST_FARM_NOW.toISOString())}`, {
      authorization: readerBearer,
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<NodeHealthResponse>();
    expect(body.tendencia.length).toBe(HEALTH_TREND_MAX_POINTS);
    const times = body.tendencia.map((point) => Date.parse(point.fecha));
    expect(times).toEqual([...times].sort((left, right) => left - right));
    expect(body.tendencia[0]!.rssi).toBeCloseTo(-106, 0);
    expect(body.tendencia.at(-1)!.rssi).toBeCloseTo(-100, 0);
    expect(body.tramas).toEqual({ recibidas: 10080, perdidas: 0, huecos: [] });
  });

  it('maps the placed nodes of a scope with their state in precedence, last values, battery and RSSI', async () => {
    // Four reporting nodes of one farm besides the probe's, each put in one state.
    const nodes = await context.query<{ nodoid: number; fundoid: number; ubicacionid: number }>(sql`
      select n.nodoid, u.fundoid, l.ubicacionid
        from sense.nodo n
        join sense.localizacion l on l.nodoid = n.nodoid and l.statusid = 1
        join sense.ubicacion u on u.ubicacionid = l.ubicacionid
       where n.statusid = 1 and n.nodoid <> ${probe.nodoid}
         and (select max(fecha) from sense.ultimamedicion um where um.nodoid = n.nodoid) >= ${minutesAfter(TEST_FARM_NOW, -15).toISOString()}::timestamptz
         and u.fundoid = (select u2.fundoid from sense.localizacion l2 join sense.ubicacion u2 on u2.ubicacionid = l2.ubicacionid
                            where l2.nodoid = ${probe.nodoid} and l2.statusid = 1 limit 1)
       order by n.nodoid limit 5`);
    expect(nodes.length).toBe(5);
    const [silent, alarmed, lowBattery, fine, unplaced] = nodes as [(typeof nodes)[0], (typeof nodes)[0], (typeof nodes)[0], (typeof nodes)[0], (typeof nodes)[0]];
    const ids = nodes.map((node) => node.nodoid);
    const idList = `{${ids.join(',')}}`;
    await context.query(sql`update sense.episodio set fechafin = ${TEST_FARM_NOW.toISOString()}::timestamptz, statusid = 0
                              where nodoid = any(${idList}::int[]) and fechafin is null`);
    // Silent (window of one minute, last heard 10 minutes ago) beats an open breach and a low battery.
    await context.query(sql`update sense.nodo set ventanainactividad = 1 where nodoid = ${silent.nodoid}`);
    const openBreach = async (nodoid: number) =>
      context.query(sql`
        insert into sense.episodio (tipo, umbralid, nodoid, criticidadid, fechainicio, statusid)
        select 'umbral', u.umbralid, u.nodoid, u.criticidadid, ${TEST_FARM_NOW.toISOString()}::timestamptz, 1
          from sense.umbral u where u.nodoid = ${nodoid} and u.statusid = 1 order by u.umbralid limit 1`);
    await openBreach(silent.nodoid);
    await openBreach(alarmed.nodoid);
    const battery = (nodoid: number, nivel: number) =>
      context.query(sql`insert into sense.estadodispositivo (nodoid, fecha, nivelbateria, margen) values (${nodoid}, ${TEST_FARM_NOW.toISOString()}::timestamptz, ${nivel}, 5)`);
    await battery(silent.nodoid, 10);
    await battery(alarmed.nodoid, 10);
    await battery(lowBattery.nodoid, 19.5);
    await battery(fine.nodoid, 20);
    await context.query(sql`insert into sense.recepcion (nodoid, fecha, fcnt, rssi, snr, pasarela)
                            values (${fine.nodoid}, ${TEST_FARM_NOW.toISOString()}::timestamptz, 5, -101.5, 3, '0016c001ff10a235')`);
    await context.query(sql`update sense.localizacion set latitud = null where nodoid = ${unplaced.nodoid}`);

    const answer = await context.get(`/api/sense/mapa?fundoid=${silent.fundoid}`, { authorization: readerBearer });
    expect(answer.statusCode).toBe(200);
    const map = answer.json<NodeMapResponse>();
    const stateOf = (nodoid: number) => map.nodos.find((node) => node.nodoid === nodoid)?.estado;
    expect([stateOf(silent.nodoid), stateOf(alarmed.nodoid), stateOf(lowBattery.nodoid), stateOf(fine.nodoid)]).toEqual([
      'silencioso',
      'alerta',
      'bateria-baja',
      'normal',
    ]);
    // The probe's node: the battery at 64 % over HTTP closed its battery episode of 15 %.
    expect(stateOf(probe.nodoid)).toBe('normal');
    // An open battery episode is battery-low whatever the last level; an open RSSI one is not a breach of the field.
    await context.query(sql`
      insert into sense.episodio (tipo, umbralid, nodoid, criticidadid, fechainicio, statusid)
      select 'umbral', u.umbralid, u.nodoid, u.criticidadid, ${TEST_FARM_NOW.toISOString()}::timestamptz, 1
        from sense.umbral u where u.umbralid in (${radio.umbralid}, ${radio.rssiUmbralid})`);
    const again = (await context.get(`/api/sense/mapa?fundoid=${silent.fundoid}`)).json<NodeMapResponse>();
    expect(again.nodos.find((node) => node.nodoid === probe.nodoid)).toMatchObject({ estado: 'bateria-baja', bateria: 64 });
    expect(map.nodos.some((node) => node.nodoid === unplaced.nodoid)).toBe(false);
    expect(map.sinCoordenadas).toBeGreaterThanOrEqual(1);
    expect(map.nodos.every((node) => node.fundoid === silent.fundoid)).toBe(true);
    const shown = map.nodos.find((node) => node.nodoid === fine.nodoid)!;
    expect(shown).toMatchObject({ bateria: 20, rssi: -101.5, ultimaFecha: expect.any(String) as string });
    expect(typeof shown.latitud).toBe('number');
    expect(shown.valores.length).toBeGreaterThan(0);
    expect(shown.valores[0]).toEqual({
      metricaabrev: expect.any(String) as string,
      metrica: expect.any(String) as string,
      unidad: expect.anything() as unknown,
      valor: expect.any(Number) as number,
      fecha: expect.any(String) as string,
    });
    const probeNode = map.nodos.find((node) => node.nodoid === probe.nodoid)!;
    expect(probeNode).toMatchObject({ bateria: 64, rssi: -90 });

    const lot = await context.get(`/api/sense/mapa?ubicacionid=${fine.ubicacionid}`);
    expect(lot.json<NodeMapResponse>().nodos.every((node) => node.ubicacionid === fine.ubicacionid)).toBe(true);
    const everywhere = (await context.get('/api/sense/mapa')).json<NodeMapResponse>();
    expect(everywhere.nodos.length).toBeGreaterThan(map.nodos.length);
    expect((await context.get('/api/sense/mapa?fundoid=abc')).statusCode).toBe(400);
    expect((await context.get('/api/sense/mapa', {})).statusCode).toBe(401);
  });
});
