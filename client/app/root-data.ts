import type { CountryResponse } from '../../shared/api/home-schemas';
import type { MenuWire } from './menu-wire';
import type { Viewer } from './viewer';

/**
 * What the root loader (routes/root.route.tsx) hands the shell. Its own module so hooks that
 * read it (site-hooks.ts) need not import the root route, whose imports reach back to them.
 */
export type RootData = { menu: MenuWire; country: CountryResponse | null; viewer?: Viewer };
