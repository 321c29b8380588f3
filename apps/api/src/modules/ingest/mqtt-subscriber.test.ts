import { randomBytes } from 'node:crypto';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedTestFarm, TEST_FARM_NOW } from '../../testing/sense-farm';
import { closeTestApp, openTestApp } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { createIngestService } from '@camposense/server-ingest';
import { MAX_PACKET_BYTES, startMqttSubscriber } from '@camposense/server-ingest';
import type { MqttSubscriber } from '@camposense/server-ingest';
import { findProbe, minutesAfter } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';

/** The Mosquitto the machine (and CI, through .ci/run) runs. */
const MQTT_URL = process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';

describe.each(testDrivers())('MQTT ingestion from ChirpStack uplinks on $kind', (driver) => {
  let context: TestContext;
  let database: Database;
  let probe: ProbeUnderTest;
  let subscriber: MqttSubscriber;
  let publisher: MqttClient;
  /** Topics and a share group of this run only: parallel runs on one broker do not see each other's uplinks. */
  const prefix = `test-${randomBytes(4).toString('hex')}/`;
  const shareGroup = `test-${randomBytes(4).toString('hex')}`;
  /** The service's clock: a day after the farm's last reading. */
  const serviceNow = new Date(TEST_FARM_NOW.getTime() + 86_400_000);
  const warnings: string[] = [];

  beforeAll(async () => {
    context = await openTestApp(driver);
    database = context.database;
    await seedTestFarm(database);
    probe = await findProbe(database);
    const record = (fields: unknown, message: string) => void warnings.push(`${message} ${JSON.stringify(fields)}`);
    const logger = { warn: record, error: record } as never;
    subscriber = startMqttSubscriber({
      url: MQTT_URL,
      ingest: createIngestService(database, { now: () => serviceNow }),
      logger,
      topicPrefix: prefix,
      shareGroup,
      flushIntervalMs: 20,
    });
    await subscriber.ready;
    publisher = await mqtt.connectAsync(MQTT_URL, { clientId: `camposense-test-${randomBytes(4).toString('hex')}` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await subscriber?.close();
    await closeTestApp(context);
  });

  const topicOf = (deveui: string) => `${prefix}application/7d1c7f43/device/${deveui}/event/up`;
  const uplink = (minutes: number, object: unknown, deveui = probe.deveui) =>
    JSON.stringify({
      deduplicationId: randomBytes(8).toString('hex'),
      time: minutesAfter(TEST_FARM_NOW, minutes).toISOString(),
      deviceInfo: { tenantId: 't', applicationId: '7d1c7f43', applicationName: 'campo', deviceName: 'nodo', devEui: deveui.toUpperCase() },
      devAddr: '01020304',
      fCnt: minutes,
      fPort: 2,
      data: 'AQID',
      object,
    });
  async function publish(messages: Array<{ topic?: string; payload: string | Buffer }>) {
    const before = subscriber.stats().uplinks;
    for (const message of messages) await publisher.publishAsync(message.topic ?? topicOf(probe.deveui), message.payload, { qos: 1 });
    await vi.waitFor(() => expect(subscriber.stats().uplinks).toBe(before + messages.length), { timeout: 10_000, interval: 20 });
    await subscriber.flush();
  }
  const readingsAt = async (minutes: number) =>
    database.query<{ medicion: number; tipoid: number; metricaid: number }>(sql`
      select medicion, tipoid, metricaid from sense.medicion
       where nodoid = ${probe.nodoid} and fecha = ${minutesAfter(TEST_FARM_NOW, minutes).toISOString()}::timestamptz
       order by metricaid`);

  it('stores the values of an uplink (probe by id or name) with its alerts, and a re-delivered uplink once', async () => {
    const object = { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.above } };
    await publish([{ payload: uplink(15, object) }, { payload: uplink(15, object) }, { payload: uplink(30, { [probe.tipo]: { [probe.metricaabrev]: probe.inside } }) }]);
    expect(await readingsAt(15)).toEqual([{ medicion: probe.above, tipoid: probe.tipoid, metricaid: probe.metricaid }]);
    expect(await readingsAt(30)).toHaveLength(1);
    const alerts = await database.query<{ statusid: number }>(sql`
      select a.statusid from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid
       where a.umbralid = ${probe.umbralid} and m.fecha = ${minutesAfter(TEST_FARM_NOW, 15).toISOString()}::timestamptz`);
    // One alert, closed by the reading back inside at 30.
    expect(alerts).toEqual([{ statusid: 0 }]);
    expect(subscriber.stats()).toMatchObject({ accepted: 2, duplicates: 1 });
  });

  it('counts and logs bad uplinks and values, keeps the good values of the same uplink, and keeps running', async () => {
    const before = subscriber.stats();
    await publish([
      { payload: '{not json' },
      { payload: Buffer.alloc(100 * 1024, 0x7b) },
      { payload: uplink(45, undefined) },
      { payload: uplink(45, {}) },
      { payload: uplink(45, { [probe.metricaabrev]: 1 }, 'ffffffffffff0001'), topic: topicOf('ffffffffffff0001') },
      {
        payload: uplink(45, {
          [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside, NOPE: 3, HUMX: 'wet', CE: null },
        }),
      },
      { payload: JSON.stringify([1, 2, 3]) },
    ]);
    const after = subscriber.stats();
    expect(after.badUplinks['malformed-json']).toBe((before.badUplinks['malformed-json'] ?? 0) + 2);
    expect(after.badUplinks['too-large']).toBe((before.badUplinks['too-large'] ?? 0) + 1);
    expect(after.badUplinks['no-object']).toBe((before.badUplinks['no-object'] ?? 0) + 2);
    expect(after.badUplinks['bad-value']).toBe((before.badUplinks['bad-value'] ?? 0) + 2);
    expect(after.rejected['UNKNOWN_NODE']).toBe((before.rejected['UNKNOWN_NODE'] ?? 0) + 1);
    expect(after.rejected['UNKNOWN_METRIC']).toBe((before.rejected['UNKNOWN_METRIC'] ?? 0) + 1);
    expect(after.failedBatches).toBe(0);
    // The good value of the mixed uplink went in.
    expect(await readingsAt(45)).toEqual([{ medicion: probe.inside, tipoid: probe.tipoid, metricaid: probe.metricaid }]);
    const logged = warnings.join('\n');
    for (const reason of ['malformed-json', 'too-large', 'no-object', 'bad-value', 'UNKNOWN_NODE', 'UNKNOWN_METRIC']) expect(logged).toContain(reason);

    // Still subscribed: the next good uplink is stored.
    await publish([{ payload: uplink(60, { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } }) }]);
    expect(await readingsAt(60)).toHaveLength(1);
  });

  it('acknowledges an uplink only once its batch has committed: killed mid-batch, the broker delivers it again and it is stored once', async () => {
    const clientId = `camposense-test-${randomBytes(4).toString('hex')}`;
    const ownPrefix = `test-${randomBytes(4).toString('hex')}/`;
    const record = (fields: unknown, message: string) => void warnings.push(`${message} ${JSON.stringify(fields)}`);
    const logger = { warn: record, error: record } as never;
    // The victim's batch never commits: it is killed with the uplink taken but not stored.
    let taken = 0;
    const victim = startMqttSubscriber({
      url: MQTT_URL,
      ingest: { ingest: () => ((taken += 1), new Promise<never>(() => undefined)) },
      logger,
      topicPrefix: ownPrefix,
      shareGroup,
      flushIntervalMs: 10,
      clientId,
    });
    await victim.ready;
    const payload = uplink(75, { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } });
    await publisher.publishAsync(`${ownPrefix}application/7d1c7f43/device/${probe.deveui}/event/up`, payload, { qos: 1 });
    await vi.waitFor(() => expect(taken).toBe(1), { timeout: 10_000, interval: 10 });
    victim.kill();
    expect(await readingsAt(75)).toEqual([]);

    // The same instance comes back (same MQTT_CLIENT_ID): the broker delivers the uplink again.
    const survivor = startMqttSubscriber({
      url: MQTT_URL,
      ingest: createIngestService(database, { now: () => new Date(TEST_FARM_NOW.getTime() + 86_400_000) }),
      logger,
      topicPrefix: ownPrefix,
      shareGroup,
      flushIntervalMs: 10,
      clientId,
    });
    try {
      await survivor.ready;
      await vi.waitFor(async () => expect(await readingsAt(75)).toHaveLength(1), { timeout: 15_000, interval: 50 });
      // Acknowledged now: a later restart gets nothing again, and nothing is stored twice.
      await survivor.flush();
      expect(survivor.stats()).toMatchObject({ accepted: 1, failedBatches: 0 });
    } finally {
      await survivor.close();
      // Leave no persistent session behind on the shared broker.
      const cleaner = await mqtt.connectAsync(MQTT_URL, { clientId, clean: true });
      await cleaner.endAsync();
    }
    expect(await readingsAt(75)).toHaveLength(1);
  });

  it('gathers the uplinks that arrive while a batch commits into the next batch, acknowledging each after its own', async () => {
    const ownPrefix = `test-${randomBytes(4).toString('hex')}/`;
    const record = (fields: unknown, message: string) => void warnings.push(`${message} ${JSON.stringify(fields)}`);
    const service = createIngestService(database, { now: () => new Date(TEST_FARM_NOW.getTime() + 86_400_000) });
    // The first batch is held until the test lets it commit; what arrives meanwhile waits its turn.
    let letFirstCommit!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (letFirstCommit = resolve));
    const batches: number[] = [];
    const grouping = startMqttSubscriber({
      url: MQTT_URL,
      ingest: {
        ingest: async (readings) => {
          batches.push(readings.length);
          if (batches.length === 1) await firstMayCommit;
          return service.ingest(readings);
        },
      },
      logger: { warn: record, error: record } as never,
      topicPrefix: ownPrefix,
      shareGroup,
      flushIntervalMs: 5,
    });
    try {
      await grouping.ready;
      const send = (minutes: number) =>
        publisher.publishAsync(`${ownPrefix}application/7d1c7f43/device/${probe.deveui}/event/up`, uplink(minutes, { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } }), { qos: 1 });
      await send(90);
      await vi.waitFor(() => expect(batches).toEqual([1]), { timeout: 10_000, interval: 5 });
      for (let minutes = 105; minutes <= 165; minutes += 15) await send(minutes);
      await vi.waitFor(() => expect(grouping.stats().uplinks).toBe(6), { timeout: 10_000, interval: 5 });
      expect(grouping.stats().acknowledged).toBe(0);
      letFirstCommit();
      await vi.waitFor(() => expect(grouping.stats().acknowledged).toBe(6), { timeout: 10_000, interval: 5 });
      // One transaction for the five that came while the first was held, not five.
      expect(batches).toEqual([1, 5]);
      expect(grouping.stats()).toMatchObject({ accepted: 6, failedBatches: 0 });
      for (const minutes of [90, 105, 120, 135, 150, 165]) expect(await readingsAt(minutes)).toHaveLength(1);
    } finally {
      letFirstCommit();
      await grouping.close();
    }
  });

  it("takes the device from the topic: a body naming another DevEUI is refused, counted and logged; a body naming none is the topic's", async () => {
    const [other] = await database.query<{ deveui: string; nodoid: number }>(sql`
      select deveui, nodoid from sense.nodo where deveui is not null and nodoid <> ${probe.nodoid} order by nodoid limit 1`);
    const before = subscriber.stats();
    const object = { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } };
    const stored = async (nodoid: number, minutes: number) =>
      database.query(sql`select 1 from sense.medicion where nodoid = ${nodoid} and fecha = ${minutesAfter(TEST_FARM_NOW, minutes).toISOString()}::timestamptz`);
    // On the other node's topic, a body that says it is the probe's node: refused, not stored as either.
    await publish([{ topic: topicOf(other!.deveui), payload: uplink(180, object, probe.deveui) }]);
    expect(subscriber.stats().badUplinks['deveui-mismatch']).toBe((before.badUplinks['deveui-mismatch'] ?? 0) + 1);
    expect(await stored(probe.nodoid, 180)).toEqual([]);
    expect(await stored(other!.nodoid, 180)).toEqual([]);
    expect(warnings.join('\n')).toMatch(new RegExp(`deveui-mismatch.*${probe.deveui.toUpperCase()}|${probe.deveui.toUpperCase()}.*deveui-mismatch`));
    // The topic's device with no devEui in the body, and with its own in any case: stored.
    const withoutDevEui = JSON.parse(uplink(181, object)) as Record<string, unknown>;
    delete (withoutDevEui['deviceInfo'] as Record<string, unknown>)['devEui'];
    await publish([{ payload: JSON.stringify(withoutDevEui) }, { payload: uplink(182, object, probe.deveui.toLowerCase()) }]);
    expect(await readingsAt(181)).toHaveLength(1);
    expect(await readingsAt(182)).toHaveLength(1);
  });

  it('refuses an uplink dated more than 300 s ahead (FUTURE_DATE); one stored 24 h ahead earlier does not make a current breach late', async () => {
    const other = await findProbe(database, 1);
    const before = subscriber.stats();
    const object = { [String(other.tipoid)]: { [other.metricaabrev]: other.above } };
    const at = (offsetMinutes: number) => minutesAfter(serviceNow, offsetMinutes);
    const send = (fecha: Date) =>
      publish([{ topic: topicOf(other.deveui), payload: JSON.stringify({ ...JSON.parse(uplink(0, object, other.deveui)), time: fecha.toISOString() }) }]);
    await send(at(24 * 60));
    expect(subscriber.stats().rejected['FUTURE_DATE']).toBe((before.rejected['FUTURE_DATE'] ?? 0) + 1);
    expect(await database.query(sql`select 1 from sense.medicion where nodoid = ${other.nodoid} and fecha > ${serviceNow.toISOString()}::timestamptz`)).toEqual([]);

    // As a version that took dates a day ahead left it: the reading and the latest value.
    const [ahead] = await database.query<{ medicionid: number }>(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      values (${at(24 * 60).toISOString()}::timestamptz, ${other.inside}, ${other.nodoid}, ${other.tipoid}, ${other.metricaid}, ${other.ubicacionid})
      returning medicionid`);
    await database.query(sql`
      update sense.ultimamedicion set medicionid = ${ahead!.medicionid}, fecha = ${at(24 * 60).toISOString()}::timestamptz, medicion = ${other.inside}
       where nodoid = ${other.nodoid} and tipoid = ${other.tipoid} and metricaid = ${other.metricaid}`);
    await send(at(-1));
    const alerts = await database.query<{ statusid: number; open: boolean }>(sql`
      select a.statusid, e.fechafin is null as open from sense.alerta a
        join sense.medicion m on m.medicionid = a.medicionid
        join sense.episodio e on e.episodioid = a.episodioid
       where a.umbralid = ${other.umbralid} and m.fecha = ${at(-1).toISOString()}::timestamptz`);
    expect(alerts).toEqual([{ statusid: 1, open: true }]);
  });

  it('never receives a packet over 256 KB: the broker is told the limit, and the next uplink is stored', async () => {
    const before = subscriber.stats();
    await publisher.publishAsync(topicOf(probe.deveui), Buffer.alloc(MAX_PACKET_BYTES + 1024, 0x7b), { qos: 1 });
    await publish([{ payload: uplink(190, { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } }) }]);
    expect(await readingsAt(190)).toHaveLength(1);
    // Only the small one reached the subscriber.
    expect(subscriber.stats().uplinks).toBe(before.uplinks + 1);
  });

  it('drops the connection of a broker that announces a packet over the limit, before reading its body', async () => {
    // A hostile broker: it accepts the connection, then starts a 200 MB PUBLISH and streams it.
    let sent = 0;
    const closed = new Promise<void>((resolve) => {
      const server = createServer((socket: Socket) => {
        socket.on('error', () => undefined);
        socket.once('data', () => {
          socket.write(Buffer.from([0x20, 0x03, 0x00, 0x00, 0x00]));
          const announced = 200 * 1024 * 1024;
          const header = [0x30];
          for (let rest = announced; ; ) {
            const byte = rest % 128;
            rest = Math.floor(rest / 128);
            header.push(rest > 0 ? byte | 0x80 : byte);
            if (rest === 0) break;
          }
          socket.write(Buffer.from(header));
          const chunk = Buffer.alloc(1024 * 1024, 0x41);
          const pump = () => {
            while (sent < 16 && !socket.destroyed) {
              sent += 1;
              if (!socket.write(chunk)) return void socket.once('drain', pump);
            }
          };
          pump();
        });
        socket.once('close', () => {
          server.close();
          resolve();
        });
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        hostile = startMqttSubscriber({
          url: `mqtt://127.0.0.1:${port}`,
          ingest: { ingest: () => Promise.reject(new Error('nothing should be stored')) },
          logger: { warn: record, error: record } as never,
          topicPrefix: prefix,
          shareGroup,
        });
      });
    });
    const record = (fields: unknown, message: string) => void warnings.push(`${message} ${JSON.stringify(fields)}`);
    let hostile: ReturnType<typeof startMqttSubscriber> | undefined;
    try {
      await closed;
      expect(hostile?.stats().oversizePackets).toBe(1);
      expect(hostile?.stats().uplinks).toBe(0);
      expect(warnings.join('\n')).toContain('over the size limit');
    } finally {
      hostile?.kill();
    }
  });

  it('two instances in one shared group, one stopped gracefully: every later uplink is stored by the other', async () => {
    const group = `test-${randomBytes(4).toString('hex')}`;
    const ownPrefix = `test-${randomBytes(4).toString('hex')}/`;
    const ids = [`camposense-test-${randomBytes(4).toString('hex')}`, `camposense-test-${randomBytes(4).toString('hex')}`];
    const record = (fields: unknown, message: string) => void warnings.push(`${message} ${JSON.stringify(fields)}`);
    // Both with a persistent session (MQTT_CLIENT_ID), as deployments that want crash redelivery run.
    const [leaving, staying] = ids.map((clientId) =>
      startMqttSubscriber({
        url: MQTT_URL,
        ingest: createIngestService(database, { now: () => serviceNow }),
        logger: { warn: record, error: record } as never,
        topicPrefix: ownPrefix,
        shareGroup: group,
        flushIntervalMs: 5,
        clientId,
      }),
    );
    try {
      await Promise.all([leaving!.ready, staying!.ready]);
      await leaving!.close();
      const minutes = [200, 205, 210, 215, 220, 225];
      for (const minute of minutes) {
        await publisher.publishAsync(
          `${ownPrefix}application/7d1c7f43/device/${probe.deveui}/event/up`,
          uplink(minute, { [String(probe.tipoid)]: { [probe.metricaabrev]: probe.inside } }),
          { qos: 1 },
        );
      }
      await vi.waitFor(() => expect(staying!.stats().acknowledged).toBe(minutes.length), { timeout: 15_000, interval: 20 });
      for (const minute of minutes) expect(await readingsAt(minute)).toHaveLength(1);
      expect(staying!.stats()).toMatchObject({ uplinks: minutes.length, accepted: minutes.length });
      expect(leaving!.stats().uplinks).toBe(0);
    } finally {
      await staying!.close();
      // Leave no session behind on the shared broker, whatever happened above.
      for (const clientId of ids) await (await mqtt.connectAsync(MQTT_URL, { clientId, clean: true })).endAsync();
    }
  });
});
