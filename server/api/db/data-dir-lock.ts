import fs from 'node:fs';
import path from 'node:path';

// PGlite is one process's database: two processes writing one data directory destroy it.
// The lock file holds the owner's pid and, where /proc tells it, the process's start time; a
// lock whose process is gone (kill -9, power cut) is stale and taken over.
//
// "Gone" is more than kill(pid, 0) failing (issue 25): right after kill -9 the old api can be
// a zombie its parent has not reaped yet, and after a reboot or a long while its pid can
// belong to another process. /proc/<pid>/stat tells both apart from a live owner: state Z
// (or X) is dead, and a start time other than the one recorded is another process. Where
// /proc is absent (macOS), kill(pid, 0) is all there is.

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(
      `The database directory ${dataDir} is in use by another Vitrine api process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** A process as /proc/<pid>/stat shows it: its state letter and start time (clock ticks after boot). */
export type ProcStat = { state: string; startTime: string };

const HAS_PROC = fs.existsSync('/proc/self/stat');

/** The process's stat, 'gone' when /proc has no such process, undefined without /proc. */
export function procStat(pid: number): ProcStat | 'gone' | undefined {
  if (!HAS_PROC) return undefined;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'gone';
  }
  // Field 2, the command name, is in parentheses and may hold spaces and ')': the fields
  // that follow the last ')' are state (field 3) … starttime (field 22).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

type Owner = { pid: number; startTime: string | undefined };

function ownerIsAlive(owner: Owner): boolean {
  const stat = procStat(owner.pid);
  if (stat === 'gone') return false;
  if (stat) return stat.state !== 'Z' && stat.state !== 'X' && (owner.startTime === undefined || owner.startTime === stat.startTime);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** "pid starttime" (a lock written before start times were recorded holds the pid alone). */
function readOwner(text: string): Owner | undefined {
  const [pid, startTime] = text.trim().split(/\s+/);
  const owner = Number(pid);
  return Number.isInteger(owner) && owner > 0 ? { pid: owner, startTime } : undefined;
}

export type DataDirLock = { release(): void };

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'vitrine.lock');
  const own = procStat(process.pid);
  const content = typeof own === 'object' ? `${process.pid} ${own.startTime}` : String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner.pid !== process.pid && ownerIsAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner.pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
