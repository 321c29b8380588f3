/**
 * Issue 15's "Done when" journey, on the production build: ChirpStack uplinks over the machine's
 * Mosquitto (the simulator, then a publisher in the test) reach an open dashboard's chart without a
 * reload; a reading out of a threshold's band makes an active alert in the alerts report and
 * e-mails in the test SMTP receiver; left unacknowledged it escalates to the boss profile's users;
 * acknowledged in the report, its repeats stop. One notification minute lasts NOTIFY_MINUTE_MS.
 */
import type { UmbralScopeResponse } from '@camposense/domain';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeEpisode } from './support/acknowledge';
import { apiGet, apiToken, FARM, farmThresholds, NOTIFY_MINUTE_MS, receivedMails, startSimulator, uplinkPublisher } from './support/pipeline';
import type { ReceivedMail, UplinkObject } from './support/pipeline';
import { ADMIN_EMAIL, baseUrl, DEMO_PASSWORD, DESKTOP, journeyPage, openSignedIn, OPERATOR_EMAIL } from './support/session';

/** The demo's Media criticality: repeat every 60 minutes, escalate after 120, one level. */
const MEDIA = { frecuencia: 60, escalamiento: 120 };
const OPERATORS_PE = ['luis.mamani@camposense.dev', 'pedro.flores@camposense.dev'];
const SUPERVISOR_PE = 'rosa.huaman@camposense.dev';

interface Target {
  umbral: string;
  deveui: string;
  object: (value: number) => UplinkObject;
  minimo: number;
  maximo: number;
}

/** A Media threshold of a Peruvian node told only to 'Operador Perú' (whose boss is 'Supervisor Perú'). */
function pickThreshold(scope: UmbralScopeResponse, avoidNode?: string): Target {
  for (const { threshold, perfiles, node, object } of farmThresholds(scope)) {
    if (
      threshold.grado === 2 &&
      threshold.statusid === 1 &&
      threshold.minimo !== null &&
      threshold.maximo !== null &&
      perfiles.length === 1 &&
      perfiles[0] === 'Operador Perú' &&
      node.nodo !== avoidNode
    ) {
      return { umbral: threshold.umbral, deveui: node.deveui, object, minimo: threshold.minimo, maximo: threshold.maximo };
    }
  }
  throw new Error('the demo farm has no Media threshold told only to Operador Perú');
}

/** The mails about one threshold (its label between the criticality and the node) taken since `since`. */
const mailsAbout = (umbral: string, since: number): ReceivedMail[] =>
  receivedMails().filter((mail) => mail.at >= since && mail.subject.includes(`] ${umbral}:`));
const recipientsOf = (mails: readonly ReceivedMail[]) => new Set(mails.flatMap((mail) => mail.to));
const describeMails = (mails: readonly ReceivedMail[]) => JSON.stringify(mails.map(({ to, subject, at }) => ({ to, subject, at })));
const readingCount = async (chart: Locator) => Number((await chart.getAttribute('data-reading-count')) ?? -1);

describe('from a ChirpStack uplink to a chart, an alert, an e-mail, an escalation and an acknowledgement', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let publisher: Awaited<ReturnType<typeof uplinkPublisher>>;
  let token: string;
  let target: Target | undefined;
  /** The node the first journey's uplinks went to: its readings may have opened episodes of their own. */
  let simulatedNode: string | undefined;
  /** When the breach of the second journey was published: older mails are another episode's. */
  let breachedAt = 0;

  beforeAll(async () => {
    publisher = await uplinkPublisher();
    token = await apiToken(baseUrl(), ADMIN_EMAIL, DEMO_PASSWORD);
  });

  afterAll(async () => {
    // Leave no open episode behind: a reading back inside the band closes it (no more repeats).
    if (publisher && target) await publisher.publish(target.deveui, target.object((target.minimo + target.maximo) / 2));
    await publisher?.close();
  });

  it('grows an open dashboard chart with the simulator\'s uplinks and then one more publish, without a reload', async () => {
    const { page } = journey;
    await page.goto(`${baseUrl()}/dashboard`);
    for (const [label, option] of [
      ['FUNDO', /^Fundo San José/],
      ['ENTIDAD', /^Palta/],
      ['UBICACIÓN', /^Lote/],
    ] as const) {
      const combobox = page.getByRole('combobox', { name: label });
      await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
      await combobox.click();
      await page.getByRole('option', { name: option }).first().click();
    }
    const option = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first();
    await option.waitFor({ timeout: 30_000 });
    const nodeName = ((await option.textContent()) ?? '').match(/NODO-[A-Z]+-\d+/)?.[0];
    const node = FARM.nodes.find((candidate) => candidate.nodo === nodeName);
    expect(node, `a demo node named in "${await option.textContent()}"`).toBeDefined();
    simulatedNode = node!.nodo;
    await option.click();
    const chart = page.getByRole('img', { name: /^Gráfico de Humedad/ });
    await expect.poll(() => readingCount(chart), { timeout: 30_000 }).toBeGreaterThan(0);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    // The simulator (npm run simulate) publishing this node's uplinks for a few seconds.
    const before = await readingCount(chart);
    // Its start (tsx compiling it) may take seconds on a loaded machine: count from its exit.
    const simulator = startSimulator(node!.deveui, { rate: 2, duration: 4 });
    expect(await simulator.exited).toBe(0);
    await expect.poll(() => readingCount(chart), { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(before + 4);

    // One more uplink, timed from its publish to the chart drawing it.
    await page.waitForTimeout(1_000);
    const settled = await readingCount(chart);
    const published = Date.now();
    await publisher.publish(node!.deveui, { [`Sonda suelo ${node!.depths[0]} cm`]: { HUM: 30 } });
    await expect.poll(() => readingCount(chart), { timeout: 5_000, interval: 25 }).toBe(settled + 1);
    // How fast is for `npm run bench:ingest` (publish to stream) on a quiet machine, not for a test.
    console.info(`publish → chart: ${Date.now() - published} ms`);
    expect(navigations).toEqual([]);
  });

  it('turns a reading outside the band into an active alert in the report and e-mails to the threshold\'s profile', async () => {
    const { page } = journey;
    // A threshold of another node than the simulated one, whose live readings may have broken theirs.
    target = pickThreshold(await apiGet<UmbralScopeResponse>(baseUrl(), token, '/sense/umbrales'), simulatedNode);
    const { umbral } = target;
    // Inside the band first: any episode of this threshold left by the seed is closed, and a round
    // already handed to the carrier has time to arrive before the breach.
    await publisher.publish(target.deveui, target.object((target.minimo + target.maximo) / 2), new Date(Date.now() - 1_000));
    await page.waitForTimeout(1_500);
    breachedAt = Date.now();
    const breach = Math.round((target.minimo - 5) * 100) / 100;
    await publisher.publish(target.deveui, target.object(breach));
    await expect.poll(() => mailsAbout(umbral, breachedAt).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const first = mailsAbout(umbral, breachedAt);
    const recipients = recipientsOf(first);
    expect(OPERATORS_PE.some((address) => recipients.has(address)), `the operators among ${describeMails(first)}`).toBe(true);
    expect(recipients.has(SUPERVISOR_PE), `no supervisor yet among ${describeMails(first)}`).toBe(false);
    expect(first[0]!.language).toBe('es');

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }).click();
    await page.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'ALERTAS' }).click();
    // The state filter sits in the report's filter panel (issue 16, item 4).
    await page.getByLabel('Estado', { exact: true }).selectOption('activa');
    const row = page.getByRole('table', { name: 'Alertas' }).getByRole('row').filter({ hasText: umbral });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Reconocer');
  });

  it('repeats every frecuencia and escalates to the boss profile after escalamiento, then stops once acknowledged in the report', async () => {
    const { page } = journey;
    expect(target, 'the threshold the previous journey broke').toBeDefined();
    const { umbral } = target!;
    const escalatedAfter = MEDIA.escalamiento * NOTIFY_MINUTE_MS;
    await expect
      .poll(() => mailsAbout(umbral, breachedAt).some((mail) => mail.to.includes(SUPERVISOR_PE)), { timeout: escalatedAfter + 15_000 })
      .toBe(true);
    const mails = mailsAbout(umbral, breachedAt);
    const escalation = mails.find((mail) => mail.to.includes(SUPERVISOR_PE))!;
    // Not before its minute, counted from the breach that opened the episode (not from the first
    // mail, which a loaded machine may deliver late).
    expect(escalation.at - breachedAt).toBeGreaterThanOrEqual(escalatedAfter);
    // The operators were told again meanwhile: repeats every frecuencia.
    const toOperators = mails.filter((mail) => mail.to.some((address) => OPERATORS_PE.includes(address)));
    expect(toOperators.length).toBeGreaterThan(new Set(toOperators.flatMap((mail) => mail.to)).size);

    // The read-only operator takes charge (issue 28 item 4): the row's action says how many alerts the
    // episode holds, asks before acting, takes a note, and confirms with a toast.
    const operator = await openSignedIn(DESKTOP, OPERATOR_EMAIL);
    try {
      const reader = operator.page;
      await reader.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }).click();
      await reader.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'ALERTAS' }).click();
      await reader.getByLabel('Estado', { exact: true }).selectOption('activa');
      const row = reader.getByRole('table', { name: 'Alertas' }).getByRole('row').filter({ hasText: umbral });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await acknowledgeEpisode(reader, row, { note: 'Riego revisado en campo' });
      // Processed now: it leaves the active ones, and the processed ones name who and when.
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
      await reader.getByLabel('Estado', { exact: true }).selectOption('procesada');
      const processed = reader.getByRole('table', { name: 'Alertas' }).getByRole('row').filter({ hasText: umbral }).first();
      await expect.poll(async () => (await processed.textContent()) ?? '', { timeout: 10_000 }).toContain('Oscar Operador');
      expect(await processed.textContent()).not.toContain(OPERATOR_EMAIL);
    } finally {
      await operator.browser.close();
    }
    // What is already handed over may still arrive; after that, nothing more for a few repeat periods.
    await page.waitForTimeout(2_000);
    const afterAcknowledge = mailsAbout(umbral, breachedAt).length;
    await page.waitForTimeout(MEDIA.frecuencia * NOTIFY_MINUTE_MS * 3);
    expect(mailsAbout(umbral, breachedAt).length).toBe(afterAcknowledge);
  });
});
