import { describe, expect, it } from 'vitest';
import { ALL_PRODUCT_KINDS } from '../../../shared/images';
import { CATEGORIES, categoryBySlug } from '../../../server/api/catalog/category-tree';
import { categoryKey, matchCategory, placeItem } from '../../../server/api/catalog/category-match';

describe('category tree', () => {
  it('has one tree per department, with slugs unique across the site', () => {
    expect(new Set(CATEGORIES.map((c) => c.department))).toEqual(new Set(['women', 'men', 'kids']));
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length);
  });

  it('has the footer tag pages and the not-found tiles as categories (spec section 2)', () => {
    const footer = ['dresses', 'shirts-blouses', 'skirts', 'jeans', 'coats', 'men-jeans', 'men-t-shirt', 'men-jackets', 'men-coats-blazers', 'men-sweatshirts-hoodies'];
    for (const slug of [...footer, 'clothing', 'men-clothing', 'shoes']) expect(categoryBySlug(slug), slug).toBeDefined();
  });

  it('puts the spec’s top categories at the top of the women’s tree', () => {
    const women = CATEGORIES.filter((c) => c.department === 'women' && c.depth === 1).map((c) => c.slug);
    expect(women).toEqual(['clothing', 'shoes', 'bags', 'accessories', 'health-and-beauty']);
  });

  it('prefixes every men’s slug with men- and every kids’ slug with kids-, and no women’s slug', () => {
    for (const c of CATEGORIES) {
      if (c.department === 'men') expect(c.slug, c.slug).toMatch(/^men-/);
      else if (c.department === 'kids') expect(c.slug, c.slug).toMatch(/^kids-/);
      else expect(c.slug, c.slug).not.toMatch(/^(men|kids)-/);
    }
  });

  it('nests at most four deep, with paths of slugs from the top', () => {
    expect(Math.max(...CATEGORIES.map((c) => c.depth))).toBe(4);
    expect(categoryBySlug('maxi-dresses')!.path).toBe('clothing/dresses/maxi-dresses');
    expect(categoryBySlug('lipstick')!.path).toBe('health-and-beauty/makeup/lips/lipstick');
    expect(categoryBySlug('men-coats')!.path).toBe('men-clothing/men-coats-blazers/men-coats');
    for (const c of CATEGORIES) {
      expect(c.path.split('/').length).toBe(c.depth);
      if (c.parentSlug) expect(c.path.startsWith(`${categoryBySlug(c.parentSlug)!.path}/`)).toBe(true);
    }
  });

  it('says for every category which picture draws it', () => {
    for (const c of CATEGORIES) expect(ALL_PRODUCT_KINDS, c.slug).toContain(c.kind);
  });
});

describe('category matching', () => {
  it('compares names by singular words, without punctuation or department words', () => {
    expect(categoryKey('Dresses')).toBe(categoryKey('dress'));
    expect(categoryKey('T-Shirts')).toBe('t shirt');
    expect(categoryKey("Men's Jeans")).toBe('jean');
    expect(categoryKey('Shirts & Blouses')).toBe('shirt and blouse');
  });

  it('finds the deepest category a product_type leads to', () => {
    expect(matchCategory('women', ['Clothing', 'Dresses', 'Maxi Dresses'])?.slug).toBe('maxi-dresses');
    expect(matchCategory('women', ['Clothing', 'Dresses', 'Summer Edit'])?.slug).toBe('dresses');
    expect(matchCategory('men', ['Clothing', 'Coats & Blazers', 'Coats'])?.slug).toBe('men-coats');
  });

  it('skips levels the merchant leaves out and knows other names for a category', () => {
    expect(matchCategory('women', ['Dresses'])?.slug).toBe('dresses');
    expect(matchCategory('women', ['Shoes', 'Trainers'])?.slug).toBe('sneakers');
    expect(matchCategory('women', ['Knitwear', 'Sweaters'])?.slug).toBe('jumpers');
    expect(matchCategory('men', ['Shoes', 'Brogues'])?.slug).toBe('men-formal-shoes');
    expect(matchCategory('women', ['Beauty', 'Make-Up', 'Lip Makeup', 'Lipsticks'])?.slug).toBe('lipstick');
  });

  it('places by department word first, then age group, then gender', () => {
    expect(placeItem({ productType: 'Women > Clothing > Jeans', gender: 'male' })).toMatchObject({ department: 'women', category: { slug: 'jeans' } });
    expect(placeItem({ productType: "Men's > Jeans" })).toMatchObject({ department: 'men', category: { slug: 'men-jeans' } });
    expect(placeItem({ productType: 'Girls > Dresses' })).toMatchObject({ department: 'kids', category: { slug: 'kids-dresses' } });
    expect(placeItem({ productType: 'Clothing > Jeans', gender: 'male' })).toMatchObject({ department: 'men', category: { slug: 'men-jeans' } });
    expect(placeItem({ productType: 'Clothing > Jeans', gender: 'male', ageGroup: 'kids' })).toMatchObject({ department: 'kids', category: { slug: 'kids-jeans' } });
    // Unisex adult goods go to the spec's default department.
    expect(placeItem({ productType: 'Accessories > Sunglasses', gender: 'unisex' })).toMatchObject({ department: 'women', category: { slug: 'sunglasses' } });
  });

  it('falls back on google_product_category when product_type names nothing we have', () => {
    expect(
      placeItem({ productType: 'New In', googleProductCategory: 'Apparel & Accessories > Clothing > Skirts', gender: 'female' }),
    ).toMatchObject({ department: 'women', category: { slug: 'skirts' } });
    expect(placeItem({ googleProductCategory: 'Health & Beauty > Grooming > Fragrance', gender: 'male' })).toMatchObject({
      department: 'men',
      category: { slug: 'men-fragrance' },
    });
  });

  it('says why an item cannot be placed', () => {
    expect(placeItem({ productType: 'Home & Garden > Hoses' })).toEqual({
      error: 'no women category matches product_type/google_product_category "Home & Garden > Hoses"',
    });
    expect(placeItem({})).toEqual({ error: expect.stringContaining('product_type (or google_product_category) is missing') });
  });
});
