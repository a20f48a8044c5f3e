// Product pictures, drawn rather than fetched (nothing may come from the internet at run
// time). One flat illustration per product kind on a 100-unit canvas, tinted by the colour,
// varied by style, scaled by the width/height attributes. The silhouette is defined once and
// reused (fill, pattern, shading, trim, outline), which keeps a picture around 2 KB.
import { colourHex, type ColourKey } from '../../../shared/colours';
import { PRODUCT_IMAGE_PIXELS, type ProductKind, type ProductPicture } from '../../../shared/images';
import { escapeXml } from '../../web/lib/xml';

// ---------------------------------------------------------------------------------------------
// Colour arithmetic

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `hex` towards `towards` by `amount` (0…1). */
export function mixHex(hex: string, towards: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(towards);
  const out = a.map((v, i) => Math.round(v + ((b[i] ?? 0) - v) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance: decides whether details go darker or lighter than the cloth. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// ---------------------------------------------------------------------------------------------
// Palette and markup helpers

type Palette = {
  base: string;
  light: string;
  dark: string;
  deep: string;
  /** Seams and stitching: darker than the cloth, or lighter on near-black cloth. */
  line: string;
  /** Stripes, dots and piping: cream on dark cloth, a deep tone of itself on light cloth. */
  contrast: string;
};

const GOLD = '#c9a55c';
const SILVER = '#cfd3d8';
const SOLE = '#f6f4f0';
const RUBBER = '#2e2b29';
const GLASS = '#ffffff';

function palette(hex: string): Palette {
  const lum = luminance(hex);
  return {
    base: hex,
    light: mixHex(hex, '#ffffff', 0.4),
    dark: mixHex(hex, '#000000', lum < 0.05 ? 0.1 : 0.25),
    deep: mixHex(hex, '#000000', lum < 0.05 ? 0.2 : 0.5),
    line: lum < 0.08 ? mixHex(hex, '#ffffff', 0.3) : mixHex(hex, '#000000', lum > 0.6 ? 0.25 : 0.4),
    contrast: lum > 0.45 ? mixHex(hex, '#000000', 0.45) : '#f7f3ea',
  };
}

const fill = (d: string, colour: string, extra = '') => `<path d="${d}" fill="${colour}"${extra}/>`;
const stroke = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}"${extra}/>`;
const dashed = (d: string, colour: string, width: number, dash: string) =>
  stroke(d, colour, width, ` stroke-dasharray="${dash}"`);
const circle = (cx: number, cy: number, r: number, colour: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"${extra}/>`;
/** A soft shade laid over part of the shape (a flap, a sole) without hiding its pattern. */
const shadeOver = (d: string, opacity = 0.14) => fill(d, '#000', ` opacity="${opacity}"`);
const glint = (d: string, opacity = 0.45) => fill(d, '#fff', ` opacity="${opacity}"`);

// ---------------------------------------------------------------------------------------------
// The drawings. `body` is the tinted silhouette (patterned, shaded and outlined as one);
// `under` is drawn behind it (handles, straps), `over` on top (seams, hardware).

type Art = {
  body: string;
  evenodd?: boolean;
  under?: (c: Palette) => string;
  over?: (c: Palette) => string;
  /** Centre and half-width of the floor shadow. */
  floor?: [number, number];
};

const ribs = (d: string, c: Palette, width = 4) => dashed(d, c.line, width, '.6 1.4');

const ART: Record<ProductKind, Art> = {
  // Clothing: front views, flat-lay.
  dress: {
    body: 'M40 10h4l2 10q4 3 8 0l2-10h4l2 16q-1 8-4 14l16 44q-24 7-48 0l16-44q-3-6-4-14z',
    over: (c) =>
      stroke('M42 40q8 3 16 0', c.line, 1.2) +
      stroke('M46 43l-6 40M54 43l6 40M50 44v42', c.line, 0.5, ' opacity=".5"'),
    floor: [50, 28],
  },
  top: {
    body: 'M38 17l7-2q5 6 10 0l7 2 12 10-6 8-4-3 1 42q-15 4-30 0l1-42-4 3-6-8z',
    over: (c) => stroke('M45 15q5 7 10 0', c.line, 1.4) + stroke('M36 70q14 3 28 0', c.line, 0.6),
    floor: [50, 24],
  },
  't-shirt': {
    body: 'M36 15l8-2q6 7 12 0l8 2 16 12-7 11-7-4v46H34V34l-7 4-7-11z',
    over: (c) =>
      stroke('M44 13q6 8 12 0', c.line, 1.6) +
      stroke('M27 38l7-4M73 38l-7-4', c.line, 0.8) +
      stroke('M34 34v46M66 34v46', c.line, 0.4, ' opacity=".5"'),
    floor: [50, 28],
  },
  shirt: {
    body: 'M38 15l7-3 5 6 5-6 7 3 10 6 8 49-8 2-6-34v46H34V38l-6 34-8-2 8-49z',
    over: (c) =>
      fill('M45 12l5 6 5-6-1 10-4-4-4 4z', c.light) +
      stroke('M50 18v66', c.line, 0.8) +
      [28, 40, 52, 64, 76].map((y) => circle(50, y, 1.1, c.light, ` stroke="${c.line}" stroke-width=".4"`)).join('') +
      stroke('M20 67l8 2M80 67l-8 2', c.line, 1.4) +
      stroke('M38 30h7v6h-7z', c.line, 0.5),
    floor: [50, 30],
  },
  blouse: {
    body: 'M38 17h7q5 7 10 0h7q12 2 16 16l2 18-8 2-4-18 1 39q-17 6-34 0l1-39-4 18-8-2 2-18q4-14 16-16z',
    over: (c) =>
      fill('M50 21l-6-4v8zM50 21l6-4v8z', c.dark) +
      circle(50, 21, 1.6, c.deep) +
      stroke('M50 23l-3 10M50 23l3 10', c.dark, 1.2) +
      stroke('M33 62q17 5 34 0', c.line, 0.6) +
      ribs('M20 50.5l8 2M72 52.5l8-2', c, 2.5),
    floor: [50, 30],
  },
  knitwear: {
    body: 'M37 15q13 7 26 0l11 5q6 4 6 12l2 42-10 1-4-37v42H32V38l-4 37-10-1 2-42q0-8 6-12z',
    over: (c) =>
      stroke('M37 15q13 7 26 0', c.line, 2.4) +
      ribs('M32 77h36', c, 6) +
      ribs('M18.5 72.5l9.6 1M72 73.5l9.6-1', c, 4) +
      stroke('M42 24l4 5-4 5 4 5-4 5 4 5-4 5M58 24l-4 5 4 5-4 5 4 5-4 5 4 5', c.line, 0.8, ' opacity=".6"'),
    floor: [50, 32],
  },
  hoodie: {
    body: 'M38 16q-2-12 12-12t12 12l12 4q6 4 6 12l2 42-10 1-4-37v42H32V38l-4 37-10-1 2-42q0-8 6-12z',
    over: (c) =>
      fill('M40 17q0-9 10-9t10 9q-10 7-20 0z', c.deep, ' opacity=".55"') +
      stroke('M46 22v12M54 22v12', c.contrast, 0.9) +
      stroke('M38 58h24l4 14H34z', c.line, 0.8) +
      ribs('M32 77h36', c, 6) +
      ribs('M18.5 72.5l9.6 1M72 73.5l9.6-1', c, 4),
    floor: [50, 32],
  },
  jeans: {
    body: 'M32 11h36l4 75H56l-6-50-6 50H28z',
    over: (c) =>
      stroke('M32 17h36', c.line, 0.8) +
      dashed('M35 19q3 9 10 6M65 19q-3 9-10 6M50 17v14q0 4-4 5M30.4 40l-1.6 45M69.6 40l1.6 45', GOLD, 0.6, '1.2 .8') +
      stroke('M38 11v6M50 11v6M62 11v6', c.line, 0.9) +
      circle(53, 14, 1, GOLD),
    floor: [50, 24],
  },
  trousers: {
    body: 'M34 11h32l8 75H55l-5-52-5 52H26z',
    over: (c) =>
      fill('M34 11h32v5H34z', c.dark) +
      circle(50, 13.5, 1, c.light) +
      stroke('M40 16l-4 70M60 16l4 70', c.line, 0.5, ' opacity=".7"') +
      stroke('M37 20l4 6M63 20l-4 6', c.line, 0.6) +
      stroke('M50 16v16', c.line, 0.6),
    floor: [50, 28],
  },
  shorts: {
    body: 'M30 22h40l5 40-21 2-4-22-4 22-21-2z',
    over: (c) =>
      fill('M30 22h40v5H30z', c.dark) +
      stroke('M25.6 57l20.7 2M74.4 57l-20.7 2', c.line, 0.6) +
      stroke('M33 27q3 8 9 6M67 27q-3 8-9 6M50 27v14', c.line, 0.6),
    floor: [50, 30],
  },
  skirt: {
    body: 'M36 18h28l12 60q-26 7-52 0z',
    over: (c) =>
      fill('M36 18h28l1 6H35z', c.dark) +
      stroke('M42 24l-6 57M50 24v59M58 24l6 57', c.line, 0.6, ' opacity=".7"') +
      circle(50, 21, 1, c.light),
    floor: [50, 28],
  },
  coat: {
    body: 'M38 10l8-2 4 6 4-6 8 2 12 6 6 64-8 1-4-44 1 51H31l1-51-4 44-8-1 6-64z',
    over: (c) =>
      fill('M46 8l4 6-6 20-5-18zM54 8l-4 6 6 20 5-18z', c.dark) +
      fill('M31 46h38v4H31z', c.dark) +
      fill('M49 44h2l1 8h-4z', c.deep) +
      [58, 70].map((y) => circle(45, y, 1.2, c.deep) + circle(55, y, 1.2, c.deep)).join('') +
      stroke('M50 14v74', c.line, 0.5),
    floor: [50, 32],
  },
  jacket: {
    body: 'M38 13l8-2q4 4 8 0l8 2 12 6 6 50-8 1-4-33v36H32V37l-4 33-8-1 6-50z',
    over: (c) =>
      fill('M42 12l4-1q4 4 8 0l4 1-2 4q-6 4-12 0z', c.dark) +
      stroke('M50 16v57', c.line, 1) +
      dashed('M50 16v57', SILVER, 1.4, '.5 .7') +
      ribs('M32 70h36', c, 5) +
      stroke('M36 48h8M64 48h-8', c.line, 1),
    floor: [50, 32],
  },
  blazer: {
    body: 'M38 12l7-2 5 10 5-10 7 2 12 6 6 52-8 1-4-33 1 40q-9 2-18-1l-1-18-1 18q-9 3-18 1l1-40-4 33-8-1 6-52z',
    over: (c) =>
      fill('M45 10l5 10 4 30-10-26 3-4zM55 10l-5 10-4 30 10-26-3-4z', c.dark) +
      fill('M45 10l5 10 5-10-1 18-4 14-4-14z', '#f5f2ec') +
      circle(50, 56, 1.3, c.deep) +
      stroke('M36 62h9M55 62h9M56 34h7', c.line, 0.9),
    floor: [50, 30],
  },
  suit: {
    body: 'M38 10l7-2 5 10 5-10 7 2 12 6 5 40-8 1-3-25v30H33V32l-3 25-8-1 5-40zM36 62h28l3 26H53l-3-20-3 20H33z',
    over: (c) =>
      fill('M45 8l5 10 5-10v24l-5 16-5-16z', '#f5f2ec') +
      fill('M48.6 13h2.8l1 3-1.6 2 1.8 17-2.6 3-2.6-3 1.8-17-1.6-2z', RUBBER) +
      fill('M45 8l5 10-3 4 4 24-8-20 2-3zM55 8l-5 10 3 4-4 24 8-20-2-3z', c.dark) +
      fill('M36 62h28v3H36z', c.dark) +
      circle(50, 52, 1.1, c.deep) +
      stroke('M40 66v22M60 66v22', c.line, 0.4),
    floor: [50, 26],
  },
  jumpsuit: {
    body: 'M40 10h4l2 10q4 3 8 0l2-10h4l2 16-1 14 3 4 6 44H54l-4-36-4 36H30l6-44 3-4-1-14z',
    over: (c) =>
      fill('M39 40h22l1 4H38z', c.dark) +
      stroke('M50 44v8', c.line, 0.8) +
      stroke('M40 48l-5 40M60 48l5 40', c.line, 0.4, ' opacity=".6"'),
    floor: [50, 26],
  },
  swimwear: {
    body: 'M40 12h3q2 14 7 16 5-2 7-16h3q1 16 5 28-3 16 1 30-9 0-14 8h-4q-5-8-14-8 4-14 1-30 4-12 5-28z',
    over: (c) =>
      stroke('M43 12q2 14 7 16 5-2 7-16', c.line, 0.8) +
      stroke('M38 48q12 4 24 0', c.contrast, 1.2, ' opacity=".8"'),
    floor: [50, 22],
  },
  lingerie: {
    body: 'M30 30q4-12 18 0l2 1 2-1q14-12 18 0l-1 10H31zM32 54h36l-6 12q-7 2-10 12h-4q-3-10-10-12z',
    evenodd: false,
    under: (c) => stroke('M34 26l4-16M66 26l-4-16', c.dark, 1.2),
    over: (c) =>
      stroke('M31 40h38M32 54h36', c.line, 1) +
      dashed('M31.5 41.5h37M32.5 55.5h35', c.contrast, 1.2, '.8 .8') +
      circle(50, 33, 1.2, c.contrast),
    floor: [50, 22],
  },
  nightwear: {
    body: 'M38 12l12 18 12-18 14 6 8 26-12 4-4-12 2 50H30l2-50-4 12-12-4 8-26z',
    over: (c) =>
      stroke('M38 12l12 18 8 56', c.line, 0.8) +
      stroke('M62 12L50 30', c.line, 0.8) +
      dashed('M38 13l12 18 12-18', c.contrast, 1, '1 .8') +
      fill('M31 48h38v4H31z', c.dark) +
      fill('M56 50l3 16h-3l-2-14zM58 50l6 14-3 1-5-14z', c.dark),
    floor: [50, 32],
  },
  activewear: {
    body: 'M38 10h4q8 6 16 0h4l1 9q-1 6 1 9H37q2-3 1-9zM36 34h28l2 54H55l-5-44-5 44H34z',
    over: (c) =>
      stroke('M42 10q8 8 16 0', c.line, 0.8) +
      fill('M37 28h26v2H37z', c.contrast) +
      fill('M36 34h28v4H36z', c.dark) +
      fill('M35.6 42l1.4-.2-.6 46h-1.6zM64.4 42l-1.4-.2.6 46h1.6z', c.contrast),
    floor: [50, 24],
  },

  // Shoes: side views, toe to the right.
  sneakers: {
    body: 'M16 72V52q0-8 8-8 8 0 12 4 4 2 10-2l4-10q2-3 6-1l2 3q6 12 20 18 10 4 10 12v4z',
    under: () =>
      fill('M14 71h73q4 0 4 4.5T87 80H18q-5 0-5-4.5t1-4.5z', SOLE, ` stroke="#cfcac2" stroke-width=".6"`) +
      stroke('M14 76h77', '#d9d4cc', 0.8),
    over: (c) =>
      stroke('M29 64q20 2 40-12', c.light, 3, ' stroke-linecap="round"') +
      stroke('M52 42l3-3M56 46l3-3M60 50l3-3M64 53l3-3', SOLE, 1.4, ' stroke-linecap="round"') +
      stroke('M77 58q-4 8 4 14', c.line, 0.7) +
      fill('M16 52v10q5-4 5-14-5 0-5 4z', c.deep),
    floor: [52, 38],
  },
  boots: {
    body: 'M28 82V20q0-4 4-4h22q4 0 4 4v34q2 8 14 12l10 3q8 3 8 11v2z',
    under: () => fill('M26 82h66v2q0 2-2 2H42v4H27z', RUBBER),
    over: (c) =>
      fill('M44 22q-3 16 2 32 5-16 2-32z', c.deep, ' opacity=".5"') +
      stroke('M31 16v-4q0-2 2-2h3q2 0 2 2v4', c.dark, 1.4) +
      stroke('M28 79h62', c.line, 0.6),
    floor: [58, 34],
  },
  heels: {
    body: 'M22 44q14 6 36 14 16 2 26 10 6 4 6 10 0 4-6 4l-18 0q-20-2-36-20l-6-2q-4-8-2-16z',
    under: (c) => fill('M22 60l8 2-1 22h-3z', c.deep),
    over: (c) =>
      stroke('M22 44q14 6 36 14', c.deep, 2) +
      stroke('M66 82l18 0', c.deep, 1.2) +
      stroke('M24 60q12 8 30 16', c.line, 0.5, ' opacity=".6"'),
    floor: [56, 34],
  },
  flats: {
    body: 'M16 63q6-2 14 2 16 7 32 3 14-6 24 0 4 4 4 9 0 5-6 5H20q-6 0-6-8 0-8 2-11z',
    over: (c) =>
      stroke('M16 63q6-2 14 2 16 7 32 3', c.deep, 1.6) +
      fill('M68 64l-5-3v6zM68 64l5-3v6z', c.dark) +
      circle(68, 64, 1.2, c.deep) +
      stroke('M14 79h76', c.deep, 1.4),
    floor: [52, 38],
  },
  sandals: {
    // Seen from above, as a pair: a side view of straps alone does not read as a shoe.
    body: [36, 64].map((x) => `M${x - 12} 35q${12 - (x - 50) / 7}-9 24 0v8q-12-7-24 0zM${x - 11} 54l22-7v8l-22 7z`).join(''),
    under: () =>
      [36, 64]
        .map((x) => fill(`M${x - 10} 22q-1-12 10-12t11 14l-2 48q0 14-9 14t-8-14z`, '#d9bb93', ` stroke="#b99a72" stroke-width=".8"`))
        .join(''),
    over: (c) => [36, 64].map((x) => circle(x + 9, 50, 1.4, GOLD) + stroke(`M${x - 11} 36q11-7 22 0`, c.line, 0.5)).join(''),
    floor: [50, 30],
  },
  loafers: {
    body: 'M16 80V68q0-6 6-6 8 0 16 4 6-2 14-6 12-2 26 4 10 4 11 12 0 6-5 6H20q-4 0-4-2z',
    over: (c) =>
      fill('M16 78h14v6H18q-2 0-2-2z', c.deep) +
      stroke('M30 82h59', c.deep, 1.2) +
      stroke('M46 66q10 0 18-6', c.deep, 2.6) +
      fill('M53 63.5l5-2 .6 1.6-5 2z', c.light) +
      dashed('M54 61q14-2 28 8', c.line, 0.6, '1 .8') +
      stroke('M22 62q8 0 16 4', c.deep, 1.2),
    floor: [52, 38],
  },

  // Bags.
  handbag: {
    body: 'M24 42h52q4 0 4 4l4 36q0 4-4 4H20q-4 0-4-4l4-36q0-4 4-4z',
    under: (c) => stroke('M36 43q0-24 14-24t14 24', c.deep, 3.6, ' stroke-linecap="round"'),
    over: (c) =>
      shadeOver('M20.3 46q0-4 4-4h51.4q4 0 4 4l1.5 14q-31 8-62.4 0z') +
      stroke('M19 60q31 8 62 0', c.line, 0.7) +
      fill('M46 60h8v7h-8z', GOLD) +
      glint('M47 61h6v1.5h-6z', 0.6) +
      circle(36, 43, 1.6, GOLD) +
      circle(64, 43, 1.6, GOLD),
    floor: [50, 36],
  },
  tote: {
    body: 'M22 36h56l4 50H18z',
    under: (c) =>
      stroke('M32 37q1-26 12-26t10 26M46 37q1-26 12-26t10 26', c.deep, 2.8, ' stroke-linecap="round"'),
    over: (c) =>
      shadeOver('M22 36h56l.4 5H21.6z', 0.25) +
      dashed('M21 44h58M19.2 80h61.6', c.line, 0.6, '1.2 .8') +
      fill('M44 56h12v8H44z', c.contrast, ' opacity=".85"'),
    floor: [50, 36],
  },
  backpack: {
    body: 'M28 30q0-12 22-12t22 12l2 54q0 4-4 4H30q-4 0-4-4z',
    under: (c) => stroke('M43 19q0-8 7-8t7 8', c.deep, 2.4),
    over: (c) =>
      fill('M35 56h30v24q0 2-2 2H37q-2 0-2-2z', c.dark) +
      stroke('M35 62h30', c.line, 0.8) +
      stroke('M29 34q21-8 42 0', c.line, 0.8) +
      fill('M48 60h4v5h-4z', SILVER) +
      fill('M60 31h3v5h-3z', SILVER) +
      stroke('M30 22l-4 10M70 22l4 10', c.deep, 2),
    floor: [50, 30],
  },
  clutch: {
    body: 'M18 44h64q2 0 2 2v28q0 2-2 2H18q-2 0-2-2V46q0-2 2-2z',
    over: (c) =>
      shadeOver('M16.5 45l33.5 19 33.5-19q-.5-1-1.5-1H18q-1 0-1.5 1z', 0.16) +
      stroke('M16.5 45L50 64l33.5-19', c.line, 0.8) +
      fill('M47 61h6v6h-6z', GOLD) +
      glint('M16 47l30 17', 0.3),
    floor: [50, 36],
  },
  crossbody: {
    body: 'M30 48h40q4 0 4 4v26q0 4-4 4H30q-4 0-4-4V52q0-4 4-4z',
    under: (c) => stroke('M30 49Q30 10 50 6q20 4 20 43', c.deep, 1.6),
    over: (c) =>
      shadeOver('M26.5 50q1-2 3.5-2h40q2.5 0 3.5 2v12q-24 6-47 0z') +
      stroke('M26 62q24 6 48 0', c.line, 0.7) +
      circle(50, 65, 2, GOLD) +
      circle(30, 49, 1.4, GOLD) +
      circle(70, 49, 1.4, GOLD),
    floor: [50, 28],
  },
  wallet: {
    body: 'M18 36h64q4 0 4 4v32q0 4-4 4H18q-4 0-4-4V40q0-4 4-4z',
    over: (c) =>
      fill('M60 46h26v16H60q-4 0-4-4v-8q0-4 4-4z', c.dark) +
      circle(62, 54, 2.2, GOLD) +
      dashed('M17 39h66M17 73h66', c.line, 0.6, '1.2 .8') +
      stroke('M14 56h42', c.line, 0.5, ' opacity=".6"'),
    floor: [50, 38],
  },

  // Accessories.
  belt: {
    body: 'M12 58a38 22 0 1 0 76 0a38 22 0 1 0-76 0zM20 56a30 14 0 1 1 60 0a30 14 0 1 1-60 0z',
    evenodd: true,
    over: (c) =>
      fill('M20 56a30 14 0 0 1 60 0 30 12 0 0 0-60 0z', '#000', ' opacity=".18"') +
      fill('M41 70h18v12H41z', 'none', ` stroke="${GOLD}" stroke-width="2.4"`) +
      stroke('M44 76h13', GOLD, 1.2) +
      circle(30, 74, 0.9, c.deep) + circle(68, 77, 0.9, c.deep) + circle(75, 70, 0.9, c.deep),
    floor: [50, 38],
  },
  scarf: {
    // Worn as a loop with two tails: a scarf laid flat reads as trousers.
    body: 'M26 22q24 22 48 0l-2 8q-22 20-44 0zM38 32l12 4-4 50-14-2zM48 36l12-3 4 43-12 2z',
    under: (c) => fill('M28 22q22-16 44 0l-3 3q-19-12-38 0z', c.deep),
    over: (c) =>
      stroke('M28 30q22 20 44 0', c.line, 0.6) +
      stroke('M43 40l-3 40M55 40l3 34', c.line, 0.5, ' opacity=".6"') +
      ribs('M33 86l12 1.7M53 79.5l11-1.7', c, 4),
    floor: [48, 22],
  },
  hat: {
    body: 'M31 57q-1-30 19-31 20 1 19 31zM10 62q0-8 40-8t40 8q0 8-40 8t-40-8z',
    over: (c) =>
      fill('M31.4 48q18 5 37.2 0l.4 9q-19 4-38 0z', c.deep) +
      stroke('M44 28q6 4 12 0', c.line, 0.8) +
      stroke('M10 62q0 8 40 8t40-8', c.line, 0.6),
    floor: [50, 38],
  },
  sunglasses: {
    body:
      'M14 40h32q3 0 3 4l-2 12q-2 10-12 10h-10q-10 0-12-10l-1-12q0-4 2-4zM54 40h32q2 0 2 4l-1 12q-2 10-12 10H65q-10 0-12-10l-2-12q0-4 3-4zM46 42q4-4 8 0v4q-4-3-8 0zM14 41L6 38v3l8 3zM86 41l8-3v3l-8 3z',
    over: () =>
      fill('M17 43h28l-1.6 12q-1.8 8-9.4 8h-7q-7.6 0-9.6-8zM55 43h28l-1 12q-2 8-9.6 8h-7q-7.6 0-9.4-8z', '#2a2c30', ' opacity=".88"') +
      glint('M20 45h8l-6 14q-2-2-3-5zM58 45h8l-6 14q-2-2-3-5z', 0.22),
    floor: [50, 34],
  },
  watch: {
    body: 'M41 8h18l-2 28H43zM43 64h14l2 28H41z',
    over: (c) =>
      [76, 82].map((y) => circle(50, y, 0.9, c.deep)).join('') +
      stroke('M42 12h16M43 88h14', c.line, 0.6) +
      circle(50, 50, 17, SILVER) +
      circle(50, 50, 17, 'url(#h)') +
      circle(50, 50, 13.5, '#fbfaf7', ' stroke="#9aa0a6" stroke-width=".6"') +
      fill('M67 47h3v6h-3z', SILVER) +
      stroke('M50 50V40M50 50l7 4', RUBBER, 1.2, ' stroke-linecap="round"') +
      [0, 90, 180, 270].map((a) => `<path d="M50 38.5v2" stroke="#555" stroke-width=".8" transform="rotate(${a} 50 50)"/>`).join(''),
    floor: [50, 20],
  },
  necklace: {
    body: 'M50 62q9 9 9 16a9 9 0 0 1-18 0q0-7 9-16z',
    under: () => stroke('M22 10q2 50 26 54M78 10q-2 50-26 54', GOLD, 1.4) + dashed('M22 10q2 50 26 54M78 10q-2 50-26 54', '#a8873f', 1.4, '.6 1.4'),
    over: () =>
      circle(50, 62, 2.4, 'none', ` stroke="${GOLD}" stroke-width="1.2"`) +
      glint('M47 72l3-5 2 5-2 6z', 0.5),
    floor: [50, 12],
  },
  earrings: {
    body: 'M32 44q10 12 10 22a10 10 0 0 1-20 0q0-10 10-22zM68 44q10 12 10 22a10 10 0 0 1-20 0q0-10 10-22z',
    under: () => stroke('M32 44v-8q0-8 6-7M68 44v-8q0-8 6-7', GOLD, 1.3, ' stroke-linecap="round"'),
    over: () =>
      circle(32, 42, 2.2, GOLD) +
      circle(68, 42, 2.2, GOLD) +
      glint('M27 62q1-6 4-10l1 12q-2 4-5-2zM63 62q1-6 4-10l1 12q-2 4-5-2z', 0.45),
    floor: [50, 28],
  },
  bracelet: {
    body: 'M16 56a34 22 0 1 0 68 0a34 22 0 1 0-68 0zM25 53a25 14 0 1 1 50 0a25 14 0 1 1-50 0z',
    evenodd: true,
    over: () =>
      fill('M25 53a25 14 0 0 1 50 0 25 11 0 0 0-50 0z', '#000', ' opacity=".2"') +
      // Studs along the front of the band, following its curve.
      [[26, 70], [38, 72], [50, 73], [62, 72], [74, 70]].map(([x, y]) => circle(x!, y!, 1.8, GOLD)).join(''),
    floor: [50, 36],
  },
  tie: {
    body: 'M44 10h12l-2 10h-8zM46 22h8l7 52-11 14-11-14z',
    over: (c) => shadeOver('M44 10h12l-2 10h-8z', 0.2) + stroke('M46 22h8', c.line, 0.8),
    floor: [50, 16],
  },
  gloves: {
    body: 'M34 86V62q-8-8-12-18-2-4 2-6 4 0 8 8l2 2V22q0-4 3.5-4t3.5 4v18l1-24q0-4 3.5-4t3.5 4v24l1-22q0-4 3.5-4t3.5 4v24l1-16q0-4 3-4t3 4v36q0 8-4 12v12z',
    over: (c) =>
      fill('M34 76h26v10H34z', c.dark) +
      ribs('M34 81h26', c, 10) +
      stroke('M41 40v14M49 40v14M57 42v12', c.line, 0.5, ' opacity=".7"'),
    floor: [48, 20],
  },

  // Beauty.
  lipstick: {
    body: 'M42 48V26q0-4 4-6l12-6v34zM38 54h24v32q0 2-2 2H40q-2 0-2-2z',
    over: (c) =>
      fill('M36 46h28v8H36z', GOLD) +
      glint('M36 47h28v1.5H36z', 0.5) +
      glint('M44 26q0-3 2-4v24h-2z', 0.35) +
      glint('M41 56h4v30h-4z', 0.3) +
      stroke('M38 84h24', c.line, 0.5),
    floor: [50, 18],
  },
  perfume: {
    body: 'M34 40h32q6 0 6 6v36q0 6-6 6H34q-6 0-6-6V46q0-6 6-6z',
    under: () => fill('M44 30h12v11H44z', GOLD),
    over: (c) =>
      fill('M28 54h44v28q0 6-6 6H34q-6 0-6-6z', c.deep, ' opacity=".25"') +
      fill('M40 58h20v12H40z', GLASS, ' opacity=".85"') +
      stroke('M43 63h14M45 66h10', c.deep, 0.8) +
      glint('M32 46h4v36h-4z', 0.45) +
      fill('M39 12h22q2 0 2 2v16H37V14q0-2 2-2z', RUBBER) +
      glint('M40 14h3v14h-3z', 0.25),
    floor: [50, 26],
  },
  skincare: {
    body: 'M30 30h16v56H30zM50 62h32q2 0 2 2v20q0 4-4 4H52q-4 0-4-4V64q0-2 2-2z',
    under: () => fill('M33 16h10v14H33zM38 16v-4h10v3h-6', '#ecebe8', ' stroke="#bdb8b0" stroke-width=".6"'),
    over: (c) =>
      fill('M32 44h12v20H32zM54 72h24v8H54z', GLASS, ' opacity=".85"') +
      stroke('M34 50h8M34 54h6M57 76h18', c.deep, 0.8) +
      fill('M47 54h38v9H47z', '#f3f1ed', ` stroke="#c9c4bc" stroke-width=".6"`) +
      glint('M32 32h3v50h-3z', 0.35),
    floor: [56, 32],
  },
  'nail-polish': {
    body: 'M36 46h28q6 0 6 6v30q0 6-6 6H36q-6 0-6-6V52q0-6 6-6z',
    under: () => fill('M44 40h12v7H44z', '#e9e6e1'),
    over: () =>
      fill('M42 12h16v28H42z', RUBBER) +
      glint('M44 14h3v24h-3z', 0.25) +
      glint('M34 52h4v30h-4z', 0.45) +
      fill('M58 48h5q3 0 3 3v2h-8z', '#fff', ' opacity=".35"'),
    floor: [50, 24],
  },
  mascara: {
    body: 'M30 34h18v52q0 2-2 2H32q-2 0-2-2zM56 12h16v34H56z',
    over: (c) =>
      fill('M30 34h18v5H30z', SILVER) +
      glint('M32 42h3v44h-3zM58 14h3v30h-3z', 0.35) +
      fill('M56 42h16v4H56z', SILVER) +
      stroke('M64 46v20', SILVER, 2) +
      fill('M61 66h6v20q0 2-3 2t-3-2z', RUBBER) +
      dashed('M64 67v20', '#1b1b1b', 9, '.7 .9') +
      stroke('M33 60h12', c.contrast, 1.2),
    floor: [51, 26],
  },
  palette: {
    body: 'M16 52h68q4 0 4 4v26q0 4-4 4H16q-4 0-4-4V56q0-4 4-4z',
    under: () =>
      fill('M18 16h64q4 0 4 4v30H14V20q0-4 4-4z', '#d9dde2', ' stroke="#b8bec6" stroke-width=".6"') + glint('M22 20h20l-10 26H18z', 0.5),
    floor: [50, 38],
    over: (c) =>
      [
        [mixHex(c.base, '#ffffff', 0.6), 20],
        [c.light, 36],
        [c.base, 52],
        [c.dark, 68],
      ]
        .map(([colour, x]) => `<rect x="${x}" y="57" width="12" height="12" rx="2" fill="${colour}" stroke="#00000026" stroke-width=".6"/>`)
        .join('') +
      ['#e9cfb4', '#c69a7a', '#8a5f4a', '#3b302b']
        .map((colour, i) => `<rect x="${20 + i * 16}" y="71" width="12" height="12" rx="2" fill="${colour}" stroke="#00000026" stroke-width=".6"/>`)
        .join(''),
  },
};

// ---------------------------------------------------------------------------------------------
// Styles: pattern, tilt and backdrop, so eight pictures of one kind do not look the same.

type Pattern = 'plain' | 'stripes' | 'dots' | 'piping' | 'pinstripe' | 'gingham' | 'ombre';
type Style = { pattern: Pattern; tilt: number; backdrop: [string, string]; adjective: string };

const STYLES: readonly Style[] = [
  { pattern: 'plain', tilt: 0, backdrop: ['#fbf9f6', '#ece6de'], adjective: '' },
  { pattern: 'stripes', tilt: 0, backdrop: ['#f8fafb', '#e4e9ed'], adjective: 'striped ' },
  { pattern: 'dots', tilt: 0, backdrop: ['#fcf8f7', '#efe3e1'], adjective: 'polka-dot ' },
  { pattern: 'piping', tilt: 0, backdrop: ['#f9faf6', '#e6eadf'], adjective: 'trimmed ' },
  { pattern: 'plain', tilt: -9, backdrop: ['#faf8fc', '#e9e5ef'], adjective: '' },
  { pattern: 'pinstripe', tilt: 0, backdrop: ['#fbf8f1', '#efe7d6'], adjective: 'pinstriped ' },
  { pattern: 'gingham', tilt: 7, backdrop: ['#f7f9f9', '#e1e8e8'], adjective: 'gingham ' },
  { pattern: 'ombre', tilt: 0, backdrop: ['#f9f9f8', '#e8e7e4'], adjective: 'ombre ' },
];

function patternDefs(pattern: Pattern, c: Palette, id: string): string {
  const tile = (size: number, content: string, transform = '') =>
    `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${transform}>${content}</pattern>`;
  switch (pattern) {
    case 'stripes':
      return tile(8, `<rect width="8" height="3.2" fill="${c.contrast}" opacity=".8"/>`);
    case 'dots':
      return tile(8, circle(2, 2, 1.2, c.contrast) + circle(6, 6, 1.2, c.contrast));
    case 'pinstripe':
      return tile(4, `<rect width=".6" height="4" fill="${c.contrast}" opacity=".7"/>`);
    case 'gingham':
      return tile(
        8,
        `<rect width="4" height="8" fill="${c.contrast}" opacity=".3"/><rect width="8" height="4" fill="${c.contrast}" opacity=".3"/>`,
        ' patternTransform="rotate(45)"',
      );
    case 'ombre':
      return `<linearGradient id="${id}" x2="0" y2="1"><stop offset=".35" stop-color="${c.deep}" stop-opacity="0"/><stop offset="1" stop-color="${c.deep}" stop-opacity=".85"/></linearGradient>`;
    default:
      return '';
  }
}

/**
 * The product drawing alone, without a backdrop: used by the product picture and placed on
 * banners. `prefix` keeps element ids apart when several drawings share one document.
 */
export function productArtwork(kind: ProductKind, colour: ColourKey, style: number, prefix = ''): string {
  const art = ART[kind];
  const c = palette(colourHex(colour));
  const look = STYLES[style] ?? STYLES[0]!;
  const id = (name: string) => `${prefix}${name}`;
  const ref = (name: string) => `url(#${id(name)})`;
  const shape = `href="#${id('s')}"`;
  const rule = art.evenodd ? ' fill-rule="evenodd" clip-rule="evenodd"' : '';
  const [floorX, floorW] = art.floor ?? [50, 30];
  const hasPattern = look.pattern !== 'plain' && look.pattern !== 'piping';

  // The shading gradient is named 'h' in every drawing: details such as the watch case use it.
  const defs =
    `<defs><path id="${id('s')}"${rule} d="${art.body}"/>` +
    `<linearGradient id="${id('h')}" x2="1" y2=".3"><stop offset="0" stop-color="#fff" stop-opacity=".4"/>` +
    `<stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>` +
    (hasPattern ? patternDefs(look.pattern, c, id('p')) : '') +
    (look.pattern === 'piping' ? `<clipPath id="${id('c')}"><use ${shape}/></clipPath>` : '') +
    `</defs>`;
  const over = art.over?.(c).replaceAll('url(#h)', ref('h')) ?? '';
  const body =
    (art.under?.(c) ?? '') +
    `<use ${shape} fill="${c.base}"/>` +
    (hasPattern ? `<use ${shape} fill="${ref('p')}"/>` : '') +
    `<use ${shape} fill="${ref('h')}"/>` +
    (look.pattern === 'piping' ? `<use ${shape} fill="none" stroke="${c.contrast}" stroke-width="3.2" clip-path="${ref('c')}"/>` : '') +
    over +
    `<use ${shape} fill="none" stroke="${c.line}" stroke-opacity=".55" stroke-width=".6" stroke-linejoin="round"/>`;
  return (
    defs +
    `<ellipse cx="${floorX}" cy="90" rx="${floorW}" ry="3" fill="#3a2f25" opacity=".09"/>` +
    (look.tilt ? `<g transform="rotate(${look.tilt} 50 50)">${body}</g>` : body)
  );
}

/** What the picture shows, for its <title> and alt text: "Navy striped dress". */
export function productImageTitle(kind: ProductKind, colour: ColourKey, style: number): string {
  const adjective = STYLES[style]?.adjective ?? '';
  // "nail polish", but "t-shirt": a hyphen after a single letter is part of the word.
  const name = `${colour} ${adjective}${kind.replace(/(\w{2,})-/g, '$1 ')}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The product picture: square at its size, or on a wider canvas (a social card), the artwork
 * centred at the canvas's height and the backdrop widened to fill it.
 */
export function renderProductImage(p: ProductPicture, canvas?: { width: number; height: number }): string {
  const px = PRODUCT_IMAGE_PIXELS[p.size];
  const [width, height] = canvas ? [canvas.width, canvas.height] : [px, px];
  const viewWidth = (112 * width) / height;
  const x = 50 - viewWidth / 2;
  const [from, to] = (STYLES[p.style] ?? STYLES[0]!).backdrop;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} -5 ${viewWidth} 112">` +
    `<title>${escapeXml(productImageTitle(p.kind, p.colour, p.style))}</title>` +
    `<defs><radialGradient id="b" cy=".4" r=".8"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs>` +
    `<rect x="${x}" y="-5" width="${viewWidth}" height="112" fill="url(#b)"/>` +
    productArtwork(p.kind, p.colour, p.style) +
    `</svg>`
  );
}
