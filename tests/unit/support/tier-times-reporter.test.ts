import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import TierTimesReporter from '../../support/tier-times-reporter';

// The reporter CI prints each tier's time with: the tiers run side by side, so each gets the
// wall time from its first file's start to its last file's end, and its files' times summed.

afterEach(() => {
  vi.restoreAllMocks();
});

function run(events: [at: number, event: 'queued' | 'end', tier: string, file: string][]): string[] {
  const printed: string[] = [];
  const reporter = new TierTimesReporter();
  reporter.onInit({ logger: { log: (text: string) => printed.push(text) } } as unknown as Vitest);
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
      [0, 'queued', 'unit', 'a'],
      [1_000, 'queued', 'integration', 'b'],
      [2_000, 'end', 'unit', 'a'],
      [2_000, 'queued', 'unit', 'c'],
      [2_500, 'end', 'unit', 'c'],
      [61_000, 'end', 'integration', 'b'],
    ]);
    expect(lines).toEqual([
      '',
      ' Tier times',
      // Names padded to the longest one's width.
      '  unit           2.5 s wall    2.5 s summed over 2 files',
      '  integration   60.0 s wall   60.0 s summed over 1 file',
      '',
    ]);
  });

  it('prints nothing when no file ran', () => {
    expect(run([])).toEqual(['']);
  });
});
