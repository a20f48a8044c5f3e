// A small merchant feed (TSV) of black midi dresses by one brand, for the catalogue tests that
// need a few items with chosen prices, sizes and availability (price-dropped.test.ts,
// feed-truth-catalog.ts). Prices are decimal text in `currency` (the site's).

const HEADER = 'id\titem_group_id\ttitle\tdescription\tlink\timage_link\tprice\tbrand\tcolor\tgender\tage_group\tsize\tavailability\tproduct_type';

export type DressRow = { id: string; group?: string; size?: string; title: string; price: string; availability?: string };

export function dressFeed(rows: readonly DressRow[], currency = 'GBP'): string {
  const lines = rows.map((r) =>
    [
      r.id,
      r.group ?? r.id,
      r.title,
      `A ${r.title.toLowerCase()}.`,
      `https://shop.example/${r.id}`,
      '/images/v1/product/dress/black/1/full.svg',
      `${r.price} ${currency}`,
      'Ava Marlowe',
      'Black',
      'female',
      'adult',
      r.size ?? 'M',
      r.availability ?? 'in_stock',
      'Women > Clothing > Dresses > Midi Dresses',
    ].join('\t'),
  );
  return `${[HEADER, ...lines].join('\n')}\n`;
}
