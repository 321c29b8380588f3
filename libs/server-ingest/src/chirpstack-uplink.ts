/**
 * ChirpStack v4 uplinks (its MQTT integration's `event/up`, JSON marshaler) → readings, per
 * alarms.md: the topic's DevEUI names the node (a body whose `deviceInfo.devEui` names another is
 * refused: whoever may publish on one device's topic must not write another's readings), `time`
 * (else the receipt time) is the reading's
 * date, and `object` carries `{ "<metricaabrev>": value }` for a node with one probe or
 * `{ "<tipoid or tipo>": { "<metricaabrev>": value } }` for a node with several. The radio's view
 * (issue 33) comes from `rxInfo[]` (the gateway that heard the uplink best: its `rssi`, `snr`,
 * `gatewayId`) and `fCnt`; an uplink whose codec gave no `object` still has it, and it is kept.
 */
import type { IngestReading, IngestReception } from './ingest-service';

/** Uplinks larger than this are refused unread (a codec's object is a few hundred bytes). */
export const MAX_UPLINK_BYTES = 64 * 1024;

export type BadUplinkReason = 'too-large' | 'malformed-json' | 'no-deveui' | 'deveui-mismatch' | 'no-object' | 'bad-value' | 'bad-radio';

export interface ParsedUplink {
  /** The topic's DevEUI, lower case. */
  deveui: string | null;
  /** The body's `deviceInfo.devEui` when it names another device (the uplink is then refused). */
  claimedDeveui?: string;
  readings: Array<IngestReading & { label: string }>;
  /** Values that could not become readings (not finite numbers, wrong nesting), with why. */
  bad: Array<{ reason: BadUplinkReason; label: string }>;
  /** Set when the uplink's values are unusable as a whole (its radio view may still be kept). */
  refused: BadUplinkReason | null;
  /** The best gateway and the frame counter, when the uplink names both soundly. */
  radio: IngestReception | null;
}

const DEVEUI = /^[0-9a-fA-F]{16}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The DevEUI in `application/{id}/device/{devEui}/event/{event}`: the device the event is of. */
export function deveuiOfTopic(topic: string, event: 'up' | 'status' = 'up'): string | null {
  const match = /(?:^|\/)application\/[^/]+\/device\/([^/]+)\/event\/([a-z]+)$/.exec(topic);
  return match?.[1] && match[2] === event && DEVEUI.test(match[1]) ? match[1] : null;
}

/** LoRaWAN frame counters are 32 bits. */
const MAX_FCNT = 4_294_967_295;
const GATEWAY_ID = /^[0-9a-fA-F]{16}$/;
const within = (value: unknown, low: number, high: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high;

/**
 * The gateway that heard the uplink best (highest RSSI, then SNR) and the frame counter, or why
 * not: every `rxInfo` entry with a sound RSSI (-200..20 dBm), SNR (-50..50 dB) and gateway id is a
 * candidate; an uplink with no such entry or no 32-bit `fCnt` has no radio view ('bad-radio').
 * Null when the uplink has no `rxInfo` at all (a sender that is not a network server).
 */
export function radioOfUplink(body: Record<string, unknown>, deveui: string, fecha: string): IngestReception | 'bad-radio' | null {
  const { rxInfo, fCnt } = body;
  if (rxInfo === undefined) return null;
  if (!Array.isArray(rxInfo) || !Number.isInteger(fCnt) || !within(fCnt, 0, MAX_FCNT)) return 'bad-radio';
  let best: { rssi: number; snr: number; gatewayId: string } | null = null;
  // A gateway list beyond a few hundred is not a radio network; the size limit bounds it anyway.
  for (const entry of rxInfo.slice(0, 500)) {
    if (!isObject(entry)) continue;
    const { rssi, snr, gatewayId } = entry;
    if (!within(rssi, -200, 20) || !within(snr, -50, 50) || typeof gatewayId !== 'string' || !GATEWAY_ID.test(gatewayId)) continue;
    if (!best || rssi > best.rssi || (rssi === best.rssi && snr > best.snr)) best = { rssi, snr, gatewayId: gatewayId.toLowerCase() };
  }
  if (!best) return 'bad-radio';
  return { deveui, fecha, fcnt: fCnt, rssi: best.rssi, snr: best.snr, gatewayId: best.gatewayId };
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
  const empty = (refused: BadUplinkReason, deveui: string | null = null): ParsedUplink => ({ deveui, readings: [], bad: [], refused, radio: null });
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
  const time = typeof body['time'] === 'string' && !Number.isNaN(Date.parse(body['time'])) ? body['time'] : receivedAt.toISOString();
  const radio = radioOfUplink(body, deveui, time);
  const radioView = typeof radio === 'string' ? null : radio;
  const radioBad = radio === 'bad-radio' ? [{ reason: 'bad-radio' as const, label: 'rxInfo' }] : [];
  const object = body['object'];
  if (!isObject(object) || Object.keys(object).length === 0) return { ...empty('no-object', deveui), bad: radioBad, radio: radioView };
  const base = { deveui, fecha: time };

  const parsed: ParsedUplink = { deveui, readings: [], bad: radioBad, refused: null, radio: radioView };
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
