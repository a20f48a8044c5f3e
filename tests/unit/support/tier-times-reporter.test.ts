import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import TierTimesReporter, { SLOWEST_SHOWN } from '../../support/tier-times-reporter';

// The reporter CI prints each tier's time with: the tiers run side by side, so each gets the
// wall time from its first file's start to its last file's end, and its files' times summed.

afterEach(() => {
  vi.restoreAllMocks();
});

function run(events: [at: number, event: 'queued' | 'end', tier: string, file: string][]): string[] {
  const printed: string[] = [];
  const reporter = new TierTimesReporter();
  reporter.onInit({ logger: { log: (text: string) => printed.push(text) }, config: { root: '/work/repo' } } as unknown as Vitest);
  const now = vi.spyOn(performance, 'now');
  for (const [at, event, tier, file] of events) {
    now.mockReturnValue(at);
    const module = { moduleId: file, project: { name: tier } } as unknown as TestModule;
    if (event === 'queued') reporter.onTestModuleQueued(module);
    else reporter.onTestModuleEnd(module);
  }
  reporter.onTestRunEnd();
  return printed.join('\n').split('\n');
}

describe('the tier times reporter', () => {
  it("prints each tier's wall time, first start to last end, and its summed file time", () => {
    const lines = run([
      [0, 'queued', 'unit', '/work/repo/a'],
      [1_000, 'queued', 'integration', '/work/repo/b'],
      [2_000, 'end', 'unit', '/work/repo/a'],
      [2_000, 'queued', 'unit', '/work/repo/c'],
      [2_500, 'end', 'unit', '/work/repo/c'],
      [61_000, 'end', 'integration', '/work/repo/b'],
    ]);
    expect(lines).toEqual([
      '',
      ' Tier times',
      // Names padded to the longest one's width.
      '  unit           2.5 s wall    2.5 s summed over 2 files',
      '  integration   60.0 s wall   60.0 s summed over 1 file',
      '',
      ' Slowest files',
      '    60.0 s  integration  b',
      '     2.0 s  unit         a',
      '     0.5 s  unit         c',
      '',
    ]);
  });

  it('names the slowest files only, slowest first, by their path in the repository', () => {
    const events: [number, 'queued' | 'end', string, string][] = [];
    for (let i = 1; i <= SLOWEST_SHOWN + 3; i += 1) {
      events.push([0, 'queued', 'e2e', `/work/repo/tests/e2e/f${i}.test.ts`], [i * 1_000, 'end', 'e2e', `/work/repo/tests/e2e/f${i}.test.ts`]);
    }
    const slow = run(events).slice(5, -1);
    expect(slow).toEqual(
      Array.from({ length: SLOWEST_SHOWN }, (_, i) => {
        const n = SLOWEST_SHOWN + 3 - i;
        return `  ${`${n}.0 s`.padStart(8)}  e2e  tests/e2e/f${n}.test.ts`;
      }),
    );
  });

  it('prints nothing when no file ran', () => {
    expect(run([])).toEqual(['']);
  });
});
