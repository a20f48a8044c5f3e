import type { StaticHandlerContext } from 'react-router';
import { ROUTE_MODULES } from '../../../client/routes';
import type { ClientAssets } from '../../../shared/payload';

// What a page's document links: the client entry's chunks, which every page needs, and the
// route modules of the routes it matched with their own chunks, so the browser fetches them
// with the entry instead of after it (the entry resolves them before hydrating). Nothing else:
// other routes' modules load when a navigation needs them.

/** The client build's manifest (scripts/build.ts writes it). */
export type ClientManifest = ClientAssets & {
  routes: Record<string, string[]>;
  /** Each language's compiled catalogue (shared/i18n), content-hashed. */
  catalogs: Record<string, string>;
};

export function pageAssets(manifest: ClientManifest, matches: StaticHandlerContext['matches']): ClientAssets {
  const files = new Set(manifest.modulepreload);
  for (const match of matches) {
    const module = ROUTE_MODULES.get(match.route.id);
    for (const file of (module && manifest.routes[module]) || []) files.add(file);
  }
  return { entry: manifest.entry, css: manifest.css, modulepreload: [...files] };
}
