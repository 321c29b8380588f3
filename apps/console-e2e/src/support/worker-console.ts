import { inject } from 'vitest';

/** One console the global setup started: its address, its mails and its MQTT topics. */
export interface E2eConsole {
  baseUrl: string;
  /** Where the test SMTP receiver of this console writes each mail it took, one JSON line each. */
  mailFile: string;
  /** This console's MQTT topic prefix (its MQTT_TOPIC_PREFIX). */
  mqttTopicPrefix: string;
}

/** The console of the worker running this file (Vitest numbers its workers from 1). */
export function workerConsole(): E2eConsole {
  const consoles = inject('consoles');
  const worker = Number(process.env['VITEST_POOL_ID'] ?? 1);
  const console_ = consoles[(worker - 1) % consoles.length];
  if (!console_) throw new Error('The e2e global setup started no console.');
  return console_;
}

declare module 'vitest' {
  export interface ProvidedContext {
    consoles: E2eConsole[];
    /** The run's seeded data folder, which a journey with a server of its own copies (support/server.ts). */
    consoleTemplate: string;
  }
}
