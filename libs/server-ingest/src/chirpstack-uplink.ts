/**
 * ChirpStack v4 uplinks (its MQTT integration's `event/up`, JSON marshaler) → readings, per
 * alarms.md: the topic's DevEUI names the node (a body whose `deviceInfo.devEui` names another is
 * refused: whoever may publish on one device's topic must not write another's readings), `time`
 * (else the receipt time) is the reading's
 * date, and `object` carries `{ "<metricaabrev>": value }` for a node with one probe or
 * `{ "<tipoid or tipo>": { "<metricaabrev>": value } }` for a node with several.
 */
import type { IngestReading } from './ingest-service';

/** Uplinks larger than this are refused unread (a codec's object is a few hundred bytes). */
export const MAX_UPLINK_BYTES = 64 * 1024;

export type BadUplinkReason = 'too-large' | 'malformed-json' | 'no-deveui' | 'deveui-mismatch' | 'no-object' | 'bad-value';

export interface ParsedUplink {
  /** The topic's DevEUI, lower case. */
  deveui: string | null;
  /** The body's `deviceInfo.devEui` when it names another device (the uplink is then refused). */
  claimedDeveui?: string;
  readings: Array<IngestReading & { label: string }>;
  /** Values that could not become readings (not finite numbers, wrong nesting), with why. */
  bad: Array<{ reason: BadUplinkReason; label: string }>;
  /** Set when the uplink as a whole is unusable. */
  refused: BadUplinkReason | null;
}

const DEVEUI = /^[0-9a-fA-F]{16}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The DevEUI in `application/{id}/device/{devEui}/event/up`: the device the uplink is of. */
export function deveuiOfTopic(topic: string): string | null {
  const match = /(?:^|\/)application\/[^/]+\/device\/([^/]+)\/event\/up$/.exec(topic);
  return match?.[1] && DEVEUI.test(match[1]) ? match[1] : null;
}

function valueReading(
  base: { deveui: string; fecha: string },
  metricaabrev: string,
  value: unknown,
  probe: string | undefined,
): (IngestReading & { label: string }) | { reason: BadUplinkReason; label: string } {
  const label = probe === undefined ? metricaabrev : `${probe}.${metricaabrev}`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'bad-value', label };
  if (metricaabrev.length === 0 || metricaabrev.length > 10) return { reason: 'bad-value', label };
  const tipo =
    probe === undefined ? {} : /^[1-9][0-9]{0,8}$/.test(probe) ? { tipoid: Number(probe) } : { tipo: probe.slice(0, 200) };
  return { ...base, ...tipo, metricaabrev, medicion: value, label };
}

export function parseUplink(topic: string, payload: Buffer, receivedAt: Date): ParsedUplink {
  const empty = (refused: BadUplinkReason, deveui: string | null = null): ParsedUplink => ({ deveui, readings: [], bad: [], refused });
  if (payload.length > MAX_UPLINK_BYTES) return empty('too-large', deveuiOfTopic(topic));
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return empty('malformed-json', deveuiOfTopic(topic));
  }
  if (!isObject(body)) return empty('malformed-json', deveuiOfTopic(topic));
  const ofTopic = deveuiOfTopic(topic);
  if (!ofTopic) return empty('no-deveui');
  const deveui = ofTopic.toLowerCase();
  const info = isObject(body['deviceInfo']) ? body['deviceInfo'] : {};
  const claimed = info['devEui'];
  if (claimed !== undefined && (typeof claimed !== 'string' || claimed.toLowerCase() !== deveui)) {
    return { ...empty('deveui-mismatch', deveui), claimedDeveui: String(claimed).slice(0, 40) };
  }
  const object = body['object'];
  if (!isObject(object) || Object.keys(object).length === 0) return empty('no-object', deveui);
  const time = typeof body['time'] === 'string' && !Number.isNaN(Date.parse(body['time'])) ? body['time'] : receivedAt.toISOString();
  const base = { deveui, fecha: time };

  const parsed: ParsedUplink = { deveui, readings: [], bad: [], refused: null };
  const take = (result: ReturnType<typeof valueReading>) => {
    if ('reason' in result) parsed.bad.push(result);
    else parsed.readings.push(result);
  };
  for (const [key, value] of Object.entries(object)) {
    if (isObject(value)) {
      for (const [metric, inner] of Object.entries(value)) take(valueReading(base, metric, inner, key));
    } else {
      take(valueReading(base, key, value, undefined));
    }
  }
  return parsed;
}
