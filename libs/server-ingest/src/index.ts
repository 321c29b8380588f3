// Readings in: the ingest service (HTTP batches and MQTT uplinks share it) and the MQTT subscriber.
export { IngestBusyError, createIngestService } from './ingest-service';
export type { IngestCommit, IngestReading, IngestResult, IngestService, IngestStatus, Rejection } from './ingest-service';
export { MAX_PACKET_BYTES, startMqttSubscriber } from './mqtt-subscriber';
export type { MqttSubscriber } from './mqtt-subscriber';
export { parseStatusEvent } from './chirpstack-status';
