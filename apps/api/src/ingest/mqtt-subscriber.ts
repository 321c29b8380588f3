/**
 * ChirpStack uplinks over MQTT (alarms.md, "LoRaWAN through ChirpStack v4, over MQTT"): a shared
 * subscription, so several API instances take each uplink once; values batched into the ingest
 * service. A bad uplink or value is counted and logged with its reason and never stops the
 * subscriber or the good values of the same uplink.
 */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { parseUplink } from './chirpstack-uplink';
import type { BadUplinkReason } from './chirpstack-uplink';
import type { IngestReading, IngestService } from './ingest-service';

/** Instances of one deployment share uplinks through this group. */
export const SHARED_GROUP = 'camposense';

export interface MqttSubscriberOptions {
  url: string;
  ingest: IngestService;
  /** Where refused uplinks and failures are told (the app's pino logger). */
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Put before `application/…`: tests use a prefix of their own per run. @default '' */
  topicPrefix?: string;
  /** Readings per ingest batch. @default 2000 */
  batchSize?: number;
  /** Longest wait before a partial batch is stored, in ms. @default 100 */
  flushIntervalMs?: number;
}

export interface MqttIngestStats {
  uplinks: number;
  accepted: number;
  duplicates: number;
  /** Uplinks refused whole, and single values refused, by reason. */
  badUplinks: Partial<Record<BadUplinkReason, number>>;
  rejected: Partial<Record<string, number>>;
  /** Batches whose transaction failed (their readings were not stored). */
  failedBatches: number;
}

export interface MqttSubscriber {
  /** Resolves once subscribed. */
  ready: Promise<void>;
  stats(): MqttIngestStats;
  /** Stores what is pending (resolves when it is stored). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function uplinkTopic(topicPrefix = ''): string {
  return `$share/${SHARED_GROUP}/${topicPrefix}application/+/device/+/event/up`;
}

export function startMqttSubscriber(options: MqttSubscriberOptions): MqttSubscriber {
  const { ingest, logger } = options;
  const batchSize = options.batchSize ?? 2000;
  const flushIntervalMs = options.flushIntervalMs ?? 100;
  const stats: MqttIngestStats = { uplinks: 0, accepted: 0, duplicates: 0, badUplinks: {}, rejected: {}, failedBatches: 0 };
  const count = (bucket: Partial<Record<string, number>>, key: string) => {
    bucket[key] = (bucket[key] ?? 0) + 1;
  };

  let pending: Array<IngestReading & { label: string }> = [];
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const store = async (batch: Array<IngestReading & { label: string }>) => {
    try {
      const result = await ingest.ingest(batch);
      stats.accepted += result.accepted;
      stats.duplicates += result.duplicates;
      for (const rejection of result.rejected) {
        count(stats.rejected, rejection.code);
        const reading = batch[rejection.index];
        logger.warn({ deveui: reading?.deveui, value: reading?.label, code: rejection.code }, `mqtt uplink value refused: ${rejection.message}`);
      }
    } catch (error) {
      stats.failedBatches += 1;
      logger.error({ err: error, readings: batch.length }, 'mqtt batch could not be stored');
    }
  };
  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.length > 0) {
      const batch = pending;
      pending = [];
      // One batch at a time: batches of one probe stay in order.
      chain = chain.then(() => store(batch));
    }
    return chain;
  };

  const client: MqttClient = mqtt.connect(options.url, {
    clientId: `camposense-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  const topic = uplinkTopic(options.topicPrefix);
  const ready = new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      client.subscribe(topic, { qos: 1 }, (error) => (error ? reject(error) : resolve()));
    });
    client.once('error', reject);
  });
  ready.catch(() => undefined);
  client.on('error', (error) => logger.error({ err: error }, 'mqtt connection error'));
  client.on('message', (messageTopic, payload) => {
    stats.uplinks += 1;
    const uplink = parseUplink(messageTopic, payload, new Date());
    if (uplink.refused) {
      count(stats.badUplinks, uplink.refused);
      logger.warn({ topic: messageTopic.slice(0, 200), deveui: uplink.deveui, bytes: payload.length, reason: uplink.refused }, 'mqtt uplink refused');
      return;
    }
    for (const bad of uplink.bad) {
      count(stats.badUplinks, bad.reason);
      logger.warn({ deveui: uplink.deveui, value: bad.label.slice(0, 100), reason: bad.reason }, 'mqtt uplink value refused');
    }
    pending.push(...uplink.readings);
    if (pending.length >= batchSize) void flush();
    else if (!timer) timer = setTimeout(() => void flush(), flushIntervalMs);
  });

  return {
    ready,
    stats: () => structuredClone(stats),
    flush,
    async close() {
      await flush();
      await client.endAsync();
    },
  };
}
