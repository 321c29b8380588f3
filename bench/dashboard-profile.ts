/**
 * The dashboard's main thread on a phone's first load (issue 30, Lighthouse TBT): Chromium at
 * 390 × 844 with a 4× slower CPU (no network throttling: the CPU is what is measured) opens
 * /dashboard signed in, in a new browser context each run (cold cache, no service worker), and a
 * performance trace with V8's sampling profiler is taken from the navigation until the node list is
 * there and then SETTLE_MS more. Reported per run and as the median:
 * - long tasks (> 50 ms) of the page's main thread and their excess over 50 ms summed: the figure
 *   Lighthouse's total blocking time sums (it counts only between first paint and interactive, so
 *   this one is a little larger);
 * - the top functions by self time and the React components by the time spent inside them (the
 *   innermost PascalCase frame of each sample: its own code, its hooks and Chakra's style work for
 *   it, not its children, which React renders outside its frame), and the time per package.
 *
 * Function and component names need a build that is not minified: build one aside with
 *   npx vite build --config apps/console/vite.config.ts --minify false && cp -r dist/console dist/console-profile
 * and pass it as CONSOLE_DIR (default dist/console, whose names are mangled; the long tasks are
 * the figure to compare there).
 *
 *   CONSOLE_DIR=dist/console-profile npx tsx bench/dashboard-profile.ts [runs=3] [top=30]
 *   TOP=30 npx tsx bench/dashboard-profile.ts --traces <trace.json>...   (summarise saved traces again)
 *
 * Writes the summary to stdout as JSON (with the 1-minute load average beside each run; on a busy
 * machine the tasks are longer) and, with PROFILE_TRACE_DIR set, each run's trace for DevTools.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { chromiumLaunchOptions } from '../tools/chromium';

const EMAIL = 'operador@camposense.dev';
const PASSWORD = 'Campo#Sense2026';
const REPO = fileURLToPath(new URL('..', import.meta.url));
const CONSOLE_DIR = resolve(REPO, process.env['CONSOLE_DIR'] ?? 'dist/console');
const TRACE_FILES = process.argv[2] === '--traces';
const RUNS = TRACE_FILES ? 0 : Number(process.argv[2] ?? 3);
const TOP = Number((TRACE_FILES ? process.env['TOP'] : process.argv[3]) ?? 30);
const CPU_SLOWDOWN = 4;
/** After the node list shows: the dashboard's later answers (charts' data, status, live stream) arrive and draw. */
const SETTLE_MS = Number(process.env['SETTLE_MS'] ?? 8_000);
const LONG_TASK_MS = 50;
/** A user timing mark put in the trace when the node list's first option is there. */
const NODE_LIST_MARK = 'bench:node-list';
const CONTEXT: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'es-ES',
  timezoneId: 'America/Lima',
  serviceWorkers: 'block',
};
const CATEGORIES = [
  'toplevel',
  'v8.execute',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

const load1 = () => Number(loadavg()[0]!.toFixed(2));

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      documentLoaderURL?: string;
      isOutermostMainFrame?: boolean;
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: (ProfileNode & { children?: number[] })[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** Where a frame's code comes from: the package of a node_modules path, the repo folder, or the kind of native frame. */
function origin(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (module) return module[1]!;
  const source = /\/(apps|libs)\/([^/]+)/.exec(frame.url);
  if (source) return `${source[1]}/${source[2]}`;
  // The built console: one file per chunk, named after its first module.
  const chunk = /\/assets\/([\w.-]+?)-[\w-]{8}\.js/.exec(frame.url);
  return chunk ? `chunk ${chunk[1]}` : frame.url;
}

const isComponent = (name: string) => /^[A-Z][A-Za-z0-9]*(\$\d+)?$/.test(name);

interface RunSummary {
  load1: number;
  /** From the navigation's start to the node list's first option. */
  nodeListMs: number;
  longTasks: number;
  blockingMs: number;
  /** Every long task: when it started after the navigation, how long, and where most of its samples were. */
  tasks: { atMs: number; ms: number; top: string }[];
  selfMs: Map<string, number>;
  componentMs: Map<string, number>;
  packageMs: Map<string, number>;
  /** The time under each package's or chunk's code (a sample counts once for every origin in its stack). */
  underMs: Map<string, number>;
  /** Of the same, only inside long tasks. */
  componentInLongMs: Map<string, number>;
  busyMs: number;
}

function add(map: Map<string, number>, key: string, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

function summarise(events: TraceEvent[], navigationTs: number, nodeListTs: number, load: number): RunSummary {
  const threads = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  // The page's main thread: the renderer main thread that ran the most top-level tasks after the navigation.
  const taskTime = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.ts < navigationTs) continue;
    const key = `${event.pid}:${event.tid}`;
    if (threads.get(key) === 'CrRendererMain') add(taskTime, key, event.dur ?? 0);
  }
  const main = [...taskTime.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('No renderer main thread in the trace');
  const onMain = (event: TraceEvent) => `${event.pid}:${event.tid}` === main;
  const long = events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && onMain(event) && event.ts >= navigationTs && (event.dur ?? 0) > LONG_TASK_MS * 1000)
    .sort((a, b) => a.ts - b.ts);

  // The sampling profile of the main thread: a Profile event, then chunks of nodes, samples and time deltas.
  // Profile ids are per process (every renderer's first is 0x1); the chunks come from a profiler thread of the same process.
  const profile = events.find((event) => event.name === 'Profile' && onMain(event));
  const ofProfile = (event: TraceEvent) => event.id === profile?.id && event.pid === profile?.pid;
  const nodes = new Map<number, ProfileNode & { children?: number[] }>();
  const samples: { ts: number; node: number }[] = [];
  let ts = profile?.args?.['data']?.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !ofProfile(event)) continue;
    const data = event.args?.['data'];
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids: number[] = data?.cpuProfile?.samples ?? [];
    const deltas: number[] = data?.timeDeltas ?? [];
    ids.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  // Chunks give each node its children (or, in newer Chromium, its parent): link both ways.
  for (const node of nodes.values()) {
    for (const child of node.children ?? []) {
      const linked = nodes.get(child);
      if (linked) linked.parent = node.id;
    }
  }
  const selfMs = new Map<string, number>();
  const componentMs = new Map<string, number>();
  const componentInLongMs = new Map<string, number>();
  const packageMs = new Map<string, number>();
  const underMs = new Map<string, number>();
  const taskTop = long.map(() => new Map<string, number>());
  let busyMs = 0;
  let task = 0;
  for (let i = 0; i + 1 < samples.length; i++) {
    const sample = samples[i]!;
    if (sample.ts < navigationTs) continue;
    const node = nodes.get(sample.node);
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    const ms = (samples[i + 1]!.ts - sample.ts) / 1000;
    busyMs += ms;
    const frame = node.callFrame;
    add(selfMs, `${frame.functionName || '(anonymous)'} ${origin(frame)}:${frame.lineNumber + 1}`, ms);
    add(packageMs, origin(frame), ms);
    const origins = new Set<string>();
    for (let at: ProfileNode | undefined = node; at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) origins.add(origin(at.callFrame));
    for (const where of origins) add(underMs, where, ms);
    let component = '(outside a component)';
    for (let at: ProfileNode | undefined = node; at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
      if (isComponent(at.callFrame.functionName) && at.callFrame.url) {
        component = `${at.callFrame.functionName.replace(/\$\d+$/, '')} (${origin(at.callFrame)})`;
        break;
      }
    }
    add(componentMs, component, ms);
    while (task < long.length && long[task]!.ts + long[task]!.dur! < sample.ts) task++;
    const current = long[task];
    if (current && current.ts <= sample.ts) {
      add(componentInLongMs, component, ms);
      add(taskTop[task]!, component, ms);
    }
  }
  return {
    load1: load,
    nodeListMs: Number.isNaN(nodeListTs) ? -1 : Math.round((nodeListTs - navigationTs) / 1000),
    longTasks: long.length,
    blockingMs: Math.round(long.reduce((sum, event) => sum + event.dur! / 1000 - LONG_TASK_MS, 0)),
    tasks: long.map((event, i) => ({
      atMs: Math.round((event.ts - navigationTs) / 1000),
      ms: Math.round(event.dur! / 1000),
      top: [...taskTop[i]!.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, ms]) => `${name} ${Math.round(ms)}`)
        .join(', '),
    })),
    selfMs,
    componentMs,
    packageMs,
    underMs,
    componentInLongMs,
    busyMs,
  };
}

async function signedInState(browser: Browser, base: string) {
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await page.goto(base);
  await page.getByLabel('CORREO ELECTRÓNICO').fill(EMAIL);
  await page.getByLabel('CONTRASEÑA').fill(PASSWORD);
  await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
  await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function profileRun(browser: Browser, base: string, storageState: Awaited<ReturnType<typeof signedInState>>, traceFile?: string) {
  const context = await browser.newContext({ ...CONTEXT, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${base}/dashboard`);
  await page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first().waitFor({ timeout: 120_000 });
  await page.evaluate((name) => performance.mark(name), NODE_LIST_MARK);
  await page.waitForTimeout(SETTLE_MS);
  const buffer = await browser.stopTracing();
  await context.close();
  if (traceFile) writeFileSync(traceFile, buffer);
  return summariseTrace(buffer.toString(), load1());
}

/** A trace of this script's (saved with PROFILE_TRACE_DIR), summarised again. */
function summariseTrace(json: string, load: number): RunSummary {
  const events: TraceEvent[] = JSON.parse(json).traceEvents;
  // The navigation's start on the trace's clock: the navigationStart of the dashboard's document.
  // Some traces leave the URL empty: then the main frame's last navigation before the console's first script.
  const navigations = events.filter((event) => event.name === 'navigationStart' && event.args?.['data']?.isOutermostMainFrame);
  const firstScript = events
    .filter((event) => event.name === 'ResourceSendRequest' && /\/assets\/index-/.test(event.args?.['data']?.url ?? ''))
    .sort((a, b) => a.ts - b.ts)[0];
  const start =
    navigations.find((event) => event.args?.['data']?.documentLoaderURL?.includes('/dashboard')) ??
    navigations.filter((event) => firstScript && event.ts < firstScript.ts).sort((a, b) => b.ts - a.ts)[0];
  const listed = events.find((event) => event.name === NODE_LIST_MARK);
  if (!start) throw new Error('No navigation to /dashboard in the trace');
  // The mark is sometimes missing from a trace of a busy machine: the list's time is then unknown (-1).
  return summarise(events, start.ts, listed?.ts ?? Number.NaN, load);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The entries of per-run maps with their median over the runs, largest first. */
function top(maps: Map<string, number>[], count: number): Record<string, number> {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  return Object.fromEntries(
    [...keys]
      .map((key) => [key, Math.round(median(maps.map((map) => map.get(key) ?? 0)))] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, count),
  );
}

function report(runs: RunSummary[], source: string) {
  return {
    takenAt: new Date().toISOString(),
    source,
    cores: cpus().length,
    profile: { viewport: CONTEXT.viewport, cpuSlowdown: CPU_SLOWDOWN, settleMs: SETTLE_MS, database: 'pglite (demo data)' },
    median: {
      blockingMs: median(runs.map((run) => run.blockingMs)),
      longTasks: median(runs.map((run) => run.longTasks)),
      nodeListMs: median(runs.map((run) => run.nodeListMs)),
      busyMs: Math.round(median(runs.map((run) => run.busyMs))),
    },
    runs: runs.map(({ load1: load, nodeListMs, longTasks, blockingMs, tasks, busyMs }) => ({ load1: load, nodeListMs, longTasks, blockingMs, busyMs: Math.round(busyMs), tasks })),
    componentsInLongTasksMs: top(runs.map((run) => run.componentInLongMs), TOP),
    componentsMs: top(runs.map((run) => run.componentMs), TOP),
    packagesMs: top(runs.map((run) => run.packageMs), TOP),
    underPackagesMs: top(runs.map((run) => run.underMs), TOP),
    selfMs: top(runs.map((run) => run.selfMs), TOP),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'camposense-dashboard-profile-'));
  const traceDir = process.env['PROFILE_TRACE_DIR'];
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: undefined, CONSOLE_DIR });
  let browser: Browser | undefined;
  try {
    await waitUntilListening(server, 300_000);
    browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
    const runs: RunSummary[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A session of its own each run: the first load renews it, and a renewed session's old token is refused.
      const state = await signedInState(browser, server.baseUrl);
      runs.push(await profileRun(browser, server.baseUrl, state, traceDir ? join(traceDir, `dashboard-${run + 1}.json`) : undefined));
      const last = runs.at(-1)!;
      console.error(`run ${run + 1}: ${last.longTasks} long tasks, blocking ${last.blockingMs} ms, node list at ${last.nodeListMs} ms (load ${last.load1})`);
    }
    console.log(JSON.stringify(report(runs, CONSOLE_DIR), null, 2));
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (TRACE_FILES) {
  // Saved traces carry no load average: -1.
  const files = process.argv.slice(3);
  console.log(JSON.stringify(report(files.map((file) => summariseTrace(readFileSync(file, 'utf8'), -1)), files.join(' ')), null, 2));
} else {
  await main();
}
