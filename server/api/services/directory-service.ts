import type { z } from 'zod';
import type { BrandListSchema, StoreListSchema } from '../../../shared/api/product-schemas';
import type { Department } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';
import { normaliseText, normalisedName } from '../search-engine/analyser';
import type { SearchEngine } from '../search-engine/search-engine';
import { catalogCounts } from './catalog-counts';

// The brand and store directories (brands/a-to-z, stores; spec section 7), counted in a country.

type BrandList = z.infer<typeof BrandListSchema>;
type StoreList = z.infer<typeof StoreListSchema>;

/** "A" … "Z", or "#" for names that start otherwise (brands/a-to-z). */
export function letterOf(name: string): string {
  const first = normaliseText(name).charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

export class DirectoryService {
  constructor(
    private readonly db: Queryable,
    private readonly engine: SearchEngine,
  ) {}

  async brandList(country: CountryCode, department: Department | undefined, adminView = false): Promise<BrandList> {
    await this.engine.start();
    const { brand } = await catalogCounts(this.engine, country, department, adminView);
    const dir = this.engine.directory();
    const brands = [...brand]
      .map(([id, n]) => ({ b: dir.brands.get(id), n }))
      .filter((x) => x.b !== undefined)
      .map(({ b, n }) => ({ id: b!.id, name: b!.name, slug: b!.slug, productCount: n, letter: letterOf(b!.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return { brands };
  }

  async storeList(country: CountryCode, term?: string, adminView = false): Promise<StoreList> {
    await this.engine.start();
    const { store } = await catalogCounts(this.engine, country, undefined, adminView);
    const logos = new Map(
      (await this.db.query<{ id: number; logo_url: string | null }>('SELECT id, logo_url FROM stores')).map((r) => [r.id, r.logo_url]),
    );
    const dir = this.engine.directory();
    const find = term ? normaliseText(term) : '';
    const stores = [...store]
      .map(([id, n]) => ({ s: dir.stores.get(id), n }))
      .filter((x) => x.s !== undefined && (!find || normalisedName(x.s).includes(find) || x.s.slug.includes(find.replace(/ /g, '-'))))
      .map(({ s, n }) => ({
        id: s!.id,
        name: s!.name,
        slug: s!.slug,
        logo: logos.get(s!.id) ?? null,
        countryCode: s!.country,
        productCount: n,
        letter: letterOf(s!.name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return { stores };
  }
}
