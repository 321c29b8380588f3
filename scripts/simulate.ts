/**
 * npm run simulate -- [--mqtt URL | --http URL --key K] [--nodes N] [--rate R] [--breach-every S]
 *                     [--duration S] [--seed N]
 *
 * A farm that comes alive: the demo farm's nodes (their DevEUIs and probes, from the same seeded
 * plan `npm run seed` uses) send ChirpStack v4 uplinks — `application/{id}/device/{devEui}/event/up`,
 * JSON with deduplicationId, time, deviceInfo, devAddr, fCnt, fPort, data, object, rxInfo,
 * txInfo — over MQTT (QoS 1) to the broker the API subscribes to, or as readings to
 * POST /api/ingest/readings with an ingest key. Values follow diurnal curves around each crop's
 * field capacity and conductivity; every --breach-every seconds one uplink carries a value far
 * out of any band (a dry probe, a hot one), so an alarm fires.
 *
 * The radio too (issue 33): each uplink is heard by one to three gateways (`rxInfo[]` with rssi and
 * snr), its frame counter now and then skips a few (lost uplinks), and every --status-every uplinks
 * of a node it sends a ChirpStack status event (`event/status`, or POST /api/ingest/status over
 * HTTP) with its battery. The node whose battery the demo farm drains keeps draining (it drops below
 * 20 % within minutes), and the one the demo puts behind a weak gateway stays there (RSSI about
 * −122 dBm): the same two nodes as the seeded day, so running the simulator adds no third state.
 *
 *   --mqtt URL         e.g. mqtt://127.0.0.1:1883 (the default when neither is given)
 *   --http URL --key K the API's base URL and an ingest key (Parameters > Ingest keys)
 *   --nodes N          the first N nodes of the farm (60)
 *   --rate R           uplinks per second over the whole farm (2)
 *   --breach-every S   seconds between forced breaches (60; 0 = never)
 *   --duration S       stop after S seconds (run until Ctrl+C)
 *   --deveui HEX       only this node (e.g. for a demo or a test)
 *   --topic-prefix P   put P before application/… (the API's MQTT_TOPIC_PREFIX; tests on a shared broker)
 *   --status-every N   a status event (battery) every N uplinks of each node (5; 0 = never)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { planFarm, radioSubjects } from '@camposense/db';
import type { DemoNode } from '@camposense/db';
import mqtt from 'mqtt';

const DEMO_SEED = 42;
const APPLICATION_ID = '5b7c1f2e-8a43-4d1b-9c0e-2f6a7d3e1c10';

const { values: args } = parseArgs({
  options: {
    mqtt: { type: 'string' },
    http: { type: 'string' },
    key: { type: 'string' },
    nodes: { type: 'string', default: '60' },
    rate: { type: 'string', default: '2' },
    'breach-every': { type: 'string', default: '60' },
    duration: { type: 'string' },
    deveui: { type: 'string' },
    'topic-prefix': { type: 'string', default: '' },
    seed: { type: 'string', default: String(DEMO_SEED) },
    'status-every': { type: 'string', default: '5' },
  },
});

function positive(name: string, raw: string | undefined, allowZero = false): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    console.error(`--${name} no válido: ${raw}`);
    process.exit(2);
  }
  return value;
}

const rate = positive('rate', args.rate);
const breachEvery = positive('breach-every', args['breach-every'], true);
const duration = args.duration === undefined ? null : positive('duration', args.duration);
const statusEvery = positive('status-every', args['status-every'], true);
const farmPlan = planFarm(positive('seed', args.seed, true));
const farmNodes = farmPlan.nodes;
/** The node whose battery drains, and the one behind a weak gateway: the demo farm's own (its seeded day shows them so). */
const radioSubjectsOfFarm = radioSubjects(farmPlan);
const DRAINING = radioSubjectsOfFarm?.draining.deveui;
const WEAK_LINK = radioSubjectsOfFarm?.weakLink.deveui;
let nodes = farmNodes.slice(0, positive('nodes', args.nodes));
if (args.deveui) nodes = nodes.filter((node) => node.deveui.toLowerCase() === args.deveui!.toLowerCase());
if (nodes.length === 0) {
  console.error('ningún nodo del campo demo coincide');
  process.exit(2);
}
if (args.http && !args.key) {
  console.error('--http necesita --key (una clave de ingesta)');
  process.exit(2);
}

type Values = Record<string, Record<string, number>>;

/** Soil values of one node now: a day's temperature wave (damped with depth), moisture and EC. */
function valuesOf(node: DemoNode, at: Date, breach: boolean): Values {
  const { crop, fundo } = node.lot;
  const hour = (at.getUTCHours() + at.getUTCMinutes() / 60 + (fundo.latitude < -20 ? -3 : -5) + 24) % 24;
  const object: Values = {};
  node.depths.forEach((depth, index) => {
    const damping = Math.exp(-depth / 40);
    const noise = () => (Math.random() - 0.5) * 2;
    const temp = 19 + 5 * damping * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + 0.2 * noise();
    const hum = crop.fieldCapacity * (0.82 + 0.04 * index) + 0.4 * noise();
    const ec = crop.conductivity * (1 + 0.05 * index) + 0.03 * noise();
    object[`Sonda suelo ${depth} cm`] = {
      TEMP: Math.round(temp * 100) / 100,
      HUM: Math.round(hum * 10) / 10,
      EC: Math.round(ec * 100) / 100,
    };
  });
  if (breach) {
    // The shallowest probe dries out: far below any moisture band.
    const first = Object.values(object)[0];
    if (first) first['HUM'] = 2;
  }
  return object;
}

const frameCounters = new Map<string, number>();
const GATEWAYS = ['a84041ffff1f2a3b', 'a84041ffff1f2a3c', '0016c001ff10a235'];
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The gateways that heard an uplink: one to three, the nearest strongest; the weak-link node barely reaches one. */
function rxInfoOf(node: DemoNode) {
  if (node.deveui === WEAK_LINK) {
    return [{ gatewayId: GATEWAYS[2]!, rssi: -119 - Math.floor(Math.random() * 6), snr: round1(-14 + Math.random() * 6) }];
  }
  const heardBy = 1 + Math.floor(Math.random() * 3);
  return GATEWAYS.slice(0, heardBy).map((gatewayId, index) => ({
    gatewayId,
    rssi: -65 - 15 * index - Math.floor(Math.random() * 30),
    snr: round1(9 - 4 * index + (Math.random() - 0.5) * 4),
  }));
}

/** The next frame counter: one more, or (one uplink in 25) a few more, as when the air lost some. */
function nextFrameCounter(node: DemoNode): number {
  const lost = Math.random() < 0.04 ? 1 + Math.floor(Math.random() * 3) : 0;
  const fCnt = (frameCounters.get(node.deveui) ?? Math.floor(Math.random() * 1000)) + 1 + lost;
  frameCounters.set(node.deveui, fCnt);
  return fCnt;
}

const batteries = new Map<string, number>();
/** A node's battery now: the draining node loses 3 % per status event (down to 1 %), the others a trace. */
function batteryOf(node: DemoNode): number {
  const start = node.deveui === DRAINING ? 35 : 70 + Math.random() * 30;
  const level = Math.max(1, (batteries.get(node.deveui) ?? start) - (node.deveui === DRAINING ? 3 : 0.05));
  batteries.set(node.deveui, level);
  return round1(level);
}

function statusEvent(node: DemoNode, at: Date) {
  return {
    deduplicationId: randomUUID(),
    time: at.toISOString(),
    deviceInfo: { applicationId: APPLICATION_ID, applicationName: 'campo-demo', deviceName: node.nodo, devEui: node.deveui.toLowerCase() },
    margin: Math.floor(Math.random() * 20) - (node.deveui === WEAK_LINK ? 15 : 0),
    externalPowerSource: false,
    batteryLevelUnavailable: false,
    batteryLevel: batteryOf(node),
  };
}

function uplink(node: DemoNode, at: Date, object: Values) {
  const fCnt = nextFrameCounter(node);
  return {
    deduplicationId: randomUUID(),
    time: at.toISOString(),
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'CampoSense',
      applicationId: APPLICATION_ID,
      applicationName: 'campo-demo',
      deviceProfileId: 'a1b2c3d4-0000-4000-8000-000000000001',
      deviceProfileName: 'Sonda de suelo',
      deviceName: node.nodo,
      devEui: node.deveui.toLowerCase(),
      tags: { fundo: node.lot.fundo.fundoabrev, lote: node.lot.ubicacionabrev },
    },
    devAddr: randomBytes(4).toString('hex'),
    adr: true,
    dr: 5,
    fCnt,
    fPort: 2,
    confirmed: false,
    data: Buffer.from(JSON.stringify(object)).toString('base64'),
    object,
    rxInfo: rxInfoOf(node).map((gateway) => ({ ...gateway, uplinkId: Math.floor(Math.random() * 65535), context: randomBytes(4).toString('base64') })),
    txInfo: { frequency: 915200000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
  };
}

interface Sender {
  send(node: DemoNode, at: Date, object: Values): Promise<void>;
  sendStatus(node: DemoNode, at: Date): Promise<void>;
  close(): Promise<void>;
}

async function mqttSender(url: string): Promise<Sender> {
  const client = await mqtt.connectAsync(url, { clientId: `camposense-simulator-${randomBytes(4).toString('hex')}` });
  return {
    async send(node, at, object) {
      const topic = `${args['topic-prefix']}application/${APPLICATION_ID}/device/${node.deveui.toLowerCase()}/event/up`;
      await client.publishAsync(topic, JSON.stringify(uplink(node, at, object)), { qos: 1 });
    },
    async sendStatus(node, at) {
      const topic = `${args['topic-prefix']}application/${APPLICATION_ID}/device/${node.deveui.toLowerCase()}/event/status`;
      await client.publishAsync(topic, JSON.stringify(statusEvent(node, at)), { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}

function httpSender(base: string, key: string): Sender {
  const post = async (path: string, body: unknown, nodo: string) => {
    const response = await fetch(new URL(path, base), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { accepted?: number; rejected?: unknown[] };
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(answer)}`);
    if (answer.rejected && answer.rejected.length > 0) console.warn(`${nodo}: ${JSON.stringify(answer.rejected)}`);
  };
  return {
    async send(node, at, object) {
      const readings = Object.entries(object).flatMap(([tipo, metrics]) =>
        Object.entries(metrics).map(([metricaabrev, medicion]) => ({ deveui: node.deveui, tipo, metricaabrev, fecha: at.toISOString(), medicion })),
      );
      await post('/api/ingest/readings', { readings }, node.nodo);
    },
    sendStatus: (node, at) => post('/api/ingest/status', { events: [statusEvent(node, at)] }, node.nodo),
    close: async () => undefined,
  };
}

async function main(): Promise<void> {
  const target = args.http ? `HTTP ${args.http}` : `MQTT ${args.mqtt ?? 'mqtt://127.0.0.1:1883'}`;
  const sender = args.http ? httpSender(args.http, args.key!) : await mqttSender(args.mqtt ?? 'mqtt://127.0.0.1:1883');
  console.info(
    `simulando ${nodes.length} nodos → ${target}: ${rate} uplinks/s` +
      (breachEvery > 0 ? `, una lectura fuera de rango cada ${breachEvery} s` : '') +
      (duration ? `, durante ${duration} s` : ' (Ctrl+C para parar)'),
  );
  let sent = 0;
  let breaches = 0;
  let statuses = 0;
  let failures = 0;
  let next = 0;
  let nextBreach = breachEvery > 0 ? Date.now() + breachEvery * 1000 : Number.POSITIVE_INFINITY;
  const started = Date.now();
  let stopping = false;
  process.once('SIGINT', () => (stopping = true));
  process.once('SIGTERM', () => (stopping = true));
  while (!stopping && (duration === null || Date.now() - started < duration * 1000)) {
    const node = nodes[next % nodes.length]!;
    next += 1;
    const at = new Date();
    const breach = Date.now() >= nextBreach;
    if (breach) nextBreach = Date.now() + breachEvery * 1000;
    try {
      await sender.send(node, at, valuesOf(node, at, breach));
      sent += 1;
      // Every node's statusEvery-th uplink: its first round of nodes sends a status at once.
      const round = Math.floor((next - 1) / nodes.length);
      if (statusEvery > 0 && round % statusEvery === 0) {
        await sender.sendStatus(node, at);
        statuses += 1;
      }
      if (breach) {
        breaches += 1;
        console.info(`${at.toISOString()} ${node.nodo} (${node.deveui}): humedad 2 % — fuera de rango`);
      }
    } catch (error) {
      failures += 1;
      console.error(`${node.nodo}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
  }
  await sender.close();
  console.info(`enviados ${sent} uplinks (${breaches} fuera de rango, ${failures} fallidos) y ${statuses} eventos de estado`);
  if (sent === 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
