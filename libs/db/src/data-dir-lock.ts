import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const DATA_DIR_LOCK_FILE = 'camposense.lock';

/** Another live process holds the data folder: PGlite is one connection, two would corrupt it. */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly holderPid: number;

  constructor(dataDir: string, holderPid: number) {
    super(
      `DATA_DIR ${dataDir} ya está en uso por otro proceso de CampoSense (pid ${holderPid}). ` +
        'Dos servidores sobre la misma carpeta la corromperían: detenga el otro o use otro DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.holderPid = holderPid;
  }
}

interface LockContent {
  pid: number;
  host: string;
  /** The holder's start time as the kernel counts it (Linux), so a reused pid is not taken for it. */
  started: string | null;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; it is alive all the same.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, host: String(parsed.host ?? ''), started: parsed.started ?? null };
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote `lock` still runs: same host, alive, and not a reused pid (after a
 * crash in a container the next start is pid 1 again; its start time tells it from the old one).
 */
function holderRuns(lock: LockContent): boolean {
  if (lock.host !== hostname()) return true; // another machine (a shared volume): cannot tell, assume so
  if (!isAlive(lock.pid)) return false;
  const started = processStartTime(lock.pid);
  return lock.started === null || started === null || started === lock.started;
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data folder for this process: creates `camposense.lock` exclusively (O_EXCL) with our
 * pid; a lock left by a process that no longer runs is replaced. Throws DataDirLockedError when a
 * live process holds it. The lock is released by `release()` and, failing that, when the process
 * exits (a crash leaves a stale file that the next start replaces).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  const content: LockContent = { pid: process.pid, host: hostname(), started: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let descriptor: number;
    try {
      descriptor = openSync(file, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder && holderRuns(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // Stale (or unreadable, from a crash in the middle of writing it): remove and try again.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    writeSync(descriptor, JSON.stringify(content));
    closeSync(descriptor);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.removeListener('exit', release);
      // Remove it only while it is still ours.
      if (readLock(file)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      }
    };
    process.on('exit', release);
    return { release };
  }
  const holder = readLock(file);
  throw new DataDirLockedError(dataDir, holder?.pid ?? -1);
}
