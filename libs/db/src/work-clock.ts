import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/**
 * How long a piece of work (one request's read) actually worked, as opposed to how long it waited
 * for the database: for a pooled PostgreSQL connection (`pool.connect`, also inside `pool.query`),
 * or for PGlite, which is one connection and runs one statement (or transaction) at a time for the
 * whole process, so its queue is the same kind of wait (issue 31, item 1).
 *
 * Waiting is the time during which the work had a statement queued for the connection and none
 * running: a read whose own statements run in parallel is working while one of them waits.
 * `workMs` is the elapsed time less that. Clocks nest: a wait seen by an inner clock is also one of
 * its outer clock's.
 */
export class WorkClock {
  private readonly startedAt = performance.now();
  private queued = 0;
  private running = 0;
  private waitedMs = 0;
  /** Since when it has been waiting (something queued, nothing running), or null. */
  private waitingSince: number | null = null;

  constructor(private readonly outer: WorkClock | undefined = workClocks.getStore()) {}

  /** Time it has spent working so far: elapsed less waiting for a connection. */
  workMs(now = performance.now()): number {
    return now - this.startedAt - this.waitedMs - (this.waitingSince === null ? 0 : now - this.waitingSince);
  }

  /** A statement asked for the connection; call the answer when it has it (or gave up). */
  queue(): () => void {
    return this.enter(1, 0, this.outer?.queue());
  }

  /** A statement holds the connection; call the answer when it gives it back. */
  run(): () => void {
    return this.enter(0, 1, this.outer?.run());
  }

  /** Counts a statement in (queued or running) and answers how to count it out, once, here and in the outer clock. */
  private enter(queued: number, running: number, outerEnd: (() => void) | undefined): () => void {
    this.change(queued, running);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.change(-queued, -running);
      outerEnd?.();
    };
  }

  private change(queued: number, running: number): void {
    const now = performance.now();
    if (this.waitingSince !== null) this.waitedMs += now - this.waitingSince;
    this.queued += queued;
    this.running += running;
    this.waitingSince = this.queued > 0 && this.running === 0 ? now : null;
  }
}

/** The clock of the work under way in this asynchronous context, if any is being measured. */
export const workClocks = new AsyncLocalStorage<WorkClock>();

/** Runs `work` under a new clock (nested in the current one), and answers the clock and the work's promise. */
export function startWorkClock<T>(work: () => Promise<T>): { clock: WorkClock; done: Promise<T> } {
  const clock = new WorkClock();
  return { clock, done: workClocks.run(clock, work) };
}

interface PoolLike {
  connect(...args: unknown[]): unknown;
}

interface PooledClient {
  release(...args: unknown[]): unknown;
}

/**
 * Makes a pg pool report its waits to the current work clock: from `connect` (either form, and the
 * one `pool.query` uses) until the client comes, the work waits; from then until `release`, it runs.
 */
export function clockPoolWaits(pool: PoolLike): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = (...args: unknown[]) => {
    const clock = workClocks.getStore();
    if (!clock) return connect(...args);
    const got = clock.queue();
    const running = (client: PooledClient | undefined) => {
      got();
      if (!client) return;
      const done = clock.run();
      const release = client.release.bind(client);
      // pg sets a new `release` on each checkout, so this wraps this checkout's only.
      client.release = (...releaseArgs: unknown[]) => {
        done();
        return release(...releaseArgs);
      };
    };
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((error: unknown, client: PooledClient | undefined, release: unknown) => {
        running(error ? undefined : client);
        // The third argument is the checkout's release: the wrapped one, so the clock hears it.
        return (callback as (...callbackArgs: unknown[]) => unknown)(error, client, error || !client ? release : client.release);
      });
    }
    return (connect() as Promise<PooledClient>).then(
      (client) => {
        running(client);
        return client;
      },
      (error: unknown) => {
        got();
        throw error;
      },
    );
  };
}

interface ExclusiveRunner {
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
}

/**
 * Makes PGlite report its queue to the current work clock. PGlite runs every query, `exec` and
 * transaction under its own locks (`_runExclusiveTransaction`, then `_runExclusiveQuery`); the
 * work waits until its turn comes and runs until it ends. Checked by work-clock.api.test.ts against
 * the installed version.
 */
export function clockPgliteWaits(client: object): void {
  const runner = client as ExclusiveRunner;
  for (const name of ['_runExclusiveTransaction', '_runExclusiveQuery'] as const) {
    const exclusive = runner[name];
    if (typeof exclusive !== 'function') throw new Error(`PGlite sin ${name}: revise clockPgliteWaits`);
    const original = exclusive.bind(client) as ExclusiveRunner[typeof name];
    runner[name] = <T>(run: () => Promise<T>): Promise<T> => {
      const clock = workClocks.getStore();
      if (!clock) return original(run);
      const got = clock.queue();
      return original(async () => {
        got();
        const done = clock.run();
        try {
          return await run();
        } finally {
          done();
        }
      }).finally(got);
    };
  }
}
