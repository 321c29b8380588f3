import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startWorkClock } from '@camposense/db';
import { ApiError } from '../errors/api-error';
import { windowCheck, windowHit } from '../security/rate-limit';

/*
 * Large reads (getAll, limit up to 1,000,000) are answered as a stream: the rows are read in
 * keyset batches of STREAM_BATCH_ROWS and written out as they come, so memory stays bounded by one
 * batch whatever the size of the answer, and each database statement is short.
 *
 * Why batches rather than PGlite in a worker thread: PGlite is one connection, so a worker would
 * free the event loop for requests that need no database (liveness) but a sign-in would still wait
 * behind a 15-second query. Short statements let every other query (PGlite queues them in order)
 * run between two batches, on either driver, and also keep each PostgreSQL statement far below
 * the statement timeout.
 */

/** Rows per database statement of a streamed read: a few milliseconds of PGlite's time. */
export const STREAM_BATCH_ROWS = 2000;

/** A read larger than this (or unlimited) is streamed and counts against the heavy-read budget. */
export const HEAVY_READ_ROWS = STREAM_BATCH_ROWS;

/**
 * One batch: the JSON texts of its rows joined by commas (no brackets; '' when empty), and how many
 * rows it held (fewer than asked means the end).
 */
export interface JsonBatch {
  json: string;
  rows: number;
}

/**
 * A JSON array streamed from batches. Pulled by the HTTP response, so a slow client slows the
 * reading instead of filling memory; a client that goes away stops it at the next batch.
 */
export function jsonArrayStream(batches: AsyncIterable<JsonBatch>): Readable {
  async function* texts(): AsyncGenerator<string> {
    yield '[';
    let first = true;
    for await (const batch of batches) {
      if (batch.json.length > 0) {
        yield first ? batch.json : `,${batch.json}`;
        first = false;
      }
      // Let the requests that arrived meanwhile be read and queue their queries before our next batch.
      await nextTurn();
    }
    yield ']';
  }
  return Readable.from(texts(), { objectMode: false, highWaterMark: 1 });
}

/** Reads batches of at most STREAM_BATCH_ROWS until `limit` rows (null: all) or the end. */
export async function* batchesUpTo<Cursor>(
  limit: number | null,
  read: (cursor: Cursor | null, size: number) => Promise<{ batch: JsonBatch; next: Cursor | null }>,
): AsyncGenerator<JsonBatch> {
  let remaining = limit ?? Number.POSITIVE_INFINITY;
  let cursor: Cursor | null = null;
  while (remaining > 0) {
    const size = Math.min(STREAM_BATCH_ROWS, remaining);
    const { batch, next } = await read(cursor, size);
    yield batch;
    remaining -= batch.rows;
    if (batch.rows < size || next === null) return;
    cursor = next;
  }
}

export interface HeavyReadBudgetOptions {
  /** Heavy reads one user may run at once. @default 2 */
  perUser?: number;
  /** Heavy reads the whole server runs at once. @default 6 */
  total?: number;
  /** A read whose work (not its wait for a connection) runs longer than this becomes a heavy read until it ends. @default SLOW_READ_MS */
  slowAfterMs?: number;
  /** How many such slow reads a user may cause in `slowWindowMs` before their reads are refused for a while. @default 10 */
  slowPerWindow?: number;
  /** @default 60000 */
  slowWindowMs?: number;
}

/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A read's time budget (issue 27, item 8): past it, the read counts as a heavy read. PGlite runs one
 * statement at a time for the whole process, so one read of this length already makes readiness
 * and sign-ins wait as long.
 */
export const SLOW_READ_MS = 500;

/** A refusal of the budget, with the wait it asks for. */
class BudgetRefusal extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

/**
 * How many heavy reads may run at once, per user and in all: one user cannot fill the server with
 * full exports. A heavy read is a streamed one (limits above one batch), or any read that ran past
 * its time budget (`slowAfterMs`): from then until it ends it holds one of its user's slots, and it
 * is remembered for `slowWindowMs`; a user with `slowPerWindow` of those in the window, or whose
 * slots are all held by slow reads, has their next reads refused. Over budget: 429 RATE_LIMITED
 * with Retry-After.
 */
export class HeavyReadBudget {
  private readonly perUser: number;
  private readonly total: number;
  readonly slowAfterMs: number;
  private readonly slowRule: { limit: number; windowMs: number };
  private readonly running = new Map<string, number>();
  /** Of `running`, the slots held by reads that ran past their budget. */
  private readonly slowRunning = new Map<string, number>();
  /** When each user's recent slow reads went past their budget. */
  private readonly slowMarks = new Map<string, number[]>();
  private runningTotal = 0;

  constructor({ perUser = 2, total = 6, slowAfterMs = SLOW_READ_MS, slowPerWindow = 10, slowWindowMs = 60_000 }: HeavyReadBudgetOptions = {}) {
    this.perUser = perUser;
    this.total = total;
    this.slowAfterMs = slowAfterMs;
    this.slowRule = { limit: slowPerWindow, windowMs: slowWindowMs };
  }

  /** The slots `user` holds now (streamed and slow reads). */
  heldBy(user: string): number {
    return this.running.get(user) ?? 0;
  }

  /** Takes one slot for `user`; call the answer exactly once when the read ends (any way). */
  acquire(user: string): () => void {
    const mine = this.running.get(user) ?? 0;
    if (mine >= this.perUser || this.runningTotal >= this.total) {
      throw new BudgetRefusal(
        mine >= this.perUser
          ? 'Demasiadas lecturas grandes a la vez: espere a que termine una'
          : 'El servidor está atendiendo demasiadas lecturas grandes: inténtelo en unos segundos',
        RETRY_AFTER_SECONDS,
      );
    }
    return this.take(user, false);
  }

  /**
   * Whether `user` may start an ordinary read: refused while their slots are all held by slow reads,
   * or after `slowPerWindow` slow reads in the window. Streamed reads alone do not refuse them.
   */
  admit(user: string, now = Date.now()): void {
    if ((this.slowRunning.get(user) ?? 0) >= this.perUser) {
      throw new BudgetRefusal('Sus consultas anteriores siguen ocupando la base de datos: espere a que terminen', RETRY_AFTER_SECONDS);
    }
    const decision = windowCheck(this.slowMarks.get(user) ?? [], this.slowRule, now);
    if (!decision.allowed) {
      throw new BudgetRefusal('Demasiadas consultas lentas en poco tiempo: acote la búsqueda o inténtelo más tarde', decision.retryAfterSeconds);
    }
  }

  /**
   * Runs an ordinary read of `user` under the time budget: admitted first (see admit); if it has
   * worked for `slowAfterMs`, it takes a heavy-read slot (even past the limit: it runs already)
   * until it ends, and counts as one of the user's slow reads. Its work is its elapsed time less
   * the time it waited for a database connection (a pooled one, or PGlite's turn): a cheap read
   * that queued behind others on a busy server is not a slow read (issue 31).
   */
  async measure<T>(user: string, work: () => Promise<T>): Promise<T> {
    this.admit(user);
    let release: (() => void) | null = null;
    const { clock, done } = startWorkClock(work);
    const check = () => {
      const left = this.slowAfterMs - clock.workMs();
      if (left > 0) {
        // It waited part of the time: look again when it could have worked the whole budget.
        timer = setTimeout(check, Math.ceil(left));
        return;
      }
      const now = Date.now();
      this.slowMarks.set(user, windowHit(this.slowMarks.get(user) ?? [], { ...this.slowRule, limit: Number.POSITIVE_INFINITY }, now).marks);
      release = this.take(user, true);
    };
    let timer = setTimeout(check, this.slowAfterMs);
    try {
      return await done;
    } finally {
      clearTimeout(timer);
      (release as (() => void) | null)?.();
    }
  }

  private take(user: string, slow: boolean): () => void {
    this.running.set(user, (this.running.get(user) ?? 0) + 1);
    if (slow) this.slowRunning.set(user, (this.slowRunning.get(user) ?? 0) + 1);
    this.runningTotal += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningTotal -= 1;
      decrement(this.running, user);
      if (slow) decrement(this.slowRunning, user);
    };
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/** Who a read counts against: the signed-in user, else the client's address. */
const budgetKey = (request: FastifyRequest) => String(request.user?.id ?? request.ip);

/** Answers a refusal's Retry-After and rethrows it; anything else is rethrown as it is. */
function withRetryAfter(reply: FastifyReply, error: unknown): never {
  if (error instanceof BudgetRefusal) void reply.header('retry-after', String(error.retryAfterSeconds));
  throw error;
}

/** An ordinary read of the request's user under the heavy-read budget's time rule (see HeavyReadBudget.measure). */
export async function measuredRead<T>(request: FastifyRequest, reply: FastifyReply, budget: HeavyReadBudget, work: () => Promise<T>): Promise<T> {
  try {
    return await budget.measure(budgetKey(request), work);
  } catch (error) {
    return withRetryAfter(reply, error);
  }
}

/**
 * Sends `batches` as a streamed JSON array under the budget of the request's user. The first batch
 * is read before anything is sent, so a bad request or an unreachable database still gets its
 * status and the error shape; a failure after that can only cut the answer short (the connection
 * is closed, and the client sees an incomplete array, never a complete wrong one).
 */
export async function sendHeavyRead(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: HeavyReadBudget,
  batches: AsyncIterable<JsonBatch>,
): Promise<FastifyReply> {
  let release: () => void;
  try {
    release = budget.acquire(budgetKey(request));
  } catch (error) {
    withRetryAfter(reply, error);
  }
  try {
    const iterator = batches[Symbol.asyncIterator]();
    const first = await iterator.next();
    async function* all(): AsyncGenerator<JsonBatch> {
      if (first.done) return;
      yield first.value;
      // The rest of the same iterator; closing the stream returns it, which ends the reading.
      yield* { [Symbol.asyncIterator]: () => iterator };
    }
    const stream = jsonArrayStream(all());
    stream.once('close', release);
    // However the response ends (finished, or the client went away), the reading ends with it and
    // its slot is given back.
    reply.raw.once('close', () => stream.destroy());
    stream.once('error', (error) => request.log.warn({ err: error }, 'streamed read cut short'));
    return reply.type('application/json; charset=utf-8').send(stream);
  } catch (error) {
    release();
    throw error;
  }
}
