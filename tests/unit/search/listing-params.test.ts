import { describe, expect, it } from 'vitest';
import { ListingQuerySchema } from '../../../server/api/services/listing-params';
import { describeZodError } from '../../../server/lib/http-error';

function parse(query: Record<string, string | string[]>) {
  return ListingQuerySchema.parse(query);
}

function problem(query: Record<string, string | string[]>): string {
  const result = ListingQuerySchema.safeParse(query);
  expect(result.success, JSON.stringify(query)).toBe(false);
  return describeZodError(result.error!);
}

describe('listing query parameters (spec section 2)', () => {
  it('defaults to GB, page 1, 20 a page, Recommended, no filters', () => {
    const p = parse({});
    expect(p).toMatchObject({ q: '', country: 'GB', page: 1, perPage: 20, sort: '', internationalDelivery: false });
    expect(p.filters).toMatchObject({ colours: [], brands: [], categories: [], sale: false, coupons: false, freeDelivery: false });
  });

  it('reads comma-separated and repeated multi-value parameters', () => {
    const p = parse({ colour: 'Red,blue', brand: ['zara', 'mango,zara'], storename: 'asos' });
    expect(p.filters.colours).toEqual(['red', 'blue']);
    expect(p.filters.brands).toEqual(['zara', 'mango']);
    expect(p.filters.stores).toEqual(['asos']);
  });

  it('reads offers bands, price ranges in minor units, booleans and countries', () => {
    const p = parse({ offers: '1.0-50.0,71.0-100.0', priceRanges: '20,150.5', sale: 'true', coupons: '1', freedelivery: 'false', madein: 'gb,us', internationaldelivery: 'IN', country: 'in' });
    expect(p.filters.offers).toEqual([{ from: 1, to: 50 }, { from: 71, to: 100 }]);
    expect(p.filters.priceMin).toBe(2000);
    expect(p.filters.priceMax).toBe(15050);
    expect(p.filters).toMatchObject({ sale: true, coupons: true, freeDelivery: false, madeIn: ['GB', 'US'] });
    expect(p.internationalDelivery).toBe(true);
    expect(p.country).toBe('IN');
  });

  it('keeps only letters, digits and spaces of the search text (spec section 5)', () => {
    expect(parse({ q: '  red   <script>dress!  ' }).q).toBe('red scriptdress');
  });

  it('lets a deeper category level refine its ancestor', () => {
    expect(parse({ category: 'clothing', subcategory: 'dresses' }).filters.categories).toEqual(['dresses']);
    expect(parse({ category: 'clothing', subcategory: 'dresses,jeans' }).filters.categories).toEqual(['dresses', 'jeans']);
  });

  it('caps perPage rather than refusing it', () => {
    expect(parse({ perPage: '1000' }).perPage).toBe(100);
  });

  it('refuses nonsense, naming the parameter and what it takes', () => {
    expect(problem({ colour: 'mauve' })).toMatch(/^colour: "mauve" is not a colour; use one of white/);
    expect(problem({ sort: 'cheap' })).toContain("sort must be '' (Recommended), sale, desc or asc");
    expect(problem({ page: '0' })).toContain('page must be a whole number from 1');
    expect(problem({ page: '1.5' })).toContain('page');
    expect(problem({ perPage: 'lots' })).toContain('perPage');
    expect(problem({ priceRanges: '10' })).toContain('priceRanges takes two amounts');
    expect(problem({ priceRanges: '90,10' })).toContain('min must not be above max');
    expect(problem({ offers: '50-20' })).toContain('offers');
    expect(problem({ offers: '10-101' })).toContain('offers');
    expect(problem({ department: 'pets' })).toContain('department');
    expect(problem({ country: 'FR' })).toContain('country must be one of GB');
    expect(problem({ category: 'no-such-thing' })).toContain('category: there is no category "no-such-thing"');
    expect(problem({ subcategory3: 'Bad Slug!' })).toContain('subcategory3');
    expect(problem({ freedelivery: 'yes please' })).toContain('freedelivery takes true or false');
    expect(problem({ internationaldelivery: 'mars' })).toContain('internationaldelivery');
    expect(problem({ madein: 'fr' })).toContain('madein');
    expect(problem({ link: 'dresses' })).toContain('link must be a path starting with /');
    expect(problem({ q: 'x'.repeat(201) })).toContain('longer than 200');
    expect(problem({ find: '   ' })).toContain('find must not be only spaces');
    expect(problem({ brand: Array.from({ length: 51 }, (_, i) => `b${i}`).join(',') })).toContain('at most 50 values');
  });
});
