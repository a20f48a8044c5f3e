import type { MenuTile } from '../../../shared/api/home-schemas';
import type { Queryable } from '../db/database';

// The header menu (spec section 3 "Menu tile / item"), in the shape shared/api parses.
type MenuRow = {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  external_url: string | null;
  column_idx: number;
  preview_image: string | null;
  image_alt: string | null;
};

export class MenuService {
  constructor(private readonly db: Queryable) {}

  async menuList(): Promise<MenuTile[]> {
    const rows = await this.db.query<MenuRow>(
      `SELECT id, parent_id, name, slug, external_url, column_idx, preview_image, image_alt
         FROM menu_items ORDER BY position, id`,
    );
    const tiles = new Map<number, MenuTile>();
    for (const row of rows) {
      if (row.parent_id !== null) continue;
      tiles.set(row.id, {
        itemId: row.id,
        name: row.name,
        itemSlug: row.slug,
        columnIdx: row.column_idx,
        previewImage: row.preview_image,
        menuImageAlt: row.image_alt,
        externalUrl: row.external_url,
        childItems: [],
      });
    }
    for (const row of rows) {
      if (row.parent_id === null) continue;
      tiles.get(row.parent_id)?.childItems.push({
        itemName: row.name,
        itemId: row.id,
        columnIdx: row.column_idx,
        itemSlug: row.slug,
      });
    }
    return [...tiles.values()];
  }
}
