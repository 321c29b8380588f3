/**
 * `npm run bench:field` (issue 30): the console on a phone in the field. Chromium at 390 × 844 with
 * a slow-3G link (400 kbit/s down and up, 400 ms latency) and a 4× slower CPU, against the
 * production build served by the API on a new embedded database with demo data:
 * - first visit: a new browser to the sign-in form (email field shown and ready);
 * - sign-in: the button pressed to the console's welcome heading;
 * - repeat visit: the same browser (cache and session cookie kept) opening /dashboard again until the
 *   node list is there;
 * bytes crossing the link for each (encoded sizes, as CDP counts them), and Lighthouse's mobile
 * performance score (its own simulated slow-4G mobile profile) of the sign-in and dashboard pages.
 *
 * Bytes are every byte the browser takes from the network: the page's requests (CDP's
 * `encodedDataLength`; an answer the service worker gives the page from its cache costs nothing) and
 * the service worker's own fetches (its precache, its runtime caching), which CDP's page session
 * never sees; both are reported apart and summed. The first visit and sign-in's total also counts
 * what arrives after the two steps until the link has been quiet for a while (the worker's install,
 * the console's background preloads): a phone pays for those bytes too. The worker's fetches are
 * slowed to the same link through a second CDP client on the debugging port (Playwright gives no CDP
 * session of a worker); BENCH_FIELD_WORKER_LINK=fast leaves them at the machine's speed, as the
 * figures taken before 2026-11-29 did (their repeat visit fetched its chunks and the node list
 * through the worker for free).
 *
 * BENCH_FIELD_TRANSFERS=signIn,repeatVisit (steps: firstVisit, signIn, afterSignIn, repeatVisit)
 * prints those steps' page transfers by path, biggest first: what a step's bytes are.
 *
 * BENCH_FIELD_TRACE=repeatVisit (same steps) prints where a step's time goes, from the page's own
 * clock (ms since the step's navigation): its navigation and resource timings (who answered: the
 * service worker, the HTTP cache or the network), its long animation frames with the scripts that
 * ran in them (main-thread time at the throttled CPU), when the awaited element was seen, and the
 * service worker's own fetches (ms since the step started, from the bench's clock).
 *
 * BENCH_FIELD_TRACE=repeatVisit also lists React's commits (through the hook React's developer
 * tools use): how many draws the page took before the node list showed.
 *
 * For an A/B of the repeat visit on a shared machine: BENCH_FIELD_REPEATS=n takes it n times (a new
 * page of the same browser each; the later ones may find the browser's code cache warm) and reports
 * the median with each run; BENCH_FIELD_LIGHTHOUSE=dashboard scores the dashboard only, =none
 * neither; BENCH_FIELD_CONSOLE_DIR serves another build than dist/console (two builds kept apart);
 * BENCH_FIELD_PROFILE=<file> writes the first repeat visit's CPU profile (DevTools opens it).
 *
 * Needs the built console (`npm run build`, which `npm run bench:field` runs first). Chromium from
 * CHROME_PATH or /usr/bin/chromium. Each figure carries the machine's 1-minute load average when it
 * was taken: on a busy machine the times are long and the scores low (`underLoad`).
 * Targets (issue 30): form ≤ 3 s, sign-in → console ≤ 6 s, ≤ 400 KB, repeat visit ≤ 1.5 s,
 * Lighthouse ≥ 90.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer, waitUntilListening } from '@camposense/api/testing';
import { chromium } from 'playwright-core';
import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { chromiumLaunchOptions } from '../tools/chromium';

const EMAIL = 'operador@camposense.dev';
const PASSWORD = 'Campo#Sense2026';
const RESULTS_FILE = fileURLToPath(new URL('./results/field.json', import.meta.url));
/** BENCH_FIELD_CONSOLE_DIR: another build (an A/B of two builds kept apart). */
const CONSOLE_DIR = process.env['BENCH_FIELD_CONSOLE_DIR'] ?? fileURLToPath(new URL('../dist/console', import.meta.url));
const VIEWPORT = { width: 390, height: 844 };
/** Slow 3G as the issue measured it: 400 kbit/s each way, 400 ms round trip. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 180_000;
const TARGETS = { firstVisitMs: 3_000, signInMs: 6_000, bytesPerVisit: 400 * 1024, repeatVisitMs: 1_500, lighthouse: 90 };

const load1 = () => Number(loadavg()[0]!.toFixed(2));
/** Busier than its cores: the machine was shared while the figure was taken. */
const underLoad = (load: number) => load > cpus().length * 0.5;

/** Bytes taken from the network, by who asked: the page or its service worker. */
interface Bytes {
  page: number;
  serviceWorker: number;
  total: number;
}

/**
 * Counts every byte the context's pages and service workers take from the network. The page's come
 * from its CDP session (`count`); the worker's from Playwright's context-wide request events, which
 * report a service worker's requests with their transfer size (headers and encoded body; 0 when the
 * HTTP cache answered).
 */
class WireCounter {
  private page = 0;
  private serviceWorker = 0;
  private pending = new Set<Promise<void>>();
  private lastActivity = performance.now();

  constructor(context: BrowserContext) {
    context.on('request', () => (this.lastActivity = performance.now()));
    context.on('requestfinished', (request) => {
      this.lastActivity = performance.now();
      if (!request.serviceWorker()) return;
      const sized = request
        .sizes()
        .then((sizes) => void (this.serviceWorker += Math.max(0, sizes.responseHeadersSize + sizes.responseBodySize)))
        .catch(() => undefined)
        .finally(() => this.pending.delete(sized));
      this.pending.add(sized);
    });
  }

  /** The page's bytes per URL since the last take, for BENCH_FIELD_TRANSFERS (which answers a step's bytes). */
  private transfers = new Map<string, number>();
  private urls = new Map<string, string>();

  /** A page's CDP session: its finished loads are the page's bytes. */
  count(cdp: CDPSession): void {
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => void this.urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      this.lastActivity = performance.now();
      this.page += event.encodedDataLength;
      const url = new URL(this.urls.get(event.requestId) ?? 'unknown:').pathname;
      this.transfers.set(url, (this.transfers.get(url) ?? 0) + event.encodedDataLength);
    });
  }

  /** The bytes since the last call (or the start); with BENCH_FIELD_TRANSFERS=<step>, that step's page transfers are printed, biggest first. */
  async take(step?: string): Promise<Bytes> {
    await Promise.all([...this.pending]);
    const bytes = { page: this.page, serviceWorker: this.serviceWorker, total: this.page + this.serviceWorker };
    if (step !== undefined && (process.env['BENCH_FIELD_TRANSFERS'] ?? '').split(',').includes(step)) {
      console.log(`\n${step}: the page's transfers (bytes on the wire, biggest first)`);
      for (const [url, size] of [...this.transfers].sort((left, right) => right[1] - left[1])) console.log(`  ${String(size).padStart(8)}  ${url}`);
    }
    this.page = 0;
    this.serviceWorker = 0;
    this.transfers.clear();
    return bytes;
  }

  /** Waits until nothing has crossed the link for `quietMs` (at most `maxMs`). */
  async quiet(quietMs: number, maxMs: number): Promise<void> {
    const until = performance.now() + maxMs;
    while (performance.now() < until && performance.now() - this.lastActivity < quietMs) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The steps BENCH_FIELD_TRACE names. */
const traced = (step: string) => (process.env['BENCH_FIELD_TRACE'] ?? '').split(',').includes(step);

/** Records the page's long animation frames from its first script on (BENCH_FIELD_TRACE). */
async function recordLongFrames(page: Page): Promise<void> {
  // React's commits, through the hook its developer tools use: when each drew. A string: tsx names
  // the functions of an object literal (`__name`), which the page lacks.
  await page.addInitScript(`(() => {
    const commits = [];
    globalThis.__benchCommits = commits;
    globalThis.__benchCommitSources = [];
    globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject() { return 1; },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot(id, root) {
        const updated = [];
        const visit = (fiber, depth) => {
          for (let child = fiber; child && updated.length < 6; child = child.sibling) {
            const before = child.alternate;
            if (typeof child.type === 'function' && before && child.memoizedProps === before.memoizedProps && child.memoizedState !== before.memoizedState) {
              updated.push(child.type.displayName || child.type.name || '?');
            } else if (child.child && depth < 400) visit(child.child, depth + 1);
          }
        };
        visit(root.current.child, 0);
        commits.push(Math.round(performance.now()));
        globalThis.__benchCommitSources.push(Math.round(performance.now()) + ' [' + updated.join(', ') + ']');
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  })()`);
  await page.addInitScript(() => {
    const frames: unknown[] = [];
    (globalThis as unknown as { __benchFrames: unknown[] }).__benchFrames = frames;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ startTime: number; duration: number; blockingDuration: number; scripts: Array<{ sourceURL: string; invoker: string; duration: number; forcedStyleAndLayoutDuration: number }> }>) {
        frames.push({
          start: Math.round(entry.startTime),
          duration: Math.round(entry.duration),
          blocking: Math.round(entry.blockingDuration),
          scripts: entry.scripts.map((script) => `${Math.round(script.duration)}ms ${script.invoker} ${script.sourceURL.replace(/^.*\//, '')}`),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    // What the page shows, each time it changes: its spinners' texts and whether the node list has an option.
    const milestones: Array<{ at: number; shows: string }> = [];
    (globalThis as unknown as { __benchMilestones: unknown[] }).__benchMilestones = milestones;
    new MutationObserver(() => {
      const spinners = [...document.querySelectorAll('[role="status"]')].map((element) => element.textContent?.trim()).filter(Boolean);
      const option = document.querySelector('[role="listbox"] [role="option"]') ? 'node list with options' : '';
      const shows = [...spinners, option].filter(Boolean).join(' | ') || '(nothing awaited)';
      if (milestones.at(-1)?.shows !== shows) milestones.push({ at: Math.round(performance.now()), shows });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The service worker's own fetches during a traced step: when each left and ended (the bench's clock). */
class WorkerFetchLog {
  private entries: Array<{ url: string; start: number; end: number | null; status: number | null }> = [];
  private origin = performance.now();

  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      if (request.serviceWorker()) this.entries.push({ url: request.url(), start: performance.now(), end: null, status: null });
    });
    const ended = (request: Request, status: number | null) => {
      const entry = this.entries.find((candidate) => candidate.url === request.url() && candidate.end === null);
      if (entry) Object.assign(entry, { end: performance.now(), status });
    };
    context.on('requestfinished', (request) => void request.response().then((response) => ended(request, response?.status() ?? null), () => undefined));
    context.on('requestfailed', (request) => ended(request, null));
  }

  restart(): void {
    this.entries = [];
    this.origin = performance.now();
  }

  /** `fromHttpCache`: what the workers' CDP sessions saw answered by the HTTP cache (none when their link is not emulated). */
  print(fromHttpCache: ReadonlySet<string>): void {
    console.log("  the service worker's fetches (ms since the step started; HTTP cache: not from the link):");
    for (const entry of this.entries) {
      const end = entry.end === null ? '   …' : String(Math.round(entry.end - this.origin)).padStart(6);
      const cached = fromHttpCache.has(entry.url) ? '  (HTTP cache)' : '';
      console.log(`    ${String(Math.round(entry.start - this.origin)).padStart(6)} → ${end}  ${entry.status ?? '—'}  ${new URL(entry.url).pathname}${new URL(entry.url).search}${cached}`);
    }
  }
}

/** A navigation or resource timing, in whole ms since the navigation (BENCH_FIELD_TRACE). */
interface TimedEntry {
  name: string;
  start: number;
  worker: number;
  requestStart: number;
  responseStart: number;
  end: number;
  transfer: number;
  body: number;
}

/** Prints where a traced step's time went, from the page's own clock (BENCH_FIELD_TRACE). */
async function printTrace(step: string, page: Page, seenAt: number, workers: WorkerFetchLog, fromHttpCache: ReadonlySet<string>): Promise<void> {
  // A string, not a function: tsx names the arrow functions it compiles (`__name`), which the page lacks.
  const trace = (await page.evaluate(`(() => {
    const round = Math.round;
    const [navigation] = performance.getEntriesByType('navigation');
    // workerStart > 0: through the service worker; 0 bytes on the wire with a body: the HTTP cache.
    const timing = (entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: round(entry.startTime),
      worker: round(entry.workerStart),
      requestStart: round(entry.requestStart),
      responseStart: round(entry.responseStart),
      end: round(entry.responseEnd),
      transfer: entry.transferSize,
      body: entry.decodedBodySize,
    });
    return {
      navigation: navigation && { ...timing(navigation), domInteractive: round(navigation.domInteractive), domContentLoaded: round(navigation.domContentLoadedEventEnd), load: round(navigation.loadEventEnd) },
      resources: performance.getEntriesByType('resource').map(timing),
      frames: globalThis.__benchFrames ?? [],
      milestones: globalThis.__benchMilestones ?? [],
      commits: globalThis.__benchCommits ?? [],
      commitSources: globalThis.__benchCommitSources ?? [],
    };
  })()`)) as {
    navigation?: TimedEntry & { domInteractive: number; domContentLoaded: number; load: number };
    resources: TimedEntry[];
    frames: Array<{ start: number; duration: number; blocking: number; scripts: string[] }>;
    milestones: Array<{ at: number; shows: string }>;
    commits: number[];
    commitSources: string[];
  };
  const row = (entry: TimedEntry) =>
    `    ${String(entry.start).padStart(6)} → ${String(entry.end).padStart(6)}  worker ${String(entry.worker).padStart(5)}  request ${String(entry.requestStart).padStart(5)}  first byte ${String(entry.responseStart).padStart(5)}  ${String(entry.transfer).padStart(7)} B wire ${String(entry.body).padStart(7)} B body  ${entry.name}`;
  console.log(`\n${step}: where the time went (ms since the navigation; the awaited element seen at ${Math.round(seenAt)})`);
  if (trace.navigation) {
    console.log(row(trace.navigation));
    console.log(`    dom interactive ${trace.navigation.domInteractive}, DOMContentLoaded ${trace.navigation.domContentLoaded}, load ${trace.navigation.load}`);
  }
  for (const resource of trace.resources) console.log(row(resource));
  console.log('  long animation frames (start, duration, blocking; scripts):');
  for (const frame of trace.frames) {
    console.log(`    ${String(frame.start).padStart(6)} ${String(frame.duration).padStart(5)} ${String(frame.blocking).padStart(5)}  ${frame.scripts.join(' | ')}`);
  }
  console.log('  what the page showed (ms, its spinners and the awaited list):');
  for (const milestone of trace.milestones) console.log(`    ${String(milestone.at).padStart(6)}  ${milestone.shows}`);
  console.log(`  React's commits (${trace.commits.length}, ms): ${trace.commits.join(' ')}`);
  console.log(`  each commit's updated components (state or context changed, props not): ${trace.commitSources.join(' | ')}`);
  workers.print(fromHttpCache);
}

/**
 * Slows the service workers' own fetches to the same link as the page's. Playwright gives no CDP
 * session of a worker, and a page's emulated conditions do not cover what its worker fetches (its
 * runtime caching, its network-first reads): without this a worker fetches at the machine's speed
 * and a strategy that sends reads through it looks free. A second CDP client on the browser's
 * debugging port attaches to each service worker as it starts and emulates the link there.
 */
async function throttleServiceWorkers(
  debuggingPort: number,
): Promise<{ close: () => Promise<void>; throttled: () => number; fromHttpCache: ReadonlySet<string> }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  const cdp = await browser.newBrowserCDPSession();
  let nextId = 1;
  const workers = new Set<string>();
  const sendTo = (sessionId: string, method: string, params: object) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) });
  // Non-flat sessions (messages wrapped in Target.sendMessageToTarget): Playwright's CDPSession
  // sends no child session ids, and browser-level auto-attach is flat only, so each worker is found
  // by discovery and attached to by hand.
  const attach = (target: { targetId: string; type: string }) => {
    if (target.type !== 'service_worker') return;
    void (async () => {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
      await sendTo(sessionId, 'Network.enable', {});
      // The rule-based form: a worker's session accepts the older emulateNetworkConditions and ignores it.
      const { latency, downloadThroughput, uploadThroughput } = SLOW_3G;
      await sendTo(sessionId, 'Network.emulateNetworkConditionsByRule', { matchedNetworkConditions: [{ urlPattern: '', latency, downloadThroughput, uploadThroughput }] });
      workers.add(sessionId);
    })().catch(() => undefined);
  };
  // What the workers' fetches took from the HTTP cache rather than the link (BENCH_FIELD_TRACE says which).
  const fromHttpCache = new Set<string>();
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as {
      error?: { message: string };
      method?: string;
      params?: { response?: { url: string; fromDiskCache?: boolean } };
    };
    if (message.error) console.warn(`A service worker's link could not be slowed: ${message.error.message}`);
    const response = message.method === 'Network.responseReceived' ? message.params?.response : undefined;
    if (response?.fromDiskCache) fromHttpCache.add(response.url);
  });
  cdp.on('Target.targetCreated', (event: { targetInfo: { targetId: string; type: string } }) => attach(event.targetInfo));
  cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => void workers.delete(event.sessionId));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return { close: () => browser.close(), throttled: () => workers.size, fromHttpCache };
}

/** The page's link made slow, its CPU too, and its bytes counted. */
async function throttle(context: BrowserContext, page: Page, wire: WireCounter): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  wire.count(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

interface Measure {
  ms: number;
  bytes: number;
  pageBytes: number;
  serviceWorkerBytes: number;
  /** Bytes that arrived between the previous step's count and this step's start. */
  bytesBefore: Bytes;
  load1: number;
  underLoad: boolean;
}

async function measured(wire: WireCounter, step: string, work: () => Promise<unknown>): Promise<Measure> {
  // What finished arriving between the previous step's count and this step (a chunk the form
  // fetched while idle, still on its way when the first visit was counted): counted before the
  // step, not dropped (until 2026-11-29 it was, so a visit's total could miss a 16.5 KB chunk).
  const before = await wire.take();
  const started = performance.now();
  await work();
  const ms = Math.round(performance.now() - started);
  // What is still arriving for the step (fonts, a lazy chunk) is counted with it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const bytes = await wire.take(step);
  const load = load1();
  return { ms, bytes: bytes.total, pageBytes: bytes.page, serviceWorkerBytes: bytes.serviceWorker, bytesBefore: before, load1: load, underLoad: underLoad(load) };
}

/** How long the link must stay quiet after the sign-in for the session's background work to count as done. */
const SETTLED_QUIET_MS = 5_000;
const SETTLED_MAX_MS = 120_000;

async function lighthouseScore(url: string, port: number): Promise<{ score: number | null; load1: number; underLoad: boolean; metrics: Record<string, number | undefined> }> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
  const load = load1();
  const audits = result?.lhr.audits ?? {};
  const metric = (id: string) => (audits[id]?.numericValue === undefined ? undefined : Math.round(audits[id]!.numericValue!));
  const score = result?.lhr.categories['performance']?.score;
  return {
    score: score === null || score === undefined ? null : Math.round(score * 100),
    load1: load,
    underLoad: underLoad(load),
    metrics: {
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue,
    },
  };
}

async function main(): Promise<void> {
  if (!existsSync(join(CONSOLE_DIR, 'index.html'))) throw new Error('No built console in dist/console: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'camposense-field-bench-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'camposense-field-profile-'));
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: undefined, CONSOLE_DIR });
  const debuggingPort = await freePort();
  let context: BrowserContext | undefined;
  try {
    await waitUntilListening(server, 300_000);
    const base = server.baseUrl;
    const launch = chromiumLaunchOptions();
    // One persistent profile: Lighthouse drives the same browser (its debugging port) signed in.
    context = await chromium.launchPersistentContext(profileDir, {
      ...launch,
      args: [...launch.args, `--remote-debugging-port=${debuggingPort}`],
      headless: true,
      viewport: VIEWPORT,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
      timezoneId: 'America/Lima',
    });

    // The workers on the page's link, unless asked for the figures taken before (BENCH_FIELD_WORKER_LINK=fast).
    const workerLink = process.env['BENCH_FIELD_WORKER_LINK'] === 'fast' ? null : await throttleServiceWorkers(debuggingPort);
    const wire = new WireCounter(context);
    const workerFetches = new WorkerFetchLog(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await throttle(context, page, wire);
    const firstVisit = await measured(wire, 'firstVisit', async () => {
      await page.goto(base);
      await page.getByLabel('CORREO ELECTRÓNICO').waitFor({ timeout: TIMEOUT_MS });
    });
    await page.getByLabel('CORREO ELECTRÓNICO').fill(EMAIL);
    await page.getByLabel('CONTRASEÑA').fill(PASSWORD);
    const signIn = await measured(wire, 'signIn', async () => {
      await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
      await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor({ timeout: TIMEOUT_MS });
    });
    // The console left open: the worker installs, the screens preload, until the link is quiet.
    await wire.quiet(SETTLED_QUIET_MS, SETTLED_MAX_MS);
    const afterSignIn = await wire.take('afterSignIn');
    await page.close();

    // BENCH_FIELD_REPEATS=n takes the repeat visit n times (each a new page of the same browser) and
    // reports the median: one run's time moves by hundreds of ms on a shared machine.
    const repeats = Math.max(1, Number(process.env['BENCH_FIELD_REPEATS'] ?? '1') || 1);
    const repeatVisits: Measure[] = [];
    const commitsPerVisit: number[] = [];
    for (let run = 0; run < repeats; run++) {
      const again = await context.newPage();
      await throttle(context, again, wire);
      if (traced('repeatVisit')) await recordLongFrames(again);
      let seenAt = 0;
      workerFetches.restart();
      // BENCH_FIELD_PROFILE=<file>: the first repeat visit's CPU profile (the page's main thread), for DevTools or a script.
      const profileFile = run === 0 ? process.env['BENCH_FIELD_PROFILE'] : undefined;
      const profiler = profileFile ? await context.newCDPSession(again) : null;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      repeatVisits.push(
        await measured(wire, 'repeatVisit', async () => {
          await again.goto(`${base}/dashboard`);
          await again.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first().waitFor({ timeout: TIMEOUT_MS });
          if (traced('repeatVisit')) seenAt = await again.evaluate(() => performance.now());
        }),
      );
      if (profiler && profileFile) {
        const { profile } = (await profiler.send('Profiler.stop')) as { profile: unknown };
        writeFileSync(profileFile, JSON.stringify(profile));
        await profiler.detach();
      }
      if (traced('repeatVisit')) {
        await printTrace('repeatVisit', again, seenAt, workerFetches, workerLink?.fromHttpCache ?? new Set());
        commitsPerVisit.push(((await again.evaluate('globalThis.__benchCommits')) as number[]).filter((at) => at <= seenAt).length);
      }
      await again.close();
    }
    const repeatVisit = [...repeatVisits].sort((left, right) => left.ms - right.ms)[Math.floor((repeatVisits.length - 1) / 2)]!;
    if (repeats > 1) console.log(`repeat visits (ms): ${repeatVisits.map((visit) => `${visit.ms} (load ${visit.load1})`).join(', ')}; median ${repeatVisit.ms}`);
    if (commitsPerVisit.length > 0) console.log(`React commits before the node list showed, per visit: ${commitsPerVisit.join(', ')}`);
    const workersThrottled = workerLink?.throttled() ?? 0;
    // Lighthouse simulates its own link from what it observes: the workers' emulation is taken off first.
    await workerLink?.close();

    // Lighthouse: sign-in signed out (its own clean page) after the dashboard, signed in.
    // BENCH_FIELD_LIGHTHOUSE=dashboard scores the dashboard only, =none neither (a repeat visit's A/B).
    const lighthouseSteps = process.env['BENCH_FIELD_LIGHTHOUSE'] ?? 'all';
    const dashboard = lighthouseSteps === 'none' ? null : await lighthouseScore(`${base}/dashboard`, debuggingPort);
    await context.clearCookies();
    const signInPage = lighthouseSteps === 'all' ? await lighthouseScore(`${base}/`, debuggingPort) : null;

    const results = {
      takenAt: new Date().toISOString(),
      profile: {
        viewport: VIEWPORT,
        network: 'slow 3G: 400 kbit/s down and up, 400 ms latency',
        serviceWorkerNetwork: workerLink ? `the same (${workersThrottled} worker session(s) throttled at the end)` : 'not throttled (BENCH_FIELD_WORKER_LINK=fast)',
        cpuSlowdown: CPU_SLOWDOWN,
        database: 'pglite (demo data)',
      },
      cores: cpus().length,
      note: 'load1 is the 1-minute load average when each figure was taken; underLoad: busier than half the cores, so times are longer and scores lower than on a quiet machine.',
      targets: TARGETS,
      firstVisit,
      signIn,
      repeatVisit,
      ...(repeats > 1 ? { repeatVisitRuns: repeatVisits.map(({ ms, load1 }) => ({ ms, load1 })) } : {}),
      // The first visit and sign-in with what the open console took after them until the link was quiet.
      afterSignIn,
      bytesPerVisit: {
        firstVisitAndSignIn: firstVisit.bytes + signIn.bytesBefore.total + signIn.bytes + afterSignIn.total,
        firstVisitAndSignInPage: firstVisit.pageBytes + signIn.bytesBefore.page + signIn.pageBytes + afterSignIn.page,
        firstVisitAndSignInServiceWorker: firstVisit.serviceWorkerBytes + signIn.bytesBefore.serviceWorker + signIn.serviceWorkerBytes + afterSignIn.serviceWorker,
        repeatVisit: repeatVisit.bytes,
      },
      lighthouse: { signIn: signInPage, dashboard },
    };
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await context?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
