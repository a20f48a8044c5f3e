import type { TestProject } from 'vitest/node';

// A global setup listed by several projects (the integration tier, the files that need a
// process of their own, the e2e tier: tests/vitest.config.ts) runs once per project: its part
// (a database server, a template) is made by the first and handed to each; the first alone
// tears it down.

type Made = { provided: Record<string, string>; teardown?: () => unknown };

const made = ((globalThis as { __vitrineMadeOncePerRun?: Map<string, Promise<Made>> }).__vitrineMadeOncePerRun ??= new Map());

export async function oncePerRun(name: string, project: TestProject, make: () => Promise<Made>): Promise<Made['teardown']> {
  const first = !made.has(name);
  if (first) made.set(name, make());
  const { provided, teardown } = await made.get(name)!;
  for (const [key, value] of Object.entries(provided)) project.provide(key as never, value as never);
  return first ? teardown : undefined;
}
