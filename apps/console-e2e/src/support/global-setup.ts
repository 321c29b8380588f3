import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpReceiver } from '@camposense/api/testing/receivers';
import { startApiServerBundle } from '@camposense/api/testing/server-bundle';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { MQTT_URL, NOTIFY_MINUTE_MS } from './pipeline';
import { seedConsoleTemplate, startConsole } from './server';
import type { E2eConsole } from './worker-console';

/**
 * One production console (and its freshly seeded embedded database) per e2e worker, started the
 * way a farm runs it: subscribed to ChirpStack uplinks on the machine's Mosquitto (under a topic
 * prefix of its own, so other runs and the other worker's console neither take nor send its
 * uplinks) and telling alarms through a real SMTP server — `smtp-server` in this process, whose
 * mails are written one JSON line each to a file of that console's, which the journeys read.
 * Journey files run as many at a time as the project has workers, each on its worker's console, so
 * one file never sees another's edits or mails mid-journey. The demo farm is seeded once for the
 * run into a template folder, which every console (and a journey with a server of its own) copies.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, project.config.maxWorkers);
  const started: RunningWorkerConsole[] = [];
  // One Chromium for the run, which every journey connects to (support/browser.ts).
  const browserStart = chromium.launchServer({ headless: true, ...project.getProvidedContext().chromiumLaunchOptions });
  // Every console of the run, the workers' and the journeys' own, runs the server's bundle.
  const stopUsingBundle = await startApiServerBundle();
  const template = await seedConsoleTemplate().catch(async (error: unknown) => {
    await browserStart.then((browser) => browser.close()).catch(() => undefined);
    stopUsingBundle();
    throw error;
  });
  const removeRunFiles = () => {
    rmSync(template, { recursive: true, force: true });
    stopUsingBundle();
  };
  const results = await Promise.allSettled(Array.from({ length: count }, () => startWorkerConsole(template)));
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  const [browser] = await Promise.allSettled([browserStart]);
  const failure = [browser, ...results].find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure || browser.status === 'rejected') {
    await Promise.all(started.map((running) => running.stop()));
    if (browser.status === 'fulfilled') await browser.value.close();
    removeRunFiles();
    throw failure?.reason;
  }
  project.provide('consoles', started.map(({ baseUrl, mailFile, mqttTopicPrefix }) => ({ baseUrl, mailFile, mqttTopicPrefix })));
  project.provide('consoleTemplate', template);
  project.provide('chromiumEndpoint', browser.value.wsEndpoint());
  return async () => {
    await Promise.all([...started.map((running) => running.stop()), browser.value.close()]);
    removeRunFiles();
  };
}

interface RunningWorkerConsole extends E2eConsole {
  stop: () => Promise<void>;
}

async function startWorkerConsole(template: string): Promise<RunningWorkerConsole> {
  const folder = mkdtempSync(join(tmpdir(), 'camposense-e2e-mail-'));
  const mailFile = join(folder, 'mails.jsonl');
  appendFileSync(mailFile, '');
  const smtp = await startSmtpReceiver({ onMail: (mail) => appendFileSync(mailFile, `${JSON.stringify({ ...mail, at: Date.now() })}\n`) });
  const mqttTopicPrefix = `e2e-${randomBytes(6).toString('hex')}/`;
  let running;
  try {
    running = await startConsole(template, {
      MQTT_URL,
      MQTT_TOPIC_PREFIX: mqttTopicPrefix,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'CampoSense e2e <alarmas@e2e.camposense.test>',
      NOTIFY_MINUTE_MS: String(NOTIFY_MINUTE_MS),
      // A heartbeat a second: a console's watchdog notices a silent stream in 2.5 s (phone.e2e's lost signal).
      LIVE_HEARTBEAT_MS: '1000',
    });
  } catch (error) {
    await smtp.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const console_ = running;
  return {
    baseUrl: console_.baseUrl,
    mailFile,
    mqttTopicPrefix,
    stop: async () => {
      await console_.stop();
      await smtp.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
