/**
 * ChirpStack uplinks over MQTT (alarms.md, "LoRaWAN through ChirpStack v4, over MQTT"): a shared
 * subscription, so several API instances take each uplink once; values batched into the ingest
 * service. A bad uplink or value is counted and logged with its reason and never stops the
 * subscriber or the good values of the same uplink.
 *
 * A QoS 1 uplink is acknowledged (PUBACK) only once the batch holding its values has committed,
 * in the order the uplinks came: a process killed mid-batch has acknowledged nothing it had not
 * stored, and the broker delivers the rest again (to the same MQTT_CLIENT_ID's persistent session,
 * or to another instance); the reading key makes the re-delivery a duplicate, never a second row.
 * MQTT.js acknowledges as soon as the 'message' listener returns and offers only a one-at-a-time
 * hook (`handleMessage`, `customHandleAcks`), which would make every uplink its own transaction;
 * so its PUBACK packets are held at the client's packet writer and released by the commit.
 *
 * A persistent session (MQTT_CLIENT_ID) keeps its place in the shared subscription while its
 * instance is away, and the broker goes on queueing every other uplink for it. So the client
 * speaks MQTT 5: the session expires SESSION_EXPIRY_SECONDS after a crash (its queue with it: the
 * price of not keeping it for ever), and a graceful stop unsubscribes, stores and acknowledges what
 * it holds, then ends the session at once (DISCONNECT with a session expiry of 0), so the group's
 * other members take every later uplink. docs/operations.md says how to retire a client id by hand.
 */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { parseUplink } from './chirpstack-uplink';
import { parseStatusMessage } from './chirpstack-status';
import { packetSizeGuard } from './packet-size-guard';
import type { BadUplinkReason } from './chirpstack-uplink';
import type { BadStatusReason } from './chirpstack-status';
import { MAX_BATCH_READINGS } from '@camposense/domain';
import type { IngestReading, IngestReception, IngestService, IngestStatus } from './ingest-service';

/** Instances of one deployment share uplinks through this group. */
export const SHARED_GROUP = 'camposense';
/** The largest MQTT packet the client takes (announced to the broker, and enforced as bytes arrive). */
export const MAX_PACKET_BYTES = 256 * 1024;
/** How long the broker keeps a persistent session (MQTT_CLIENT_ID) whose instance went away without a word. */
export const SESSION_EXPIRY_SECONDS = 300;

export interface MqttSubscriberOptions {
  url: string;
  ingest: IngestService;
  /** Where refused uplinks and failures are told (the app's pino logger). */
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Put before `application/…`: tests use a prefix of their own per run. @default '' */
  topicPrefix?: string;
  /** Readings pending that start a batch at once (otherwise after flushIntervalMs); a batch waiting its turn takes up to MAX_BATCH_READINGS. @default 2000 */
  batchSize?: number;
  /** Longest wait before a partial batch is stored, in ms (short: a batch waiting its turn gathers more anyway). @default 10 */
  flushIntervalMs?: number;
  /**
   * MQTT_CLIENT_ID: a stable id per instance gives it a persistent session (clean: false), so
   * uplinks it had not acknowledged when it died are delivered again when it comes back.
   * @default a random id with a clean session
   */
  clientId?: string | undefined;
  /** A batch whose transaction fails is tried this many times before its uplinks are left unacknowledged. @default 3 */
  storeAttempts?: number;
  /** The shared subscription's group (tests use one of their own per run). @default SHARED_GROUP */
  shareGroup?: string;
  /** See SESSION_EXPIRY_SECONDS; only with clientId. @default SESSION_EXPIRY_SECONDS */
  sessionExpirySeconds?: number;
  /** See MAX_PACKET_BYTES. @default MAX_PACKET_BYTES */
  maxPacketBytes?: number;
}

export interface MqttIngestStats {
  uplinks: number;
  /** QoS 1 uplinks acknowledged to the broker (their batch committed). */
  acknowledged: number;
  accepted: number;
  duplicates: number;
  /** Uplinks refused whole, and single values refused, by reason. */
  badUplinks: Partial<Record<BadUplinkReason, number>>;
  rejected: Partial<Record<string, number>>;
  /** Device status events received (`event/status`), stored, re-delivered, and refused whole by reason. */
  statusEvents: number;
  statusesAccepted: number;
  statusesDuplicates: number;
  badStatuses: Partial<Record<BadStatusReason, number>>;
  /** Uplinks' radio views stored, and re-delivered ones. */
  receptionsAccepted: number;
  receptionsDuplicates: number;
  /** Batches whose transaction failed (their readings were not stored). */
  failedBatches: number;
  /** Packets refused for their announced size (the connection is dropped before the body is read). */
  oversizePackets: number;
}

export interface MqttSubscriber {
  /** Resolves once subscribed. */
  ready: Promise<void>;
  stats(): MqttIngestStats;
  /** Stores what is pending (resolves when it is stored). */
  flush(): Promise<void>;
  /** A graceful stop: leaves the shared subscription, stores and acknowledges what it took, ends the session. */
  close(): Promise<void>;
  /** Drops the connection at once, storing and acknowledging nothing more (a kill -9, for tests). */
  kill(): void;
}

export function uplinkTopic(topicPrefix = '', shareGroup = SHARED_GROUP, event: 'up' | 'status' = 'up'): string {
  return `$share/${shareGroup}/${topicPrefix}application/+/device/+/event/${event}`;
}

export function startMqttSubscriber(options: MqttSubscriberOptions): MqttSubscriber {
  const { ingest, logger } = options;
  const batchSize = options.batchSize ?? 2000;
  const flushIntervalMs = options.flushIntervalMs ?? 10;
  const stats: MqttIngestStats = {
    uplinks: 0,
    acknowledged: 0,
    accepted: 0,
    duplicates: 0,
    badUplinks: {},
    rejected: {},
    statusEvents: 0,
    statusesAccepted: 0,
    statusesDuplicates: 0,
    badStatuses: {},
    receptionsAccepted: 0,
    receptionsDuplicates: 0,
    failedBatches: 0,
    oversizePackets: 0,
  };
  const count = (bucket: Partial<Record<string, number>>, key: string) => {
    bucket[key] = (bucket[key] ?? 0) + 1;
  };

  type Labelled = IngestReading & { label: string };
  /** What one message brought: an uplink's readings and radio view, or a status event. */
  interface Message {
    readings: Labelled[];
    receptions: IngestReception[];
    statuses: IngestStatus[];
    messageId: number | undefined;
  }
  interface Batch {
    readings: Labelled[];
    receptions: IngestReception[];
    statuses: IngestStatus[];
  }
  /** Messages received and not yet in a batch, in arrival order, each with its MQTT message id. */
  let pending: Message[] = [];
  let pendingReadings = 0;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  /** A batch is waiting on the chain and has not yet taken what is pending. */
  let batchQueued = false;
  const storeAttempts = options.storeAttempts ?? 3;

  const store = async (batch: Batch): Promise<boolean> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await storeOnce(batch);
        return true;
      } catch (error) {
        if (attempt >= storeAttempts) {
          stats.failedBatches += 1;
          logger.error({ err: error, readings: batch.readings.length }, 'mqtt batch could not be stored; its uplinks stay unacknowledged');
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      }
    }
  };
  const storeOnce = async (batch: Batch) => {
    const result = await ingest.ingest(batch.readings, { receptions: batch.receptions, statuses: batch.statuses });
    stats.accepted += result.accepted;
    stats.duplicates += result.duplicates;
    stats.receptionsAccepted += result.receptions.accepted;
    stats.receptionsDuplicates += result.receptions.duplicates;
    stats.statusesAccepted += result.statuses.accepted;
    stats.statusesDuplicates += result.statuses.duplicates;
    for (const rejection of result.rejected) {
      count(stats.rejected, rejection.code);
      const reading = batch.readings[rejection.index];
      logger.warn({ deveui: reading?.deveui, value: reading?.label, code: rejection.code }, `mqtt uplink value refused: ${rejection.message}`);
    }
    for (const rejection of result.receptions.rejected) {
      count(stats.rejected, rejection.code);
      logger.warn({ deveui: batch.receptions[rejection.index]?.deveui, code: rejection.code }, `mqtt uplink radio view refused: ${rejection.message}`);
    }
    for (const rejection of result.statuses.rejected) {
      count(stats.rejected, rejection.code);
      logger.warn({ deveui: batch.statuses[rejection.index]?.deveui, code: rejection.code }, `mqtt status event refused: ${rejection.message}`);
    }
  };
  const sizeOf = (message: Message) => message.readings.length + message.receptions.length + message.statuses.length;
  /** Whole messages from the front of `pending`, up to MAX_BATCH_READINGS items (at least one message). */
  const takeBatch = () => {
    let items = 0;
    let messages = 0;
    while (messages < pending.length && (messages === 0 || items + sizeOf(pending[messages]!) <= MAX_BATCH_READINGS)) {
      items += sizeOf(pending[messages]!);
      messages += 1;
    }
    const taken = pending.slice(0, messages);
    pending = pending.slice(messages);
    pendingReadings -= items;
    return {
      batch: {
        readings: taken.flatMap((message) => message.readings),
        receptions: taken.flatMap((message) => message.receptions),
        statuses: taken.flatMap((message) => message.statuses),
      },
      items,
      ids: taken.flatMap((message) => (message.messageId === undefined ? [] : [message.messageId])),
    };
  };
  // One batch at a time, so the uplinks of one probe stay in order and so do the acknowledgements.
  // A batch takes what is pending when its turn comes, not when it was asked for: while one
  // commits, the uplinks arriving meanwhile become the next batch (a group commit), so batches
  // grow with the rate and each transaction's fixed cost is shared by more readings.
  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.length > 0 && !batchQueued) {
      batchQueued = true;
      chain = chain.then(async () => {
        batchQueued = false;
        const { batch, items, ids } = takeBatch();
        const stored = items === 0 || (await store(batch));
        if (stored) for (const id of ids) release(id);
        if (pending.length > 0) void flush();
      });
    }
    return chain;
  };

  const maxPacketBytes = options.maxPacketBytes ?? MAX_PACKET_BYTES;
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: options.clientId ?? `camposense-${randomBytes(6).toString('hex')}`,
    clean: !options.clientId,
    protocolVersion: 5,
    properties: {
      // The broker must not send larger packets (MQTT 5, 3.1.2.11.4); Mosquitto drops them.
      maximumPacketSize: maxPacketBytes,
      ...(options.clientId ? { sessionExpiryInterval: options.sessionExpirySeconds ?? SESSION_EXPIRY_SECONDS } : {}),
    },
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    // Connected below, once every connection's bytes pass the packet-size guard.
    manualConnect: true,
  });
  // Each connection (and reconnection) is watched from its first byte; this listener is added
  // before MQTT.js pipes the stream into its parser, so it sees each chunk first.
  const builder = client as unknown as { streamBuilder: (client: MqttClient) => NodeJS.ReadWriteStream & { destroy(error?: Error): void } };
  const buildStream = builder.streamBuilder;
  builder.streamBuilder = (target) => {
    const stream = buildStream(target);
    stream.on(
      'data',
      packetSizeGuard(maxPacketBytes, (announced) => {
        stats.oversizePackets += 1;
        logger.error({ announcedBytes: announced, maxPacketBytes }, 'mqtt packet over the size limit refused unread; connection dropped');
        stream.destroy(new Error(`mqtt: a packet of ${announced} bytes is over the limit of ${maxPacketBytes}`));
      }),
    );
    return stream;
  };
  client.connect();

  // Hold each PUBACK until its uplink's batch has committed (see the comment at the top).
  type AckPacket = { cmd: string; messageId?: number };
  const writer = client as unknown as { _sendPacket(packet: AckPacket, callback?: (error?: Error) => void, ...rest: unknown[]): void };
  const sendPacket = writer._sendPacket.bind(client);
  const held = new Map<number, AckPacket>();
  const committed = new Set<number>();
  writer._sendPacket = (packet, callback, ...rest) => {
    if (packet.cmd === 'puback' && packet.messageId !== undefined && !committed.delete(packet.messageId)) {
      held.set(packet.messageId, packet);
      // MQTT.js reads the next packet once this one is "sent".
      callback?.();
      return;
    }
    sendPacket(packet, callback, ...rest);
  };
  const release = (messageId: number) => {
    stats.acknowledged += 1;
    const packet = held.get(messageId);
    if (packet) {
      held.delete(messageId);
      if (client.connected) sendPacket(packet);
    } else committed.add(messageId);
  };
  // Acknowledgements held for a connection that is gone are void: the broker delivers those again.
  client.on('close', () => held.clear());
  const topics = [uplinkTopic(options.topicPrefix, options.shareGroup), uplinkTopic(options.topicPrefix, options.shareGroup, 'status')];
  const ready = new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      client.subscribe(topics, { qos: 1 }, (error) => (error ? reject(error) : resolve()));
    });
    client.once('error', reject);
  });
  ready.catch(() => undefined);
  client.on('error', (error) => logger.error({ err: error }, 'mqtt connection error'));
  const enqueue = (message: Message) => {
    pending.push(message);
    pendingReadings += sizeOf(message);
    if (pendingReadings >= batchSize) void flush();
    else if (!timer) timer = setTimeout(() => void flush(), flushIntervalMs);
  };
  const onStatus = (messageTopic: string, payload: Buffer, messageId: number | undefined) => {
    stats.statusEvents += 1;
    const parsed = parseStatusMessage(messageTopic, payload, new Date());
    if (parsed.refused) {
      count(stats.badStatuses, parsed.refused);
      logger.warn(
        { topic: messageTopic.slice(0, 200), deveui: parsed.deveui, claimedDeveui: parsed.claimedDeveui, field: parsed.field, bytes: payload.length, reason: parsed.refused },
        'mqtt status event refused',
      );
    }
    // A refused event is acknowledged with the batch it arrived in, in order: it would be refused again.
    enqueue({ readings: [], receptions: [], statuses: parsed.status ? [parsed.status] : [], messageId });
  };
  client.on('message', (messageTopic, payload, packet) => {
    const messageId = packet.qos > 0 ? packet.messageId : undefined;
    if (messageTopic.endsWith('/event/status')) {
      onStatus(messageTopic, payload, messageId);
      return;
    }
    stats.uplinks += 1;
    const uplink = parseUplink(messageTopic, payload, new Date());
    for (const bad of uplink.bad) {
      count(stats.badUplinks, bad.reason);
      logger.warn({ deveui: uplink.deveui, value: bad.label.slice(0, 100), reason: bad.reason }, 'mqtt uplink value refused');
    }
    const receptions = uplink.radio ? [uplink.radio] : [];
    if (uplink.refused) {
      count(stats.badUplinks, uplink.refused);
      logger.warn(
        { topic: messageTopic.slice(0, 200), deveui: uplink.deveui, claimedDeveui: uplink.claimedDeveui, bytes: payload.length, reason: uplink.refused },
        'mqtt uplink refused',
      );
      // Acknowledged with the batch it arrived in (in order); its values would be refused again,
      // and its radio view (an uplink without a codec's object) is kept.
      enqueue({ readings: [], receptions, statuses: [], messageId });
      return;
    }
    enqueue({ readings: uplink.readings, receptions, statuses: [], messageId });
  });

  return {
    ready,
    stats: () => structuredClone(stats),
    flush,
    async close() {
      // Out of the group first, so the broker routes nothing more here; then what already came is
      // stored and acknowledged; then the session ends with the connection, queue and place alike.
      if (client.connected) await client.unsubscribeAsync(topics).catch((error: unknown) => logger.warn({ err: error }, 'mqtt unsubscribe failed'));
      await flush();
      await new Promise<void>((resolve) => client.end(false, { properties: { sessionExpiryInterval: 0 } }, () => resolve()));
    },
    kill() {
      if (timer) clearTimeout(timer);
      held.clear();
      client.stream.destroy();
      client.end(true);
    },
  };
}
