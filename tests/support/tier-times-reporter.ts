import type { Reporter, TestModule, Vitest } from 'vitest/node';

// Prints, at the end of a run, how long each tier (vitest project) took, so CI shows which
// tier grows (issue 26: CI at 880 s and growing). The tiers run side by side, so the run's
// total is not their sum: each gets its wall time, from its first file being queued to its
// last file's end, and its summed file time (each file queued to end, added up), which
// is what the tier would cost one file at a time. Global setups (the build, the databases)
// run before any file and belong to no tier.

type Tier = { first: number; last: number; summed: number; files: number };

export default class TierTimesReporter implements Reporter {
  private logger: Vitest['logger'] | undefined;
  private readonly started = new Map<string, number>();
  private readonly tiers = new Map<string, Tier>();

  onInit(vitest: Vitest): void {
    this.logger = vitest.logger;
    this.started.clear();
    this.tiers.clear();
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const start = this.started.get(module.moduleId) ?? end;
    const name = module.project.name || 'default';
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
    this.logger?.log(['', ' Tier times', ...lines, ''].join('\n'));
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
