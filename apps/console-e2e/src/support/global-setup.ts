import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpReceiver } from '@camposense/api/testing/receivers';
import type { TestProject } from 'vitest/node';
import { MQTT_URL, NOTIFY_MINUTE_MS } from './pipeline';
import { startConsole } from './server';

/**
 * One production console (and its freshly seeded embedded database) for every journey, started
 * the way a farm runs it: subscribed to ChirpStack uplinks on the machine's Mosquitto (under a
 * topic prefix of this run's own, so other runs on the broker neither take nor send ours) and
 * telling alarms through a real SMTP server — `smtp-server` in this process, whose mails are
 * written one JSON line each to a file the journeys read (they run in other workers).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'camposense-e2e-mail-'));
  const mailFile = join(folder, 'mails.jsonl');
  appendFileSync(mailFile, '');
  const smtp = await startSmtpReceiver({ onMail: (mail) => appendFileSync(mailFile, `${JSON.stringify({ ...mail, at: Date.now() })}\n`) });
  const topicPrefix = `e2e-${randomBytes(6).toString('hex')}/`;
  let running;
  try {
    running = await startConsole({
      MQTT_URL,
      MQTT_TOPIC_PREFIX: topicPrefix,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'CampoSense e2e <alarmas@e2e.camposense.test>',
      NOTIFY_MINUTE_MS: String(NOTIFY_MINUTE_MS),
    });
  } catch (error) {
    await smtp.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', running.baseUrl);
  project.provide('mailFile', mailFile);
  project.provide('mqttTopicPrefix', topicPrefix);
  const console_ = running;
  return async () => {
    await console_.stop();
    await smtp.close();
    rmSync(folder, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the test SMTP receiver writes each mail it took, one JSON line each. */
    mailFile: string;
    /** This run's MQTT topic prefix (the server's MQTT_TOPIC_PREFIX). */
    mqttTopicPrefix: string;
  }
}
