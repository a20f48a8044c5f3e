// Words shoppers in our eight markets use for the same thing, kept as data so
// adding one is a one-line change.
// Each group is symmetric: a query for any word also finds products that use another
// word of the group (ranked below products that use the word itself). Words are written
// as people type them; the analyser stems them, so plurals need no entries of their own.

export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['jumper', 'sweater', 'pullover'],
  ['trainers', 'sneakers', 'kicks'],
  ['colour', 'color'],
  ['handbag', 'bag'],
  ['grey', 'gray'],
  ['jewellery', 'jewelry'],
  ['trousers', 'pants'],
  ['tshirt', 'tee'],
  ['hoodie', 'hoody', 'sweatshirt'],
  ['purse', 'wallet'],
  ['sunglasses', 'shades'],
  ['mac', 'raincoat'],
  ['pyjamas', 'pajamas', 'nightwear'],
  ['moisturiser', 'moisturizer'],
  ['knickers', 'panties', 'briefs'],
  ['vest', 'tank', 'camisole'],
  ['trackpants', 'joggers', 'sweatpants'],
  ['rucksack', 'backpack'],
  ['flipflops', 'sliders', 'sandals'],
  ['woman', 'women', 'ladies', 'lady', 'womens'],
  ['man', 'men', 'mens'],
  ['kid', 'kids', 'children', 'child'],
  ['perfume', 'fragrance', 'scent'],
  ['makeup', 'cosmetics'],
];

// Phrases typed as separate words that merchants write as one (after hyphens are
// removed, "T-Shirt" in a title is the one word "tshirt").
export const COMPOUNDS: readonly (readonly [phrase: string, word: string])[] = [
  ['t shirt', 'tshirt'],
  ['t shirts', 'tshirts'],
  ['tee shirt', 'tshirt'],
  ['flip flops', 'flipflops'],
  ['flip flop', 'flipflops'],
  ['track pants', 'trackpants'],
  ['swimming costume', 'swimsuit'],
  ['bathing suit', 'swimsuit'],
  ['make up', 'makeup'],
  ['hand bag', 'handbag'],
  ['hand bags', 'handbags'],
  ['cross body', 'crossbody'],
];

// Words that say nothing about a product on their own.
export const STOP_WORDS: readonly string[] = [
  'a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'on', 'at', 'to', 'by', 'from', 'or', 'our', 'your', 'my',
];

// Plurals that no suffix rule reaches.
export const IRREGULAR_FORMS: Readonly<Record<string, string>> = {
  women: 'woman',
  men: 'man',
  children: 'child',
  feet: 'foot',
  scarves: 'scarf',
  knives: 'knife',
};
