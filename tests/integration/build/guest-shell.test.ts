import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_BUILD_ROOT } from '../../support/test-build';

// A guest's first load (every landing page a new visitor opens) carries the shell: the client
// entry and what it modulepreloads. The signed-in header's account menu is a lazy part
// (client/components/shell/AccountLinks.tsx), so its code is in a file of its own that only a
// signed-in page fetches.

const client = path.join(TEST_BUILD_ROOT, 'client');
const manifest = JSON.parse(fs.readFileSync(path.join(client, 'manifest.json'), 'utf8')) as { entry: string; modulepreload: string[] };

/** The source files a built script was made from, read off its source map, relative to the repository. */
function sourcesOf(asset: string): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(client, `${asset}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
}

describe("a guest's first load", () => {
  it('does not carry the account menu, whose code is a file of its own', () => {
    const shell = [manifest.entry, ...manifest.modulepreload].flatMap(sourcesOf);
    expect(shell).toContain('client/components/shell/AccountLinks.tsx');
    expect(shell).not.toContain('client/components/account/AccountMenu.tsx');
    const chunks = fs.readdirSync(path.join(client, 'assets/chunks')).filter((file) => file.endsWith('.js'));
    const menu = chunks.filter((file) => sourcesOf(`/assets/chunks/${file}`).includes('client/components/account/AccountMenu.tsx'));
    expect(menu).toHaveLength(1);
  });

  it('carries React Router but not its console warnings (scripts/build.ts), and keeps its errors', () => {
    const shell = [manifest.entry, ...manifest.modulepreload].map((asset) => fs.readFileSync(path.join(client, asset), 'utf8')).join('\n');
    // Warnings its production build writes to the console, and an error it throws.
    expect(shell).not.toContain('A router only supports one blocker at a time');
    expect(shell).not.toContain('instead of using router navigation APIs');
    expect(shell).toContain('You must provide a non-empty routes array to createRouter');
  });
});
