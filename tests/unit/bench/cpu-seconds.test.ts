import { describe, expect, it } from 'vitest';
import { cpuSeconds, statCpuSeconds } from '../../../scripts/bench/load';

// The gateway bench's CPU an answer (issue 30) reads a server's CPU time from /proc: here it is
// read for this very process and held to what Node says of it (getrusage), in /proc's 10 ms
// ticks, which the kernel charges as its timer interrupts sample the process: up to a few ticks
// behind or ahead of getrusage's exact count.

/** Node's own count of this process's CPU time, user and system, in seconds. */
const nodeSays = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

describe('a process\'s CPU seconds, from /proc', () => {
  it('reads what Node counts for this process, within three of /proc\'s 10 ms ticks', () => {
    // Half a second of work, so the reading has moved by many ticks.
    const start = nodeSays();
    let spin = 0;
    while (nodeSays() - start < 0.5) spin++;
    const [before, read, after] = [nodeSays(), cpuSeconds(process.pid), nodeSays()].map((seconds) => Math.round(seconds * 100));
    expect(spin).toBeGreaterThan(0);
    expect(read).toBeGreaterThanOrEqual(before! - 3);
    expect(read).toBeLessThanOrEqual(after! + 3);
  });

  it('counts the fields after the command name, whatever it holds', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const stat = '4242 (node (web) 1) S 1 4242 4242 0 -1 4194560 2000 0 7 0 1234 567 0 0 20 0 11 0\n';
    expect(statCpuSeconds(stat)).toBe(18.01);
    expect(() => cpuSeconds(2 ** 22 + 1)).toThrow(/ENOENT/);
  });
});
