/**
 * Summarises a V8 CPU profile (.cpuprofile, as `BENCH_CPU_PROFILE=dir npm run bench:load` has the
 * API write) for issue 31, item 2: the top functions by self time and the time by category
 * (socket writes, garbage collection, drizzle building SQL, pg parsing rows, JSON, date formatting,
 * logging, validation…), as a share of the busy (non-idle) time.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=40]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's file lives, short: the package (node_modules/<pkg>), node's own module, or the repo path. */
function origin(url: string): string {
  if (!url) return '';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:')) return url;
  const inRepo = /\/(apps|libs)\/(.+)$/.exec(url);
  return inRepo ? `${inRepo[1]}/${inRepo[2]}` : url;
}

/**
 * The category of a frame, from its function and file; the first rule that matches wins. A frame
 * of node's own code or a native one is put by its name; a package's by the package.
 */
const CATEGORIES: readonly [name: string, matches: (fn: string, where: string) => boolean][] = [
  ['idle', (fn) => fn === '(idle)'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  ['socket writes (writev, writeBuffer, writeString, write to the stream)', (fn, where) => /^(writev|writeBuffer|writeString|writeUtf8String|writeLatin1String|writeGeneric|writevGeneric)$/.test(fn) || (where.startsWith('node:') && /stream_base_commons|net$|internal\/streams\/writable/.test(where))],
  ['socket reads and HTTP parsing', (fn, where) => /^(onStreamRead|parserOnHeadersComplete|parserOnIncoming|execute)$/.test(fn) || /_http_common|_http_server|_http_incoming/.test(where)],
  ['HTTP response writing (node _http_outgoing)', (_fn, where) => /_http_outgoing/.test(where)],
  ['pg: parsing rows and protocol', (_fn, where) => /^(pg-protocol|pg-types|postgres-date|postgres-array|postgres-interval|postgres-bytea)$/.test(where)],
  ['pg: client and pool', (_fn, where) => /^(pg|pg-pool)$/.test(where)],
  ['drizzle: building SQL and mapping rows', (_fn, where) => where === 'drizzle-orm'],
  ['JSON serialisation (JSON.stringify, fast-json-stringify)', (fn, where) => fn === 'stringify' || fn === 'JSON.stringify' || where === 'fast-json-stringify' || /serializ/i.test(fn)],
  ['JSON parsing', (fn) => fn === 'parse' || fn === 'JSON.parse'],
  ['dates (Date, Intl, toISOString, isoTimestamp)', (fn) => /isoTimestamp|toISOString|DateTimeFormat|formatToParts|^Date$|toLocale|zonedDayStart|formatInstant/.test(fn)],
  ['logging (pino)', (_fn, where) => /^(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact)$/.test(where)],
  ['validation (ajv, typebox)', (_fn, where) => /^(ajv|ajv-formats|typebox|@sinclair\/typebox|fast-uri)$/.test(where)],
  ['fastify and its plugins', (_fn, where) => /^(fastify|@fastify\/[^/]+|find-my-way|avvio|light-my-request|fast-querystring|toad-cache|fastify-plugin|secure-json-parse)$/.test(where)],
  ['auth (jose, jwt)', (_fn, where) => /^(jose|fast-jwt|@fastify\/jwt)$/.test(where)],
  ['compression (zlib)', (fn, where) => /zlib/.test(where) || /^(deflate|gzip|brotli)/i.test(fn)],
  ['the API (apps/api)', (_fn, where) => where.startsWith('apps/api')],
  ['the libraries (libs/*)', (_fn, where) => where.startsWith('libs/')],
  ['tsx / module loading', (_fn, where) => /^(tsx|esbuild|get-tsconfig)$/.test(where) || /internal\/modules/.test(where)],
  ['V8 / runtime (program)', (fn) => fn === '(program)' || fn === '(root)'],
  ['node internals (other)', (_fn, where) => where.startsWith('node:')],
  ['other packages', (_fn, where) => where !== ''],
  ['native / unattributed', () => true],
];

function categoryOf(fn: string, where: string): string {
  return CATEGORIES.find(([, matches]) => matches(fn, where))![0];
}

function summarise(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

  const byFunction = new Map<string, { micros: number; category: string }>();
  const byCategory = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const fn = functionName || '(anonymous)';
    const where = origin(url);
    const category = categoryOf(fn, where);
    total += micros;
    if (category === 'idle') {
      idle += micros;
      continue;
    }
    const key = `${fn}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
    const entry = byFunction.get(key) ?? { micros: 0, category };
    entry.micros += micros;
    byFunction.set(key, entry);
    byCategory.set(category, (byCategory.get(category) ?? 0) + micros);
  }
  const busy = total - idle;
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1)} %`;
  const seconds = (micros: number) => (micros / 1e6).toFixed(1);
  console.log(`# ${file}\n`);
  console.log(`profiled ${seconds(total)} s, busy ${seconds(busy)} s (${((busy / total) * 100).toFixed(0)} % of the process's time), idle ${seconds(idle)} s\n`);
  console.log('## By category (self time, share of busy time)\n');
  console.log('| category | self s | share |\n|---|---:|---:|');
  for (const [category, micros] of [...byCategory].sort((a, b) => b[1] - a[1])) console.log(`| ${category} | ${seconds(micros)} | ${share(micros)} |`);
  console.log(`\n## Top ${top} functions by self time\n`);
  console.log('| function  where | category | self s | share |\n|---|---|---:|---:|');
  for (const [key, { micros, category }] of [...byFunction].sort((a, b) => b[1].micros - a[1].micros).slice(0, top)) {
    console.log(`| \`${key.replace(/\|/g, '\\|')}\` | ${category} | ${seconds(micros)} | ${share(micros)} |`);
  }
}

const [file, top = '40'] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
summarise(file, Number(top));
