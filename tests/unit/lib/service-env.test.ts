import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeProcess } from '../../../scripts/lib/processes';

// Decision 0101: the api process is started with glibc's malloc asking for 2 MB pages
// (GLIBC_TUNABLES), unless the environment already says otherwise; the web is not.
// Stand-in scripts under a server/ folder print what they were given.

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-service-env-'));
  fs.mkdirSync(path.join(dir, 'server'));
  for (const name of ['api.js', 'web.js']) fs.writeFileSync(path.join(dir, 'server', name), "console.log(process.env.GLIBC_TUNABLES ?? 'unset');\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function tunablesOf(script: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const proc = startNodeProcess(path.join(dir, 'server', script), env);
  expect(await proc.exited).toBe(0);
  return proc.output().trim();
}

describe('the environment a service is started with', () => {
  it('gives the api huge pages for its malloc, and the web nothing', async () => {
    expect(process.env.GLIBC_TUNABLES).toBeUndefined();
    expect(await tunablesOf('api.js')).toBe('glibc.malloc.hugetlb=1');
    expect(await tunablesOf('web.js')).toBe('unset');
  });

  it('keeps a value the caller set', async () => {
    expect(await tunablesOf('api.js', { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' })).toBe('glibc.malloc.hugetlb=0');
  });
});
