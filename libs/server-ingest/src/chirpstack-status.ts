/**
 * ChirpStack v4 device status events (`event/status`, the answer to the DevStatusReq MAC command)
 * → a device status (issue 33): `batteryLevel` in percent (none when `batteryLevelUnavailable`),
 * `margin` (dB) and `externalPowerSource`. The same care as uplinks: a size limit, the topic's
 * DevEUI names the device (a body naming another is refused), and a value of the wrong kind or out
 * of range refuses the event with the field that was wrong, never a guess.
 */
import { deveuiOfTopic, MAX_UPLINK_BYTES } from './chirpstack-uplink';
import type { IngestStatus } from './ingest-service';

export type BadStatusReason = 'too-large' | 'malformed-json' | 'no-deveui' | 'deveui-mismatch' | 'bad-value';

export type ParsedStatus =
  | { status: IngestStatus; refused: null; deveui: string }
  | { status: null; refused: BadStatusReason; deveui: string | null; claimedDeveui?: string; field?: string };

const DEVEUI = /^[0-9a-fA-F]{16}$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One status event's body. `topicDeveui` is the MQTT topic's device (null over HTTP, where the
 * body's `deviceInfo.devEui` names it). ChirpStack's JSON leaves out fields at their zero value, so
 * a missing `margin` is unknown (null), a missing flag is false, and a missing `batteryLevel` is
 * unknown rather than an empty battery.
 */
export function parseStatusEvent(body: unknown, topicDeveui: string | null, receivedAt: Date): ParsedStatus {
  if (!isObject(body)) return { status: null, refused: 'malformed-json', deveui: topicDeveui };
  const info = isObject(body['deviceInfo']) ? body['deviceInfo'] : {};
  const claimed = info['devEui'];
  if (topicDeveui === null) {
    if (typeof claimed !== 'string' || !DEVEUI.test(claimed)) return { status: null, refused: 'no-deveui', deveui: null, field: 'deviceInfo.devEui' };
  } else if (claimed !== undefined && (typeof claimed !== 'string' || claimed.toLowerCase() !== topicDeveui)) {
    return { status: null, refused: 'deveui-mismatch', deveui: topicDeveui, claimedDeveui: String(claimed).slice(0, 40) };
  }
  const deveui = (topicDeveui ?? (claimed as string)).toLowerCase();
  const bad = (field: string): ParsedStatus => ({ status: null, refused: 'bad-value', deveui, field });
  const { batteryLevel, batteryLevelUnavailable, margin, externalPowerSource, time } = body;
  if (batteryLevelUnavailable !== undefined && typeof batteryLevelUnavailable !== 'boolean') return bad('batteryLevelUnavailable');
  if (externalPowerSource !== undefined && typeof externalPowerSource !== 'boolean') return bad('externalPowerSource');
  if (batteryLevel !== undefined && (typeof batteryLevel !== 'number' || !Number.isFinite(batteryLevel) || batteryLevel < 0 || batteryLevel > 100)) {
    return bad('batteryLevel');
  }
  // LoRaWAN's DevStatusAns margin is 6 bits signed (-32..31 dB).
  if (margin !== undefined && (!Number.isInteger(margin) || (margin as number) < -32 || (margin as number) > 31)) return bad('margin');
  if (time !== undefined && (typeof time !== 'string' || time.length > 40 || Number.isNaN(Date.parse(time)))) return bad('time');
  return {
    status: {
      deveui,
      fecha: time ?? receivedAt.toISOString(),
      nivelbateria: batteryLevelUnavailable === true || batteryLevel === undefined ? null : batteryLevel,
      margen: margin === undefined ? null : (margin as number),
      externa: externalPowerSource === true,
    },
    refused: null,
    deveui,
  };
}

/** A status event as MQTT delivers it: the topic's DevEUI, the payload's bytes. */
export function parseStatusMessage(topic: string, payload: Buffer, receivedAt: Date): ParsedStatus {
  const topicDeveui = deveuiOfTopic(topic, 'status')?.toLowerCase() ?? null;
  if (payload.length > MAX_UPLINK_BYTES) return { status: null, refused: 'too-large', deveui: topicDeveui };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { status: null, refused: 'malformed-json', deveui: topicDeveui };
  }
  if (topicDeveui === null) return { status: null, refused: 'no-deveui', deveui: null };
  return parseStatusEvent(body, topicDeveui, receivedAt);
}
