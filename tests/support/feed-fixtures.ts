import fs from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/lib/processes';

// The merchant feeds under tests/fixtures/feeds (good/ and bad/), as the catalogue tests read them.

const FEEDS = path.join(root, 'tests/fixtures/feeds');

/** A fixture's path: `fixture('good/northlane.gb.tsv')`. */
export const fixture = (name: string) => path.join(FEEDS, name);
export const readFixture = (name: string) => fs.readFileSync(fixture(name), 'utf8');
/** The good stores manifest, parsed afresh for each caller (tests change it before importing). */
export type FixtureManifest = { stores: Record<string, unknown>[] };
export const fixtureManifest = () => JSON.parse(readFixture('good/stores.json')) as FixtureManifest;
