import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

// Prints, at the end of a run, how long each tier (vitest project) took, so CI shows which
// tier grows (issue 26: CI at 880 s and growing). The tiers run side by side, so the run's
// total is not their sum: each gets its wall time, from its first file being queued to its
// last file's end, and its summed file time (each file queued to end, added up), which
// is what the tier would cost one file at a time. Global setups (the build, the databases)
// run before any file and belong to no tier. Then the slowest files, each with its tier, so a
// CI log says where the time went without a second run.

/** How many of the slowest files the end of a run names. */
export const SLOWEST_SHOWN = 12;

/** One file of the run: queued at `start`, ended at `end` (ms). */
type FileTime = { file: string; tier: string; start: number; end: number };

export default class TierTimesReporter implements Reporter {
  private logger: Vitest['logger'] | undefined;
  private root = '';
  private readonly started = new Map<string, number>();
  private readonly files: FileTime[] = [];

  onInit(vitest: Vitest): void {
    this.logger = vitest.logger;
    this.root = vitest.config.root;
    this.started.clear();
    this.files.length = 0;
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    this.files.push({ file: module.moduleId, tier: module.project.name || 'default', start: this.started.get(module.moduleId) ?? end, end });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const tiers = new Map<string, FileTime[]>();
    for (const file of this.files) {
      const files = tiers.get(file.tier);
      if (files) files.push(file);
      else tiers.set(file.tier, [file]);
    }
    const width = Math.max(...[...tiers.keys()].map((name) => name.length));
    const lines = [...tiers].map(([name, files]) => {
      const wall = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
      const summed = files.reduce((sum, f) => sum + f.end - f.start, 0);
      return `  ${name.padEnd(width)} ${seconds(wall).padStart(8)} wall ${seconds(summed).padStart(8)} summed over ${files.length} file${files.length === 1 ? '' : 's'}`;
    });
    const slowest = [...this.files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, SLOWEST_SHOWN);
    const slow = slowest.map((f) => `  ${seconds(f.end - f.start).padStart(8)}  ${f.tier.padEnd(width)}  ${path.relative(this.root, f.file)}`);
    this.logger?.log(['', ' Tier times', ...lines, '', ' Slowest files', ...slow, ''].join('\n'));
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
