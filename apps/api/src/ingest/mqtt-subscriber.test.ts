import { randomBytes } from 'node:crypto';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedTestFarm, TEST_FARM_NOW } from '../testing/sense-farm';
import { closeTestApp, openTestApp } from '../testing/test-app';
import type { TestContext } from '../testing/test-app';
import { createIngestService } from './ingest-service';
import { startMqttSubscriber } from './mqtt-subscriber';
import type { MqttSubscriber } from './mqtt-subscriber';
import { findProbe, minutesAfter } from './testing/probes';
import type { ProbeUnderTest } from './testing/probes';

/** The Mosquitto the machine (and CI, through .ci/run) runs. */
const MQTT_URL = process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';

describe.each(testDrivers())('MQTT ingestion from ChirpStack uplinks on $kind', (driver) => {
  let context: TestContext;
  let database: Database;
  let probe: ProbeUnderTest;
  let subscriber: MqttSubscriber;
  let publisher: MqttClient;
  /** Topics of this run only: parallel runs on one broker do not see each other's uplinks. */
  const prefix = `test-${randomBytes(4).toString('hex')}/`;
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
      ingest: createIngestService(database, { now: () => new Date(TEST_FARM_NOW.getTime() + 86_400_000) }),
      logger,
      topicPrefix: prefix,
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
      { payload: Buffer.alloc(1024 * 1024, 0x7b) },
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
});
