import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';

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
  /** Streamed reads one user may run at once. @default 2 */
  perUser?: number;
  /** Streamed reads the whole server runs at once. @default 6 */
  total?: number;
}

/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * How many heavy reads may run at once, per user and in all: one user cannot fill the server with
 * full exports. Over budget: 429 RATE_LIMITED with Retry-After.
 */
export class HeavyReadBudget {
  private readonly perUser: number;
  private readonly total: number;
  private readonly running = new Map<string, number>();
  private runningTotal = 0;

  constructor({ perUser = 2, total = 6 }: HeavyReadBudgetOptions = {}) {
    this.perUser = perUser;
    this.total = total;
  }

  /** Takes one slot for `user`; call the answer exactly once when the read ends (any way). */
  acquire(user: string): () => void {
    const mine = this.running.get(user) ?? 0;
    if (mine >= this.perUser || this.runningTotal >= this.total) {
      const error = new ApiError(
        429,
        'RATE_LIMITED',
        mine >= this.perUser
          ? 'Demasiadas lecturas grandes a la vez: espere a que termine una'
          : 'El servidor está atendiendo demasiadas lecturas grandes: inténtelo en unos segundos',
      );
      throw error;
    }
    this.running.set(user, mine + 1);
    this.runningTotal += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningTotal -= 1;
      const left = (this.running.get(user) ?? 1) - 1;
      if (left > 0) this.running.set(user, left);
      else this.running.delete(user);
    };
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
    release = budget.acquire(String(request.user?.id ?? request.ip));
  } catch (error) {
    void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    throw error;
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
