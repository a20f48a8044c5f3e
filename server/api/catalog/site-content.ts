import { bumpCatalogGeneration } from './catalog-generation';
import { z } from 'zod';
import { COUNTRY_CODES } from '../../../shared/countries';
import type { Database } from '../db/database';
import type { HomeSection } from '../services/home-service';
import { describeZodError } from '../../lib/http-error';
import { ManifestError } from './store-manifest';

// The header menu and the home page's content (spec section 3 "Menu tile / item" and
// "Home data") are editorial, not merchant feeds: they come from a JSON document
// (`site.json`) that replaces what is stored, as a whole, in one transaction.

export const HOME_SECTIONS = [
  'slide',
  'brand-spotlight',
  'designer-spotlight',
  'beauty-store-spotlight',
  'fashion-blog',
  'showcase',
  'promoted',
  'editors-pick',
  'fashion-tip',
] as const satisfies readonly HomeSection[];

const columnIdx = z.number().int().min(0).max(3).default(0);

const MenuChildSchema = z.object({
  name: z.string().min(1).max(80),
  slug: z.string().min(1).max(200),
  columnIdx,
});

const MenuItemSchema = z.object({
  name: z.string().min(1).max(80),
  slug: z.string().min(1).max(200),
  /** Opens outside the site, in a new window (the Blog). */
  externalUrl: z.url({ protocol: /^https?$/ }).nullable().default(null),
  columnIdx,
  previewImage: z.string().min(1).nullable().default(null),
  imageAlt: z.string().min(1).max(200).nullable().default(null),
  children: z.array(MenuChildSchema).default([]),
});

const HomeRowSchema = z.object({
  section: z.enum(HOME_SECTIONS),
  /** Null shows the row on every country site. */
  country: z.enum(COUNTRY_CODES).nullable().default(null),
  position: z.number().int().default(0),
  title: z.string().min(1).max(300),
  /** A slide without a link is stored as given; the home page drops it (spec section 2). */
  link: z.string().min(1).max(2000).nullable().default(null),
  image: z.string().min(1).max(2000).nullable().default(null),
  body: z.string().max(5000).nullable().default(null),
});

export const SiteContentSchema = z.object({
  version: z.number().int().positive().optional(),
  menu: z.array(MenuItemSchema),
  home: z.array(HomeRowSchema),
});

export type SiteContent = z.input<typeof SiteContentSchema>;

export type SiteContentReport = { menuItems: number; homeRows: number };

/**
 * Announces a site content import to the api instances, which keep menu and home answers in
 * memory (server/api/http/shared-answers.ts); sent in the import's transaction, so it arrives
 * once the new content is committed.
 */
export const SITE_CONTENT_CHANGED_CHANNEL = 'site_content_changed';

/** Validates site content and replaces menu_items and home_content with it. */
export async function importSiteContent(db: Database, site: unknown): Promise<SiteContentReport> {
  const parsed = SiteContentSchema.safeParse(site);
  if (!parsed.success) throw new ManifestError(`the site content is invalid: ${describeZodError(parsed.error)}`);
  const { menu, home } = parsed.data;
  return db.transaction(async (tx) => {
    // Two api instances starting on one empty server would otherwise both delete nothing
    // and both insert: the second waits here, then replaces what the first wrote.
    await tx.query('SELECT pg_advisory_xact_lock(73455003)');
    await tx.query('DELETE FROM menu_items');
    await tx.query('DELETE FROM home_content');
    const tops = await tx.query<{ id: number; position: number }>(
      `INSERT INTO menu_items (name, slug, external_url, column_idx, position, preview_image, image_alt)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int2[], $5::int[], $6::text[], $7::text[])
       RETURNING id, position`,
      [
        menu.map((m) => m.name),
        menu.map((m) => m.slug),
        menu.map((m) => m.externalUrl),
        menu.map((m) => m.columnIdx),
        menu.map((_, i) => i),
        menu.map((m) => m.previewImage),
        menu.map((m) => m.imageAlt),
      ],
    );
    const parentByPosition = new Map(tops.map((t) => [t.position, t.id]));
    const children = menu.flatMap((m, i) => m.children.map((c, j) => ({ ...c, parentId: parentByPosition.get(i)!, position: j })));
    if (children.length) {
      await tx.query(
        `INSERT INTO menu_items (parent_id, name, slug, column_idx, position)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int2[], $5::int[])`,
        [
          children.map((c) => c.parentId),
          children.map((c) => c.name),
          children.map((c) => c.slug),
          children.map((c) => c.columnIdx),
          children.map((c) => c.position),
        ],
      );
    }
    if (home.length) {
      await tx.query(
        `INSERT INTO home_content (section, country_code, position, title, link, image, body)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[])`,
        [
          home.map((h) => h.section),
          home.map((h) => h.country),
          home.map((h) => h.position),
          home.map((h) => h.title),
          home.map((h) => h.link),
          home.map((h) => h.image),
          home.map((h) => h.body),
        ],
      );
    }
    await bumpCatalogGeneration(tx);
    await tx.query('SELECT pg_notify($1, $2)', [SITE_CONTENT_CHANGED_CHANNEL, '']);
    return { menuItems: menu.length + children.length, homeRows: home.length };
  });
}

/** Whether the menu and home content have been loaded at all. */
export async function hasSiteContent(db: Database): Promise<boolean> {
  const rows = await db.query<{ menu: boolean; home: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM menu_items) AS menu, EXISTS (SELECT 1 FROM home_content) AS home',
  );
  return Boolean(rows[0]?.menu && rows[0]?.home);
}
