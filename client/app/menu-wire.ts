import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { MenuTile } from '../../shared/api/home-schemas';
import { IMAGE_VERSION } from '../../shared/image-version';
import { slugInWords } from './slug-words';

// The shell's menu as it travels to the browser: every page carries it to hydrate the header,
// so it goes as rows, not objects (no property names eighty times over), and each link's
// children grouped by column. Lossless: decodeMenu(encodeMenu(menu)) is the menu (a test
// proves it on the demo menu), so server and browser render from the same tiles.

/** A child link: slug, name (null: the slug in words), id (left out when it follows the previous child's). */
type WireChild = [itemSlug: string, itemName: string | null, itemId?: number];

type WireTile = [
  itemId: number,
  name: string,
  itemSlug: string,
  columnIdx: number,
  /** Our banner pictures as "theme seed WxH" (every "/" in an inline script is six bytes). */
  previewImage: string | null,
  menuImageAlt: string | null,
  externalUrl: string | null,
  /** The children as [columnIdx, its children in order] runs, in the menu's order. */
  children: [columnIdx: number, children: WireChild[]][],
];

export type MenuWire = WireTile[];

const BANNER = new RegExp(`^/images/${IMAGE_VERSION}/banner/([a-z-]+)/(\\d+)/(\\d+x\\d+)\\.svg$`);
const PACKED_BANNER = /^([a-z-]+) (\d+) (\d+x\d+)$/;
const packImage = (url: string | null) => (url === null ? null : (BANNER.exec(url)?.slice(1).join(' ') ?? url));
function unpackImage(packed: string | null): string | null {
  const parts = packed === null ? null : PACKED_BANNER.exec(packed);
  return parts ? `/images/${IMAGE_VERSION}/banner/${parts[1]}/${parts[2]}/${parts[3]}.svg` : packed;
}

export function encodeMenu(menu: readonly MenuTile[]): MenuWire {
  return menu.map((tile) => {
    const runs: [number, WireChild[]][] = [];
    let previousId: number | undefined;
    for (const child of tile.childItems) {
      const last = runs[runs.length - 1];
      const row: WireChild = [child.itemSlug, child.itemName === slugInWords(child.itemSlug) ? null : child.itemName];
      if (previousId === undefined || child.itemId !== previousId + 1) row.push(child.itemId);
      previousId = child.itemId;
      if (last && last[0] === child.columnIdx) last[1].push(row);
      else runs.push([child.columnIdx, [row]]);
    }
    return [tile.itemId, tile.name, tile.itemSlug, tile.columnIdx, packImage(tile.previewImage), tile.menuImageAlt, tile.externalUrl, runs];
  });
}

export function decodeMenu(wire: MenuWire): MenuTile[] {
  return wire.map(([itemId, name, itemSlug, columnIdx, previewImage, menuImageAlt, externalUrl, runs]) => {
    let previousId = 0;
    const childItems = runs.flatMap(([column, children]) =>
      children.map(([slug, itemName, id]) => {
        previousId = id ?? previousId + 1;
        return { itemName: itemName ?? slugInWords(slug), itemId: previousId, columnIdx: column, itemSlug: slug };
      }),
    );
    return { itemId, name, itemSlug, columnIdx, previewImage: unpackImage(previewImage), menuImageAlt, externalUrl, childItems };
  });
}

/** The menu from a wire, decoded once per loader answer. */
export function useMenuWire(wire: MenuWire | undefined): MenuTile[] {
  return useMemo(() => (wire ? decodeMenu(wire) : []), [wire]);
}

/** The shell's menu, for pages that draw tiles from it (home, not-found, an empty listing). */
export function useShellMenu(): MenuTile[] {
  const root = useRouteLoaderData('root') as { menu?: MenuWire } | undefined;
  return useMenuWire(root?.menu);
}
