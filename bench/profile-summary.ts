/**
 * Summarises a V8 CPU profile (.cpuprofile, as `BENCH_CPU_PROFILE=dir npm run bench:load` has the
 * API write) for issue 31, item 2: the top functions by self time and the time by category
 * (socket writes to PostgreSQL and to the clients, garbage collection, drizzle building SQL, pg
 * parsing rows, JSON, dates, the request log, ETags…), as a share of the busy (non-idle) time.
 * Node's internals and native frames are put with the package that called them. Line numbers are
 * of the code as tsx compiled it, not of the .ts source.
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

/** Native writes: whose they are is told by the nearest caller in a package (see `owner`). */
const WRITES = /^(writev|writeBuffer|writeString|writeUtf8String|writeLatin1String|writeAsciiString|writeUcs2String)$/;

/** The category of code in a package or a file of the repo (`where`, from `origin`). */
function categoryOfPlace(where: string, fn: string): string | null {
  if (/^(pg-protocol|pg-types|postgres-date|postgres-array|postgres-interval|postgres-bytea)$/.test(where) || (where === 'pg' && /^(parseRow|addFields|_parsers|parse)/.test(fn)))
    return 'pg: parsing rows and protocol';
  if (where === 'pg' || where === 'pg-pool') return 'pg: client and pool';
  if (where === 'drizzle-orm') return 'drizzle: building SQL and mapping rows';
  if (where === 'fast-json-stringify') return 'JSON serialisation';
  if (/^(pino|sonic-boom|@pinojs\/redact|fast-redact|pino-std-serializers|thread-stream|on-exit-leak-free)$/.test(where) || /^apps\/api\/src\/(logger|security\/redaction)\.ts$/.test(where))
    return 'request log (pino, redaction)';
  if (where === '@fastify/etag') return 'ETag hashing (@fastify/etag)';
  if (where === '@fastify/compress' || where.startsWith('node:zlib')) return 'compression';
  if (/^(fastify|@fastify\/[^/]+|find-my-way|avvio|fast-querystring|toad-cache|fastify-plugin|secure-json-parse|light-my-request|process-warning|abstract-logging|rfdc)$/.test(where))
    return 'fastify and its plugins';
  if (/^(ajv|ajv-formats|typebox|@sinclair\/typebox|fast-uri|fast-deep-equal)$/.test(where)) return 'validation (ajv, typebox)';
  if (/^(jose|fast-jwt|@node-rs\/argon2|argon2)$/.test(where)) return 'auth (tokens, sign-in)';
  if (/^(tsx|esbuild|get-tsconfig)$/.test(where) || /^node:internal\/modules/.test(where)) return 'tsx / module loading';
  if (where.startsWith('apps/api/src/modules/series')) return 'the API: series route code';
  if (where.startsWith('apps/api/src/modules/reports')) return 'the API: reports code';
  if (where.startsWith('apps/api')) return 'the API: other code';
  if (where.startsWith('libs/')) return 'the libraries (libs/*)';
  if (where !== '' && !where.startsWith('node:')) return 'other packages';
  return null;
}

/**
 * The category of a sample: the engine's own states, native writes by whose they are (pg's
 * queries, fastify's answers, the request log), dates and JSON by name, anything else by its own
 * package, or, for node's internals and native code, by the package that called into them.
 */
function categoryOf(fn: string, where: string, ownerWhere: string, ownerFn: string): string {
  if (fn === '(idle)') return 'idle';
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(program)' || fn === '(root)') return 'V8 / runtime (program)';
  if (WRITES.test(fn)) {
    if (ownerWhere === 'pg' || ownerWhere === 'pg-pool') return 'socket writes: queries to PostgreSQL (loopback TCP)';
    if (/fastify|_http_outgoing/.test(ownerWhere)) return 'socket writes: HTTP answers';
    if (/pino|sonic-boom/.test(ownerWhere)) return 'writes: request log to stderr';
    return 'writes: other';
  }
  if (/^(stringify|JSON\.stringify)$/.test(fn) && where === '') return 'JSON serialisation';
  // Code made with new Function has no file: fast-json-stringify's serialisers and ajv's validators under fastify.
  if (/^anonymous\d*$/.test(fn) && where === '') return 'generated code (fast-json-stringify serialisers, ajv validators)';
  if (/^(parse|JSON\.parse)$/.test(fn) && where === '') return 'JSON parsing';
  if (/isoTimestamp|toISOString|DateTimeFormat|formatToParts|resolvedOptions|canonicalTimeZone|zonedDayStart|formatInstant|^Date$|toLocale/.test(fn)) return 'dates and zones (Date, Intl)';
  return categoryOfPlace(where, fn) ?? categoryOfPlace(ownerWhere, ownerFn) ?? (where.startsWith('node:') || ownerWhere.startsWith('node:') ? 'node internals' : 'native / unattributed');
}

function summarise(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** The nearest frame, itself or a caller, in a package or the repo: whose work a native or node frame does. */
  const owner = (id: number): { where: string; fn: string } => {
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const { url, functionName } = byId.get(current)!.callFrame;
      const where = origin(url);
      if (where !== '' && !where.startsWith('node:')) return { where, fn: functionName };
    }
    return { where: '', fn: '' };
  };
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
    const ownedBy = owner(id);
    const category = categoryOf(fn, where, ownedBy.where, ownedBy.fn);
    total += micros;
    if (category === 'idle') {
      idle += micros;
      continue;
    }
    // Native and node frames are told apart by who called them (writev for pg is not writev for fastify).
    const key = `${fn}  ${where}${url ? `:${lineNumber + 1}` : ''}${where === '' || where.startsWith('node:') ? `  ← ${ownedBy.where || '?'}` : ''}`;
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
