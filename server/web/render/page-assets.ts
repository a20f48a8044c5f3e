import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StaticHandlerContext } from 'react-router';
import { ROUTE_MODULES } from '../../../client/routes';
import type { ClientAssets } from '../../../shared/payload';

// What a page's document links: the client entry's chunks, which every page needs, and the
// route modules of the routes it matched with their own chunks, so the browser fetches them
// with the entry instead of after it (the entry resolves them before hydrating). Nothing else:
// other routes' modules load when a navigation needs them.

/** The client build's manifest (scripts/build.ts writes it). */
export type ClientManifest = ClientAssets & { routes: Record<string, string[]> };

/**
 * The build's stylesheet as every document's head carries it (client/app/inline-css.ts), and
 * the CSP source that allows exactly that text and no other inline style element.
 */
export type InlineCss = { text: string; cspHash: string };

/** The manifest with what the server reads from the build once at start. */
export type ClientBuild = ClientManifest & { inlineCss: InlineCss };

/**
 * The manifest's stylesheets as one text for a <style> element. The source-map comment goes
 * (inline, its relative address would resolve against the page's); the files stay served,
 * so a tool or a cached copy still finds them.
 */
export function readInlineCss(clientDir: string, manifest: ClientManifest): InlineCss {
  const text = manifest.css
    .map((href) => fs.readFileSync(path.join(clientDir, href), 'utf8').replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, ''))
    .join('\n');
  // Our own build's CSS, but a closing tag in it would end the element early: refuse to start.
  if (/<\/style/i.test(text)) throw new Error('The client stylesheet contains "</style": it cannot be inlined.');
  return { text, cspHash: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
}

export function pageAssets(manifest: ClientManifest, matches: StaticHandlerContext['matches']): ClientAssets {
  const files = new Set(manifest.modulepreload);
  for (const match of matches) {
    const module = ROUTE_MODULES.get(match.route.id);
    for (const file of (module && manifest.routes[module]) || []) files.add(file);
  }
  return { entry: manifest.entry, css: manifest.css, modulepreload: [...files] };
}
