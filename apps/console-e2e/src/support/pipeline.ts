/**
 * What the sensor-to-alarm journey needs besides the browser: the broker, this run's topics, the
 * mails the test SMTP receiver took, ChirpStack uplinks published like ChirpStack does, and the
 * API's own answers (read as an admin over HTTP) to pick a threshold to break.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { planFarm } from '@camposense/db';
import type { UmbralScopeResponse } from '@camposense/domain';
import mqtt from 'mqtt';
import { workerConsole } from './worker-console';

export const MQTT_URL = process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
/**
 * One notification "minute" lasts this long in the e2e server: the demo's Media criticality
 * (repeat every 60, escalate after 120) repeats every 3 s and escalates after 6 s.
 */
export const NOTIFY_MINUTE_MS = 50;
/** The application id this run's uplinks name (any id: the server subscribes to application/+). */
export const E2E_APPLICATION_ID = randomUUID();

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ReceivedMail {
  to: string[];
  subject: string;
  language: string;
  text: string;
  /** When the receiver took it (ms since the epoch). */
  at: number;
}

/** Every mail the test SMTP receiver has taken so far. */
export function receivedMails(): ReceivedMail[] {
  return readFileSync(workerConsole().mailFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

export type UplinkObject = Record<string, Record<string, number>>;

/** Publishes ChirpStack v4 uplinks (QoS 1) on this run's topics. */
export async function uplinkPublisher() {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `camposense-e2e-${randomUUID().slice(0, 8)}` });
  let fCnt = 0;
  return {
    async publish(deveui: string, object: UplinkObject, time = new Date()): Promise<void> {
      fCnt += 1;
      const devEui = deveui.toLowerCase();
      const uplink = {
        deduplicationId: randomUUID(),
        time: time.toISOString(),
        deviceInfo: { applicationId: E2E_APPLICATION_ID, applicationName: 'e2e', deviceName: devEui, devEui },
        fCnt,
        fPort: 2,
        data: Buffer.from(JSON.stringify(object)).toString('base64'),
        object,
      };
      await client.publishAsync(`${workerConsole().mqttTopicPrefix}application/${E2E_APPLICATION_ID}/device/${devEui}/event/up`, JSON.stringify(uplink), {
        qos: 1,
      });
    },
    close: () => client.endAsync(),
  };
}

/** `npm run simulate` for one node of the demo farm on this run's topics, as a user starts it. */
export function startSimulator(deveui: string, { rate, duration }: { rate: number; duration: number }): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/simulate.ts',
      '--mqtt',
      MQTT_URL,
      '--topic-prefix',
      workerConsole().mqttTopicPrefix,
      '--deveui',
      deveui,
      '--rate',
      String(rate),
      '--duration',
      String(duration),
      '--breach-every',
      '0',
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

/** An admin's bearer token, through the login call. */
export async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = (await response.json()) as { session?: { access_token?: string } };
  const token = answer.session?.access_token;
  if (!response.ok || !token) throw new Error(`login failed: ${response.status} ${JSON.stringify(answer)}`);
  return token;
}

export async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo farm's plan, as the server seeded it (the simulator's DevEUIs come from it too). */
export const FARM = planFarm(42);
const METRIC_KEYS: Record<string, string> = { Temperatura: 'TEMP', Humedad: 'HUM', Electroconductividad: 'EC' };

type ScopeNode = UmbralScopeResponse['ubicaciones'][number]['nodos'][number];
type ScopeMetric = ScopeNode['sondas'][number]['metricas'][number];

/** A threshold of the seeded farm a journey can break: its node as planned and the uplink that carries a value. */
export interface FarmThreshold {
  threshold: ScopeMetric['umbrales'][number];
  metrica: string;
  /** The profiles told of it. */
  perfiles: string[];
  node: (typeof FARM.nodes)[number];
  /** The uplink object of one reading of this probe and metric. */
  object: (value: number) => UplinkObject;
}

/** Every threshold of the thresholds scope whose node the farm plan knows and whose metric an uplink can carry. */
export function* farmThresholds(scope: UmbralScopeResponse): Generator<FarmThreshold> {
  for (const location of scope.ubicaciones)
    for (const node of location.nodos)
      for (const probe of node.sondas)
        for (const metric of probe.metricas) {
          const key = METRIC_KEYS[metric.metrica];
          const planned = FARM.nodes.find((candidate) => candidate.nodo === node.nodo);
          if (!key || !planned) continue;
          for (const threshold of metric.umbrales) {
            yield {
              threshold,
              metrica: metric.metrica,
              perfiles: Array.isArray(threshold.perfiles) ? threshold.perfiles.map((profile) => profile.perfil) : [],
              node: planned,
              object: (value) => ({ [probe.tipo]: { [key]: value } }),
            };
          }
        }
}
