import type { StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageAssets, type ClientManifest } from '../../../server/web/render/page-assets';

// A page's document preloads the client entry's chunks and the modules of the routes it
// matched (so hydration does not wait for them), and no other route's.

const manifest: ClientManifest = {
  entry: '/assets/entry.js',
  css: ['/assets/entry.css'],
  modulepreload: ['/assets/chunks/shell.js'],
  catalogs: {},
  routes: {
    listing: ['/assets/chunks/listing.route.js', '/assets/chunks/cards.js'],
    product: ['/assets/chunks/product.route.js', '/assets/chunks/cards.js'],
    user: ['/assets/chunks/user.route.js'],
    'user-settings': ['/assets/chunks/user-settings.route.js'],
  },
};
const matched = (...ids: string[]) => ids.map((id) => ({ route: { id } })) as unknown as StaticHandlerContext['matches'];

describe('the modules a page preloads', () => {
  it('are the shell and the matched route module with its chunks', () => {
    expect(pageAssets(manifest, matched('root', 'listing-search'))).toEqual({
      entry: '/assets/entry.js',
      css: ['/assets/entry.css'],
      modulepreload: ['/assets/chunks/shell.js', '/assets/chunks/listing.route.js', '/assets/chunks/cards.js'],
    });
  });

  it('include every nested route module once, and only the shell on a page of no lazy route', () => {
    expect(pageAssets(manifest, matched('root', 'user', 'user-settings')).modulepreload).toEqual([
      '/assets/chunks/shell.js',
      '/assets/chunks/user.route.js',
      '/assets/chunks/user-settings.route.js',
    ]);
    expect(pageAssets(manifest, matched('root')).modulepreload).toEqual(['/assets/chunks/shell.js']);
  });
});
