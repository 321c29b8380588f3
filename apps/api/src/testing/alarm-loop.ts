/**
 * One probe's alarm loop, for suites that drive readings through the ingest and watch what the
 * notifier does: the test farm, a probe of the suite's own with test recipients (a reminder every
 * minute, escalation after two), no other node able to fall silent, and a notifier and an ingest
 * on one test clock a day after the farm's readings (so none of them is ahead of it).
 */
import type { TestDriver } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from './sense-context';
import type { SenseContext } from './sense-context';
import type { Notifier } from '@camposense/server-notify';
import { startNotifyHarness } from '@camposense/server-notify/testing';
import type { NotifyHarness } from '@camposense/server-notify/testing';
import { createTestRecipients } from '@camposense/server-notify/testing';

export interface AlarmLoop {
  context: SenseContext;
  probe: ProbeUnderTest;
  harness: NotifyHarness;
  /** A notifier watching since the epoch (it sees every episode the suite opens). */
  worker: Notifier;
  ingest: IngestService;
  /** The notifier's and the ingest's clock. */
  now(): Date;
  /** Moves the clock on by `minutes`. */
  advance(minutes: number): void;
  /** The date of the probe's next reading: a minute after its previous one, from the farm's end. */
  nextReadingAt(): Date;
  close(): Promise<void>;
}

/**
 * `probeOffset` picks a probe of the suite's own (suites sharing the PostgreSQL database use the
 * first ones); `recipientsTag` names its test profile and users.
 */
export async function openAlarmLoop(driver: TestDriver, { probeOffset, recipientsTag }: { probeOffset: number; recipientsTag: string }): Promise<AlarmLoop> {
  const context = await openSenseContext(driver);
  const probe = await findProbe(context.database, probeOffset);
  await createTestRecipients(context.database, [probe.umbralid], { frecuencia: 1, escalamiento: 2, escalon: 1 }, recipientsTag);
  await context.query(sql`update sense.nodo set ventanainactividad = 1000000`);
  let clock = minutesAfter(context.now, 24 * 60);
  let readingMinute = 0;
  const harness = await startNotifyHarness(context.database, () => clock);
  return {
    context,
    probe,
    harness,
    worker: harness.notifier({ watchingSince: new Date(0) }),
    ingest: createIngestService(context.database, { now: () => clock }),
    now: () => clock,
    advance: (minutes) => {
      clock = minutesAfter(clock, minutes);
    },
    nextReadingAt: () => {
      readingMinute += 1;
      return minutesAfter(context.now, readingMinute);
    },
    close: async () => {
      await harness.close();
      await closeSenseContext(context);
    },
  };
}
