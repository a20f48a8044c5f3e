// Store and brand logos drawn from the slug alone: a monogram and a wordmark in one of a few
// house looks, chosen by a hash so a store keeps its logo. System fonts only: nothing is
// fetched, and text widths are estimated, then forced with textLength when a name is long.
import { escapeXml, hashText } from '../../web/lib/xml';

export const LOGO_SLUG = /^[a-z0-9-]{1,60}$/;
export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 120;

/** Background, ink, accent. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#111111', '#ffffff', '#c9a55c'],
  ['#f6f1ea', '#1d1b19', '#b08d6e'],
  ['#1f2b39', '#f4efe8', '#e9c77b'],
  ['#f9e6e1', '#5a2a27', '#d9826f'],
  ['#e6ece8', '#1f3b32', '#3f8f7a'],
  ['#ffffff', '#1e63d6', '#1e63d6'],
  ['#6a1b9a', '#ffffff', '#f0c8ff'],
  ['#f3ece0', '#800000', '#800000'],
  ['#ffffff', '#111111', '#d32f2f'],
  ['#e3bc9a', '#2b2119', '#ffffff'],
];

const FONTS = [
  { family: "Georgia,'Times New Roman',serif", weight: 400, width: 0.56 },
  { family: "'Helvetica Neue',Helvetica,Arial,sans-serif", weight: 700, width: 0.64 },
  { family: "'Trebuchet MS','Segoe UI',Verdana,sans-serif", weight: 600, width: 0.6 },
] as const;

type Font = (typeof FONTS)[number];

/** Splits a long name into two lines at the space nearest its middle. */
function splitName(name: string): string[] {
  if (name.length <= 14 || !name.includes(' ')) return [name];
  let best = -1;
  for (let i = name.indexOf(' '); i !== -1; i = name.indexOf(' ', i + 1)) {
    if (best === -1 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2)) best = i;
  }
  return [name.slice(0, best), name.slice(best + 1)];
}

type Block = { x: number; y: number; room: number; maxSize: number; font: Font; ink: string; spacing: number };

/**
 * Lines of text centred on (x, y), all at the size that fits the longest into `room` pixels.
 * Below a readable size the text is set at that size and squeezed into the room instead.
 */
function textBlock(lines: readonly string[], b: Block): string {
  const perChar = b.font.width + b.spacing;
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.round(Math.max(11, Math.min(b.maxSize, b.room / (longest * perChar))) * 10) / 10;
  const lineHeight = size * 1.15;
  const letterSpacing = b.spacing ? ` letter-spacing="${Math.round(b.spacing * size * 10) / 10}"` : '';
  return lines
    .map((line, i) => {
      const y = b.y + (i - (lines.length - 1) / 2) * lineHeight + size * 0.35;
      const squeeze = line.length * perChar * size > b.room ? ` textLength="${b.room}" lengthAdjust="spacingAndGlyphs"` : '';
      return (
        `<text x="${b.x}" y="${Math.round(y * 10) / 10}" font-family="${escapeXml(b.font.family)}" font-size="${size}" ` +
        `font-weight="${b.font.weight}" fill="${b.ink}" text-anchor="middle"${letterSpacing}${squeeze}>${escapeXml(line)}</text>`
      );
    })
    .join('');
}

export function renderLogoImage(slug: string): string {
  if (!LOGO_SLUG.test(slug)) throw new RangeError(`not a logo slug: ${JSON.stringify(slug)}`);
  const words = slug.split('-').filter(Boolean);
  const name = words.length ? words.join(' ') : slug;
  const initials = (words.length > 1 ? words[0]!.charAt(0) + words[1]!.charAt(0) : name.charAt(0)).toUpperCase();
  const hash = hashText(slug);
  const [bg, ink, accent] = PALETTES[hash % PALETTES.length]!;
  const font = FONTS[(hash >>> 8) % FONTS.length]!;
  const layout = (hash >>> 16) % 3;
  const title = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || slug;

  let art: string;
  if (layout === 0) {
    // Monogram badge on the left, wordmark beside it.
    art =
      `<circle cx="52" cy="60" r="34" fill="none" stroke="${accent}" stroke-width="2"/>` +
      textBlock([initials], { x: 52, y: 60, room: 44, maxSize: 30, font, ink, spacing: 0 }) +
      textBlock(splitName(title), { x: 163, y: 60, room: 138, maxSize: 24, font, ink, spacing: 0 });
  } else if (layout === 1) {
    // Spaced capitals between two rules.
    const lines = splitName(title.toUpperCase());
    const gap = lines.length * 14 + 12;
    art =
      `<path d="M40 ${60 - gap}h160M40 ${60 + gap}h160" stroke="${accent}" stroke-width="1.5"/>` +
      textBlock(lines, { x: 120, y: 60, room: 196, maxSize: 26, font, ink, spacing: 0.18 });
  } else {
    // Monogram above a small wordmark.
    art =
      `<rect x="100" y="12" width="40" height="40" rx="6" fill="${accent}"/>` +
      textBlock([initials], { x: 120, y: 32, room: 32, maxSize: 22, font, ink: bg, spacing: 0 }) +
      textBlock(splitName(title), { x: 120, y: 84, room: 210, maxSize: 20, font, ink, spacing: 0.05 });
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}">` +
    `<title>${escapeXml(`${title} logo`)}</title>` +
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" fill="${bg}"/>` +
    art +
    `</svg>`
  );
}
