import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, procStat, type ProcStat } from '../../../server/api/db/data-dir-lock';
import { pollUntil } from '../../support/poll';

// The embedded database's lock against the processes a restart meets (issue 25): the old api
// killed -9 and not yet reaped (a zombie: kill(pid, 0) still succeeds), a pid now used by
// another process, and a live owner. Real processes, found through /proc as the lock does.

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-lock-'));
  dirs.push(dir);
  return dir;
}

/** A process that lives until the test ends. */
async function liveProcess(): Promise<number> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child.pid!;
}

/**
 * A zombie: perl starts a child and never reaps it (it sets no SIGCHLD handler); the child
 * exits at once and stays in the process table, as an api killed -9 does until its parent
 * waits for it. (perl-base is part of every Debian.)
 */
async function zombieProcess(): Promise<number> {
  const parent = spawn('perl', ['-e', '$| = 1; my $pid = fork() // die; exit 0 unless $pid; print "$pid\n"; sleep 600'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(parent);
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  await pollUntil('the child to become a zombie', async () => (stat(pid).state === 'Z' ? true : undefined));
  return pid;
}

function stat(pid: number): ProcStat {
  const found = procStat(pid);
  if (typeof found !== 'object') throw new Error(`no /proc entry for ${pid}`);
  return found;
}

/** The lock file as the process `pid` would have written it, with `startTime` as recorded. */
function lockedBy(pid: number, startTime: string): string {
  const dir = dataDir();
  fs.writeFileSync(path.join(dir, 'vitrine.lock'), `${pid} ${startTime}`);
  return dir;
}

const ownLock = (dir: string) => fs.readFileSync(path.join(dir, 'vitrine.lock'), 'utf8');

describe.runIf(fs.existsSync('/proc/self/stat'))('the data directory lock', () => {
  it('takes over the lock of an api killed -9 that is still a zombie', async () => {
    const zombie = await zombieProcess();
    expect(() => process.kill(zombie, 0)).not.toThrow();
    const dir = lockedBy(zombie, stat(zombie).startTime);
    const lock = lockDataDir(dir);
    expect(ownLock(dir)).toBe(`${process.pid} ${stat(process.pid).startTime}`);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'vitrine.lock'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to a process that started at another time', async () => {
    const other = await liveProcess();
    const dir = lockedBy(other, String(Number(stat(other).startTime) - 1));
    lockDataDir(dir).release();
  });

  it('refuses a lock whose owner is alive and started when the lock says', async () => {
    const owner = await liveProcess();
    const dir = lockedBy(owner, stat(owner).startTime);
    expect(() => lockDataDir(dir)).toThrow(new DataDirLockedError(dir, owner));
    expect(fs.readFileSync(path.join(dir, 'vitrine.lock'), 'utf8')).toBe(`${owner} ${stat(owner).startTime}`);
  });

  it('refuses a lock written with the pid alone while that process lives', async () => {
    const owner = await liveProcess();
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'vitrine.lock'), String(owner));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});
