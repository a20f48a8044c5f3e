// The 24 colours of spec section 3, with the hex the swatches are drawn in.
export const COLOURS = [
  { key: 'white', hex: '#ffffff' },
  { key: 'silver', hex: '#c0c0c0' },
  { key: 'nude', hex: '#e3bc9a' },
  { key: 'pink', hex: '#ffc0cb' },
  { key: 'fuchsia', hex: '#ff00ff' },
  { key: 'yellow', hex: '#ffeb3b' },
  { key: 'gold', hex: '#d4af37' },
  { key: 'mustard', hex: '#e1ad01' },
  { key: 'orange', hex: '#ff8c00' },
  { key: 'red', hex: '#d32f2f' },
  { key: 'maroon', hex: '#800000' },
  { key: 'brown', hex: '#795548' },
  { key: 'lime', hex: '#cddc39' },
  { key: 'green', hex: '#388e3c' },
  { key: 'olive', hex: '#808000' },
  { key: 'aqua', hex: '#00ffff' },
  { key: 'turquoise', hex: '#40e0d0' },
  { key: 'teal', hex: '#008080' },
  { key: 'blue', hex: '#1e63d6' },
  { key: 'navy', hex: '#000080' },
  { key: 'violet', hex: '#8f5bd9' },
  { key: 'purple', hex: '#6a1b9a' },
  { key: 'grey', hex: '#8e8e8e' },
  { key: 'black', hex: '#111111' },
] as const;

export type ColourKey = (typeof COLOURS)[number]['key'];

const byKey = new Map<string, string>(COLOURS.map((c) => [c.key, c.hex]));

export function isColourKey(value: string): value is ColourKey {
  return byKey.has(value);
}

export function colourHex(key: ColourKey): string {
  return byKey.get(key) ?? '#8e8e8e';
}

// Merchant feeds name colours freely ("Navy Blue", "Light Grey", "Fuchsia Pink").
// These words map a free colour name onto one of the 24 keys; the last matching
// word wins, so "Navy Blue" is navy and "Light Grey" is grey.
const COLOUR_WORDS: Record<string, ColourKey> = {
  white: 'white', ivory: 'white', cream: 'white', ecru: 'white', 'off-white': 'white',
  silver: 'silver', metallic: 'silver',
  nude: 'nude', beige: 'nude', camel: 'nude', taupe: 'nude', sand: 'nude', stone: 'nude', blush: 'nude',
  pink: 'pink', rose: 'pink', coral: 'pink',
  fuchsia: 'fuchsia', magenta: 'fuchsia',
  yellow: 'yellow', lemon: 'yellow',
  gold: 'gold',
  mustard: 'mustard', ochre: 'mustard',
  orange: 'orange', rust: 'orange', tangerine: 'orange',
  red: 'red', scarlet: 'red', cherry: 'red',
  maroon: 'maroon', burgundy: 'maroon', wine: 'maroon', oxblood: 'maroon',
  brown: 'brown', tan: 'brown', chocolate: 'brown', cognac: 'brown', khaki: 'brown',
  lime: 'lime',
  green: 'green', emerald: 'green', sage: 'green', mint: 'green', forest: 'green',
  olive: 'olive',
  aqua: 'aqua', cyan: 'aqua',
  turquoise: 'turquoise',
  teal: 'teal',
  blue: 'blue', denim: 'blue', cobalt: 'blue', sky: 'blue', indigo: 'blue',
  navy: 'navy',
  violet: 'violet', lilac: 'violet', lavender: 'violet',
  purple: 'purple', plum: 'purple', mauve: 'purple',
  grey: 'grey', gray: 'grey', charcoal: 'grey', slate: 'grey',
  black: 'black', jet: 'black', onyx: 'black',
};

/** Maps a merchant's colour name onto one of the 24 colour keys, or undefined. */
export function normaliseColour(name: string): ColourKey | undefined {
  let found: ColourKey | undefined;
  for (const word of name.toLowerCase().split(/[^a-z-]+/)) {
    const key = COLOUR_WORDS[word];
    if (key) found = key;
  }
  return found;
}
