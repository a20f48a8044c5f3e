// Home-page banners and tiles: a soft backdrop in the theme's palette, a few product drawings
// from the theme and one decoration that says what the theme is (a sale tag, an awning, a
// frame). Text is left to the page, which lays titles over the left or upper part.
import type { ColourKey } from '../../../shared/colours';
import type { BannerTheme, ProductKind } from '../../../shared/images';
import { escapeXml, hashText } from '../../web/lib/xml';
import { luminance, productArtwork } from './product-image';

/** Bounds of a banner's sides in pixels; the router answers 404 outside them. */
export const BANNER_MIN_SIDE = 16;
export const BANNER_MAX_SIDE = 2400;

/** Backdrop from, backdrop to, accent. */
type ThemePalette = readonly [string, string, string];

type ThemeLook = {
  label: string;
  kinds: readonly ProductKind[];
  colours: readonly ColourKey[];
  palettes: readonly ThemePalette[];
  decoration: 'halo' | 'arch' | 'confetti' | 'tag' | 'awning' | 'frame' | 'plinths' | 'bubbles' | 'band';
};

const NEUTRALS: readonly ColourKey[] = ['black', 'white', 'nude', 'brown', 'navy', 'maroon', 'olive', 'grey', 'pink'];

const THEMES: Record<BannerTheme, ThemeLook> = {
  women: {
    label: "Women's fashion",
    kinds: ['dress', 'heels', 'handbag', 'blouse', 'skirt', 'earrings', 'jumpsuit'],
    colours: ['pink', 'red', 'nude', 'white', 'violet', 'fuchsia', 'black', 'turquoise'],
    palettes: [['#f9e6e1', '#f0c9c0', '#e8a598'], ['#f4ebe4', '#e6d3c4', '#c99a7d'], ['#efe7f4', '#dccbe8', '#b59ad1']],
    decoration: 'arch',
  },
  men: {
    label: "Men's fashion",
    kinds: ['blazer', 'shirt', 'loafers', 'watch', 'trousers', 'tie', 'jacket', 'suit'],
    colours: ['navy', 'grey', 'brown', 'white', 'olive', 'black', 'blue', 'maroon'],
    palettes: [['#e6ebf0', '#c9d3de', '#7f95ad'], ['#eee9e2', '#d8cdbd', '#9c8468'], ['#e2e9e5', '#c3d4ca', '#6f9382']],
    decoration: 'halo',
  },
  kids: {
    label: "Kids' fashion",
    kinds: ['t-shirt', 'hoodie', 'sneakers', 'shorts', 'backpack', 'hat'],
    colours: ['yellow', 'aqua', 'lime', 'orange', 'pink', 'blue', 'red', 'turquoise'],
    palettes: [['#fff4d3', '#ffe28f', '#ff9f6e'], ['#e3f5f0', '#bfe8dd', '#5cc2a7'], ['#e9f1fd', '#c7dcfa', '#6f9ff0']],
    decoration: 'confetti',
  },
  shoes: {
    label: 'Shoes',
    kinds: ['sneakers', 'heels', 'boots', 'loafers', 'flats', 'sandals'],
    colours: NEUTRALS,
    palettes: [['#f1ebe5', '#ddd2c6', '#b08d6e'], ['#eaf0f2', '#cfdde2', '#6f97a6'], ['#f7e9e3', '#ebcabe', '#cf7b63']],
    decoration: 'plinths',
  },
  bags: {
    label: 'Bags',
    kinds: ['handbag', 'tote', 'backpack', 'clutch', 'crossbody', 'wallet'],
    colours: ['brown', 'black', 'nude', 'maroon', 'white', 'green', 'mustard', 'navy'],
    palettes: [['#f4ede4', '#e2d3bd', '#b8946a'], ['#eee9f1', '#d6cde0', '#8e78aa'], ['#ebf0ea', '#d0dccd', '#7d9a74']],
    decoration: 'halo',
  },
  accessories: {
    label: 'Accessories',
    kinds: ['sunglasses', 'watch', 'hat', 'belt', 'scarf', 'necklace', 'bracelet', 'earrings'],
    colours: ['gold', 'black', 'brown', 'red', 'nude', 'teal', 'silver', 'navy'],
    palettes: [['#f6f1e9', '#e7dcc8', '#c9a55c'], ['#eaedf1', '#d2d8e2', '#8592a8'], ['#f7ecec', '#e9cfd2', '#c3808a']],
    decoration: 'halo',
  },
  beauty: {
    label: 'Beauty',
    kinds: ['lipstick', 'perfume', 'palette', 'nail-polish', 'skincare', 'mascara'],
    colours: ['red', 'pink', 'nude', 'fuchsia', 'maroon', 'gold', 'violet', 'white'],
    palettes: [['#fcecec', '#f5d0d3', '#e38f9b'], ['#f8efe8', '#ecd5c3', '#cf9f7c'], ['#f3ebf5', '#e1cfe8', '#b98ac9']],
    decoration: 'bubbles',
  },
  sale: {
    label: 'Sale',
    kinds: ['dress', 'sneakers', 'handbag', 'coat', 'sunglasses', 'heels'],
    colours: ['red', 'black', 'white', 'pink', 'mustard', 'navy'],
    palettes: [['#fce6e3', '#f5bdb5', '#d32f2f'], ['#262222', '#3d3635', '#ff5a4e'], ['#fff5cf', '#ffe27a', '#d32f2f']],
    decoration: 'tag',
  },
  blog: {
    label: 'Fashion blog',
    kinds: ['coat', 'boots', 'scarf', 'hat', 'jeans', 'knitwear'],
    colours: NEUTRALS,
    palettes: [['#f3f1ec', '#e2ddd1', '#8a7f6b'], ['#ecf0f3', '#d3dbe3', '#5d7286']],
    decoration: 'frame',
  },
  editorial: {
    label: "Editor's picks",
    kinds: ['coat', 'dress', 'heels', 'clutch', 'blazer', 'necklace'],
    colours: ['nude', 'white', 'maroon', 'gold', 'navy', 'olive', 'pink'],
    palettes: [['#2d2927', '#47403b', '#d9b47a'], ['#f1ebe2', '#ddd2c1', '#6b5a48'], ['#e9e5ed', '#cbc3d4', '#5b4a6e']],
    decoration: 'frame',
  },
  showcase: {
    label: 'Showcase',
    kinds: ['handbag', 'perfume', 'watch', 'sneakers', 'sunglasses', 'heels'],
    colours: NEUTRALS,
    palettes: [['#f0f2ee', '#d9ded4', '#a4ae96'], ['#f5eee9', '#e4d5c8', '#b9977b']],
    decoration: 'plinths',
  },
  brand: {
    label: 'Brand spotlight',
    kinds: ['jacket', 'sneakers', 'backpack', 'watch', 'hoodie', 'jeans'],
    colours: ['white', 'red', 'nude', 'mustard', 'grey', 'turquoise'],
    palettes: [['#1f2b39', '#30445a', '#e9c77b'], ['#f4efe8', '#e0d5c5', '#a0785a']],
    decoration: 'band',
  },
  store: {
    label: 'Store spotlight',
    kinds: ['tote', 'dress', 'shirt', 'sneakers', 'hat', 'knitwear'],
    colours: ['nude', 'navy', 'green', 'white', 'orange', 'pink', 'brown'],
    palettes: [['#ebf3f0', '#cfe2db', '#3f8f7a'], ['#f6ede6', '#e8d3c3', '#c76f4f']],
    decoration: 'awning',
  },
  designer: {
    label: 'Designer spotlight',
    kinds: ['dress', 'heels', 'clutch', 'suit', 'necklace', 'coat'],
    colours: ['red', 'white', 'nude', 'gold', 'pink', 'violet', 'silver'],
    palettes: [['#161616', '#2e2e2e', '#c9a55c'], ['#f5f1ea', '#e4dccd', '#8d6e4c']],
    decoration: 'arch',
  },
};

/** mulberry32: a tiny seeded generator, so one URL always draws the same banner. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks `count` different items (fewer when the list is shorter). */
function pickDistinct<T>(items: readonly T[], count: number, next: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return out;
}

const num = (v: number) => String(Math.round(v * 10) / 10);
const clampSide = (v: number) => (Number.isNaN(v) ? BANNER_MIN_SIDE : Math.min(BANNER_MAX_SIDE, Math.max(BANNER_MIN_SIDE, Math.round(v))));

// Mostly plain drawings: a busy pattern beside a busy backdrop looks cheap.
const BANNER_STYLES = [0, 0, 0, 1, 3, 5, 7] as const;

type Box = { x: number; y: number; w: number; h: number };

function decoration(look: ThemeLook, accent: string, area: Box, w: number, h: number, next: () => number): string {
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h * 0.55;
  const r = Math.min(area.w, area.h) * (0.42 + next() * 0.1);
  switch (look.decoration) {
    case 'halo':
      return (
        `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${accent}" opacity=".28"/>` +
        `<circle cx="${num(cx + r * 0.8)}" cy="${num(cy - r * 0.7)}" r="${num(r * 0.22)}" fill="${accent}" opacity=".35"/>`
      );
    case 'arch': {
      const aw = Math.min(area.w * 0.7, area.h * 0.75);
      const top = area.y + area.h * 0.05;
      return `<path d="M${num(cx - aw / 2)} ${num(h)}V${num(top + aw / 2)}a${num(aw / 2)} ${num(aw / 2)} 0 0 1 ${num(aw)} 0V${num(h)}z" fill="${accent}" opacity=".35"/>`;
    }
    case 'confetti':
      return Array.from({ length: 18 }, () => {
        const x = next() * w;
        const y = next() * h;
        const size = Math.max(1.5, Math.min(w, h) * (0.012 + next() * 0.018));
        return `<circle cx="${num(x)}" cy="${num(y)}" r="${num(size)}" fill="${accent}" opacity="${num(0.35 + next() * 0.4)}"/>`;
      }).join('');
    case 'bubbles':
      return Array.from({ length: 7 }, () => {
        const x = area.x + next() * area.w;
        const y = area.y + next() * area.h;
        const size = Math.min(area.w, area.h) * (0.06 + next() * 0.16);
        return `<circle cx="${num(x)}" cy="${num(y)}" r="${num(size)}" fill="#fff" opacity=".4" stroke="${accent}" stroke-opacity=".4" stroke-width="${num(Math.max(0.5, size * 0.04))}"/>`;
      }).join('');
    case 'tag': {
      // A price tag with a hole and a percent sign, tilted, in the free corner of the product area.
      const s = Math.min(area.w, area.h) * 0.32;
      const x = area.x + area.w - s * 1.1;
      const y = area.y + s * 0.2;
      return (
        `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(-12 - next() * 10)}) scale(${num(s / 100)})">` +
        `<path d="M0 20L30 0h70v80H30L0 60z" fill="${accent}"/><circle cx="22" cy="40" r="7" fill="#fff"/>` +
        `<text x="66" y="58" font-family="Georgia,'Times New Roman',serif" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">%</text></g>`
      );
    }
    case 'awning': {
      const stripes = Math.max(6, Math.round(w / Math.max(24, h * 0.1)));
      const sw = w / stripes;
      const depth = Math.min(h * 0.14, sw * 1.4);
      let d = '';
      for (let i = 0; i < stripes; i += 2) d += `M${num(i * sw)} 0h${num(sw)}v${num(depth)}a${num(sw / 2)} ${num(sw / 2)} 0 0 1-${num(sw)} 0z`;
      return (
        `<rect width="${w}" height="${num(depth)}" fill="#fff" opacity=".85"/>` +
        `<path d="${d}" fill="${accent}"/><rect width="${w}" height="${num(depth)}" fill="#000" opacity=".06"/>`
      );
    }
    case 'frame': {
      const inset = Math.max(4, Math.min(w, h) * 0.05);
      return (
        `<rect x="${num(inset)}" y="${num(inset)}" width="${num(w - inset * 2)}" height="${num(h - inset * 2)}" fill="none" stroke="${accent}" stroke-width="${num(Math.max(0.5, inset * 0.08))}"/>` +
        `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 0.9)}" fill="${accent}" opacity=".18"/>`
      );
    }
    case 'plinths':
      return ''; // drawn under each product, see productRow
    case 'band': {
      const bw = Math.max(w, h) * 0.22;
      return `<path d="M${num(area.x)} ${h}L${num(area.x + bw)} ${h}L${num(area.x + bw + h * 0.6)} 0H${num(area.x + h * 0.6)}z" fill="${accent}" opacity=".3"/>`;
    }
  }
}

function productRow(look: ThemeLook, area: Box, accent: string, dark: boolean, next: () => number): string {
  const count = area.w / area.h > 1.9 ? 3 : area.w / area.h > 0.9 ? 2 : 1;
  const kinds = pickDistinct(look.kinds, count, next);
  // Black on a dark backdrop, or white on a pale one, would vanish.
  const colours = pickDistinct(
    look.colours.filter((c) => (dark ? c !== 'black' && c !== 'navy' : true)),
    count,
    next,
  );
  const cell = area.w / count;
  return kinds
    .map((kind, i) => {
      // The middle drawing stands a little larger, so a row of three has a centre.
      const factor = count === 3 && i !== 1 ? 0.82 : 1;
      const size = Math.min(cell * 1.05, area.h) * factor;
      const x = area.x + cell * i + (cell - size) / 2;
      const y = area.y + area.h - size;
      const style = BANNER_STYLES[Math.floor(next() * BANNER_STYLES.length)]!;
      const plinth =
        look.decoration === 'plinths'
          ? `<rect x="${num(x + size * 0.14)}" y="${num(y + size * 0.88)}" width="${num(size * 0.72)}" height="${num(area.y + area.h - y - size * 0.88 + size * 0.2)}" fill="${accent}" opacity=".35"/>` +
            `<ellipse cx="${num(x + size / 2)}" cy="${num(y + size * 0.88)}" rx="${num(size * 0.36)}" ry="${num(size * 0.05)}" fill="#fff" opacity=".6"/>`
          : '';
      return (
        plinth +
        `<g transform="translate(${num(x)} ${num(y - (plinth ? size * 0.04 : 0))}) scale(${num(size / 100)})">` +
        productArtwork(kind, colours[i] ?? 'black', style, `p${i}`) +
        `</g>`
      );
    })
    .join('');
}

export function renderBannerImage(theme: BannerTheme, seed: number, width: number, height: number): string {
  const w = clampSide(width);
  const h = clampSide(height);
  const look = THEMES[theme];
  const next = random(hashText(theme) ^ (Number.isFinite(seed) ? Math.trunc(seed) >>> 0 : 0));
  const [from, to, accent] = look.palettes[Math.floor(next() * look.palettes.length)]!;
  const dark = luminance(from) < 0.1;
  const ratio = w / h;
  // Wide banners keep the left for the page's title; tall tiles keep the top.
  const area: Box =
    ratio >= 1.3
      ? { x: w * 0.44, y: h * 0.1, w: w * 0.52, h: h * 0.86 }
      : ratio <= 0.8
        ? { x: w * 0.08, y: h * 0.38, w: w * 0.84, h: h * 0.58 }
        : { x: w * 0.1, y: h * 0.2, w: w * 0.8, h: h * 0.76 };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<title>${escapeXml(`${look.label} banner`)}</title>` +
    `<defs><linearGradient id="bg" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    decoration(look, accent, area, w, h, next) +
    productRow(look, area, accent, dark, next) +
    `</svg>`
  );
}
