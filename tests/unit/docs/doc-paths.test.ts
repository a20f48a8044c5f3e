import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 26: the documents had drifted from the code (files named on paths they had left, a
// layout without a folder that existed). Every repository path a Markdown file names in
// backticks, and every relative link, must exist, so a move that forgets its documents fails
// here instead of misleading the next reader.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Folders that are not the repository's own text: dependencies, build output, test output,
// the embedded database, hidden folders but the CI's.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-test', 'tests/output']);

/** The top-level folders whose names start a repository path in the documents. */
const PATH_ROOTS = ['server/', 'client/', 'shared/', 'scripts/', 'tests/', 'docs/', '.ci/'];

/** Files at the root that documents name bare. */
const ROOT_FILES = new Set(['package.json', 'package-lock.json', 'tsconfig.json', 'eslint.config.js', 'Dockerfile', '.gitignore', '.dockerignore']);

/** Written by the tests or the build, so absent from a fresh clone. */
const GENERATED = ['tests/output/'];

function markdownFiles(dir = ROOT, rel = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const folder = path.posix.join(rel, entry.name);
      if (SKIPPED_DIRS.has(folder) || (entry.name.startsWith('.') && folder !== '.ci')) continue;
      found.push(...markdownFiles(path.join(dir, entry.name), folder));
    } else if (entry.name.endsWith('.md')) {
      found.push(path.posix.join(rel, entry.name));
    }
  }
  return found.sort();
}

/**
 * The repository path a backticked token names, or undefined when it names none: it must start
 * with a top-level folder (or be a root file, or a Markdown file at the root) and hold nothing
 * but path characters. A placeholder (`client/components/<area>/`, `…/{slug}`, a glob) stops
 * the path at the folder before it: that folder must exist.
 */
function repositoryPath(token: string): string | undefined {
  const bare = token.replace(/[#:].*$/, '');
  if (ROOT_FILES.has(bare) || /^[A-Z][\w-]*\.md$/.test(bare)) return bare;
  if (!PATH_ROOTS.some((root) => bare.startsWith(root))) return undefined;
  if (!/^[\w./<>{}*…@[\]-]+$/.test(bare)) return undefined;
  if (GENERATED.some((generated) => bare.startsWith(generated))) return undefined;
  const placeholder = bare.search(/[<{*…[]/);
  if (placeholder === -1) return bare;
  return bare.slice(0, bare.lastIndexOf('/', placeholder) + 1);
}

type Miss = { file: string; line: number; path: string };

function missingPaths(file: string): Miss[] {
  const misses: Miss[] = [];
  let fenced = false;
  readFileSync(path.join(ROOT, file), 'utf8').split('\n').forEach((text, index) => {
    // A fenced block is a command or an example, not a claim about the tree.
    if (text.trimStart().startsWith('```')) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const [, token] of text.matchAll(/`([^`]+)`/g)) {
      const named = token === undefined ? undefined : repositoryPath(token);
      if (named !== undefined && !existsSync(path.join(ROOT, named))) misses.push({ file, line: index + 1, path: named });
    }
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const linked = path.posix.join(path.posix.dirname(file), target.replace(/#.*$/, ''));
      if (!existsSync(path.join(ROOT, linked))) misses.push({ file, line: index + 1, path: linked });
    }
  });
  return misses;
}

describe('paths named in the documents', () => {
  it('reads the README, ARCHITECTURE.md and every document under docs/', () => {
    const files = markdownFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('ARCHITECTURE.md');
    expect(files).toContain('docs/api.md');
    expect(files.filter((file) => file.startsWith('node_modules/') || file.startsWith('tests/output/'))).toEqual([]);
  });

  it('takes a backticked token for a repository path only when it starts at a top-level folder or is a root file', () => {
    expect(repositoryPath('server/web/app.ts')).toBe('server/web/app.ts');
    expect(repositoryPath('client/routes/')).toBe('client/routes/');
    expect(repositoryPath('tests/integration/load-balancer.test.ts')).toBe('tests/integration/load-balancer.test.ts');
    expect(repositoryPath('.ci/run')).toBe('.ci/run');
    expect(repositoryPath('package.json')).toBe('package.json');
    expect(repositoryPath('ARCHITECTURE.md#catalog-index')).toBe('ARCHITECTURE.md');
    expect(repositoryPath('client/components/<area>/')).toBe('client/components/');
    expect(repositoryPath('client/routes/*.route.tsx')).toBe('client/routes/');
    expect(repositoryPath('tests/unit/docs/**')).toBe('tests/unit/docs/');
    expect(repositoryPath('cache-policy.ts')).toBeUndefined();
    expect(repositoryPath('stores.json')).toBeUndefined();
    // eslint-disable-next-line no-restricted-syntax -- a backticked '/api/…' in Markdown: a string, no call
    expect(repositoryPath('/api/search/listing')).toBeUndefined();
    expect(repositoryPath('dist/server/web.js')).toBeUndefined();
    expect(repositoryPath('tests/output/screenshots/')).toBeUndefined();
    expect(repositoryPath('server/web/app.ts (middleware)')).toBeUndefined();
  });

  it('names only paths that exist', () => {
    const misses = markdownFiles().flatMap(missingPaths);
    expect(misses.map((miss) => `${miss.file}:${miss.line} names ${miss.path}, which does not exist`)).toEqual([]);
  });
});

// Issue 26: a newcomer reads the README and ARCHITECTURE.md in under an hour; what does not fit
// goes to docs/ (the api reference, decisions, the performance journal).
describe('the two documents a newcomer reads first', () => {
  it('are 400 lines at most each', () => {
    const lines = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').trimEnd().split('\n').length;
    expect({ readme: lines('README.md') <= 400, architecture: lines('ARCHITECTURE.md') <= 400 }).toEqual({ readme: true, architecture: true });
  });
});
