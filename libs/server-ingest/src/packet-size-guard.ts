/**
 * MQTT.js compares a packet with `maximumPacketSize` only once it has parsed it whole, so a broker
 * that ignores the limit we announce (or anyone in the middle) could make it buffer a 200 MB
 * packet. This reads the fixed header of each packet as the bytes arrive (a type byte, then the
 * remaining length in one to four bytes of seven bits) and says so as soon as one announces more
 * than the limit, before its body is read.
 */
export function packetSizeGuard(limit: number, refuse: (announcedBytes: number) => void): (chunk: Buffer) => void {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  /** Body bytes of the current packet still to pass. */
  let remaining = 0;
  let refused = false;

  return (chunk) => {
    let offset = 0;
    while (!refused && offset < chunk.length) {
      if (state === 'type') {
        offset += 1;
        state = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
      } else if (state === 'length') {
        const byte = chunk[offset] ?? 0;
        offset += 1;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes += 1;
        if (byte & 0x80) {
          // A fifth length byte is not MQTT: refuse it as the largest packet there can be.
          if (lengthBytes === 4) {
            refused = true;
            refuse(Number.POSITIVE_INFINITY);
          }
          continue;
        }
        const size = 1 + lengthBytes + length;
        if (size > limit) {
          refused = true;
          refuse(size);
          return;
        }
        remaining = length;
        state = remaining === 0 ? 'type' : 'body';
      } else {
        const passed = Math.min(remaining, chunk.length - offset);
        offset += passed;
        remaining -= passed;
        if (remaining === 0) state = 'type';
      }
    }
  };
}
