import { buildDemoCatalog, readDemoCatalogInfo } from '../../server/demo/catalog/generate-demo-catalog';

/**
 * The first product of the demo catalogue generated in `catalogDir` that is on sale in GB, has
 * a size in stock, and is cut further on day 2 (and still listed then) (`npm run generate-catalog -- --day 2`): what
 * an import of that store's day-2 GB feed makes fire, drop or change.
 */
export async function productCutOnDay2(catalogDir: string) {
  const info = await readDemoCatalogInfo(catalogDir);
  if (!info) throw new Error('the product has no generated demo catalogue');
  const day1 = buildDemoCatalog(info.options, 1).products;
  const { products: day2, listings } = buildDemoCatalog(info.options, 2);
  const cut = day2.find(
    (p, i) =>
      !listings.withdrawn.has(i) &&
      p.discount > day1[i]!.discount &&
      p.store.sellsTo.includes('GB') &&
      p.variants.some((v) => v.sizes.some((s) => s.availability === 'in_stock')),
  );
  if (!cut) throw new Error('day 2 of this catalogue cuts no GB price');
  return cut;
}
