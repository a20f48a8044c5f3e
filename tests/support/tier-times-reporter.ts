import type { Reporter, TestModule, Vitest } from 'vitest/node';

// Prints, at the end of a run, how long each tier (vitest project) took, so CI shows which
// tier grows (issue 26: CI at 880 s and growing). The tiers run side by side, so the run's
// total is not their sum: each gets its wall time, from its first file being queued to its
// last file's end, and its summed file time (each file queued to end, added up), which
// is what the tier would cost one file at a time. Global setups (the build, the databases)
// run before any file and belong to no tier. Then the slowest files, each with its tier, so a
// CI log says where the time went without a second run.

type Tier = { first: number; last: number; summed: number; files: number };

/** How many of the slowest files the end of a run names. */
export const SLOWEST_SHOWN = 12;

export default class TierTimesReporter implements Reporter {
  private logger: Vitest['logger'] | undefined;
  private readonly started = new Map<string, number>();
  private readonly tiers = new Map<string, Tier>();
  private readonly files: { name: string; tier: string; ms: number }[] = [];

  onInit(vitest: Vitest): void {
    this.logger = vitest.logger;
    this.started.clear();
    this.tiers.clear();
    this.files.length = 0;
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const start = this.started.get(module.moduleId) ?? end;
    const name = module.project.name || 'default';
    this.files.push({ name: module.moduleId, tier: name, ms: end - start });
    const tier = this.tiers.get(name);
    if (tier) {
      tier.first = Math.min(tier.first, start);
      tier.last = Math.max(tier.last, end);
      tier.summed += end - start;
      tier.files += 1;
    } else this.tiers.set(name, { first: start, last: end, summed: end - start, files: 1 });
  }

  onTestRunEnd(): void {
    if (this.tiers.size === 0) return;
    const width = Math.max(...[...this.tiers.keys()].map((name) => name.length));
    const lines = [...this.tiers].map(
      ([name, tier]) =>
        `  ${name.padEnd(width)} ${seconds(tier.last - tier.first).padStart(8)} wall ${seconds(tier.summed).padStart(8)} summed over ${tier.files} file${tier.files === 1 ? '' : 's'}`,
    );
    const slowest = [...this.files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
    const slow = slowest.map((file) => `  ${seconds(file.ms).padStart(8)}  ${file.tier.padEnd(width)}  ${relative(file.name)}`);
    this.logger?.log(['', ' Tier times', ...lines, '', ' Slowest files', ...slow, ''].join('\n'));
  }
}

/** A file's path from the repository's root (vitest gives absolute ones). */
function relative(file: string): string {
  const at = file.lastIndexOf('/tests/');
  return at === -1 ? file : file.slice(at + 1);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
