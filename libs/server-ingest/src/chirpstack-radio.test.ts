import { describe, expect, it } from 'vitest';
import { parseStatusEvent, parseStatusMessage } from './chirpstack-status';
import { parseUplink } from './chirpstack-uplink';

const DEVEUI = 'a84041000181c0de';
const received = new Date('2026-11-01T12:00:00Z');
const upTopic = `application/app-1/device/${DEVEUI}/event/up`;
const statusTopic = `application/app-1/device/${DEVEUI}/event/status`;
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the radio view of a ChirpStack uplink', () => {
  const uplink = (fields: Record<string, unknown>) =>
    parseUplink(upTopic, json({ time: '2026-11-01T11:00:00Z', deviceInfo: { devEui: DEVEUI.toUpperCase() }, object: { T: 20 }, ...fields }), received);

  it('keeps the gateway that heard it best (RSSI, then SNR), its id in lower case, and the frame counter', () => {
    const parsed = uplink({
      fCnt: 4123,
      rxInfo: [
        { gatewayId: '0016C001FF10A235', rssi: -97, snr: 7.5 },
        { gatewayId: '0016c001ff10a236', rssi: -90, snr: 2 },
        { gatewayId: '0016c001ff10a237', rssi: -90, snr: 4.25 },
      ],
    });
    expect(parsed.radio).toEqual({ deveui: DEVEUI, fecha: '2026-11-01T11:00:00Z', fcnt: 4123, rssi: -90, snr: 4.25, gatewayId: '0016c001ff10a237' });
    expect(parsed.readings).toHaveLength(1);
    expect(parsed.bad).toEqual([]);
  });

  it('skips unsound gateways and refuses a radio view with none left, or without a 32-bit counter, keeping the values', () => {
    const hostile = uplink({
      fCnt: 7,
      rxInfo: [
        { gatewayId: '0016c001ff10a235', rssi: '-97', snr: 7 },
        { gatewayId: '0016c001ff10a235', rssi: -97, snr: Number.MAX_VALUE },
        { gatewayId: 'not-a-gateway-id', rssi: -97, snr: 7 },
        { gatewayId: '0016c001ff10a235', rssi: 500, snr: 7 },
        null,
        [1, 2],
      ],
    });
    expect(hostile.radio).toBeNull();
    expect(hostile.bad).toEqual([{ reason: 'bad-radio', label: 'rxInfo' }]);
    expect(hostile.readings).toHaveLength(1);
    const sound = [{ gatewayId: '0016c001ff10a235', rssi: -97, snr: 7 }];
    for (const fCnt of [-1, 1.5, 2 ** 32, '12', null]) expect(uplink({ fCnt, rxInfo: sound }).radio, String(fCnt)).toBeNull();
    expect(uplink({ rxInfo: 'lots' }).bad).toEqual([{ reason: 'bad-radio', label: 'rxInfo' }]);
    // No rxInfo at all: a sender that is not a network server, nothing to complain of.
    expect(uplink({ fCnt: 3 })).toMatchObject({ radio: null, bad: [] });
  });

  it("keeps the radio view of an uplink without the codec's object, and none of one for another device", () => {
    const rxInfo = [{ gatewayId: '0016c001ff10a235', rssi: -120.5, snr: -3 }];
    const noObject = parseUplink(upTopic, json({ deviceInfo: { devEui: DEVEUI }, fCnt: 0, rxInfo }), received);
    expect(noObject.refused).toBe('no-object');
    expect(noObject.radio).toMatchObject({ fcnt: 0, rssi: -120.5, fecha: received.toISOString() });
    const spoofed = parseUplink(upTopic, json({ deviceInfo: { devEui: 'ffffffffffff0001' }, fCnt: 1, rxInfo, object: { T: 1 } }), received);
    expect(spoofed).toMatchObject({ refused: 'deveui-mismatch', radio: null });
  });
});

describe('a ChirpStack status event', () => {
  it('reads battery, margin and power source; a missing field is unknown, an unavailable battery null', () => {
    const full = parseStatusMessage(
      statusTopic,
      json({ time: '2026-11-01T11:00:00Z', deviceInfo: { devEui: DEVEUI }, batteryLevel: 87.5, margin: 9, externalPowerSource: false }),
      received,
    );
    expect(full).toEqual({ refused: null, deveui: DEVEUI, status: { deveui: DEVEUI, fecha: '2026-11-01T11:00:00Z', nivelbateria: 87.5, margen: 9, externa: false } });
    const unavailable = parseStatusMessage(statusTopic, json({ batteryLevel: 0, batteryLevelUnavailable: true, externalPowerSource: true }), received);
    expect(unavailable.status).toEqual({ deveui: DEVEUI, fecha: received.toISOString(), nivelbateria: null, margen: null, externa: true });
  });

  it('refuses, naming the field, what is not a status: wrong kinds, out of range, another device, too large, not JSON', () => {
    const field = (body: Record<string, unknown>) => {
      const parsed = parseStatusMessage(statusTopic, json(body), received);
      return parsed.refused === 'bad-value' ? parsed.field : parsed.refused;
    };
    expect(field({ batteryLevel: 101 })).toBe('batteryLevel');
    expect(field({ batteryLevel: -0.5 })).toBe('batteryLevel');
    expect(field({ batteryLevel: '87' })).toBe('batteryLevel');
    expect(field({ margin: 9.5 })).toBe('margin');
    expect(field({ margin: 64 })).toBe('margin');
    expect(field({ externalPowerSource: 'yes' })).toBe('externalPowerSource');
    expect(field({ batteryLevelUnavailable: 1 })).toBe('batteryLevelUnavailable');
    expect(field({ time: 'yesterday' })).toBe('time');
    expect(field({ time: 12 })).toBe('time');
    expect(field({ deviceInfo: { devEui: 'ffffffffffff0001' }, batteryLevel: 50 })).toBe('deveui-mismatch');
    expect(parseStatusMessage(statusTopic, Buffer.alloc(70 * 1024, 0x20), received).refused).toBe('too-large');
    expect(parseStatusMessage(statusTopic, Buffer.from('{nope'), received).refused).toBe('malformed-json');
    expect(parseStatusMessage(statusTopic, json([1]), received).refused).toBe('malformed-json');
    expect(parseStatusMessage(`application/1/device/${DEVEUI}/event/up`, json({}), received).refused).toBe('no-deveui');
    expect(parseStatusMessage('application/1/device/zz/event/status', json({}), received).refused).toBe('no-deveui');
  });

  it('over HTTP the body names the device: without a sound devEui it is refused', () => {
    expect(parseStatusEvent({ deviceInfo: { devEui: DEVEUI.toUpperCase() }, batteryLevel: 15 }, null, received).status).toMatchObject({
      deveui: DEVEUI,
      nivelbateria: 15,
    });
    expect(parseStatusEvent({ batteryLevel: 15 }, null, received).refused).toBe('no-deveui');
    expect(parseStatusEvent({ deviceInfo: { devEui: 'a84041000181c0d' } }, null, received).refused).toBe('no-deveui');
  });
});
