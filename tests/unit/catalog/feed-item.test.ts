import { describe, expect, it } from 'vitest';
import { validateFeedRecord } from '../../../server/api/catalog/feed-item';

const valid = {
  id: ['NL100-BLK-S'],
  item_group_id: ['NL100'],
  title: ['Ruched Satin Midi Dress'],
  link: ['https://www.northlane.example/products/nl100'],
  image_link: ['/images/v1/product/dress/black/1/full.svg'],
  price: ['89.00 GBP'],
  sale_price: ['59.00 GBP'],
  availability: ['in_stock'],
  gender: ['Female'],
  product_detail: ['General:Care:Dry clean only'],
  shipping: ['GB:::0.00 GBP'],
};

const check = (values: Record<string, string[]>, line = 7) => validateFeedRecord({ line, values });

describe('feed item validation', () => {
  it('accepts a complete item and types its values', () => {
    const result = check(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.item).toMatchObject({
      line: 7,
      id: 'NL100-BLK-S',
      itemGroupId: 'NL100',
      price: { minor: 8900, currency: 'GBP' },
      salePrice: { minor: 5900, currency: 'GBP' },
      gender: 'female',
      availability: 'in_stock',
      care: 'Dry clean only',
      description: '',
      additionalImageLinks: [],
      promotionIds: [],
    });
  });

  it('accepts pictures on our own origin and on the web, but not protocol-relative ones', () => {
    expect(check({ ...valid, image_link: ['https://cdn.example/a.jpg'] }).ok).toBe(true);
    const result = check({ ...valid, image_link: ['//cdn.example/a.jpg'] });
    expect(result).toEqual({
      ok: false,
      line: 7,
      reason: 'item NL100-BLK-S: image_link "//cdn.example/a.jpg" is neither an absolute http(s) URL nor a path on our origin',
    });
  });

  it('names every missing required attribute, with the line', () => {
    const result = check({ id: ['X1'] }, 12);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(12);
    expect(result.reason).toMatch(/^item X1: title is missing; link is missing; image_link is missing \(and \d+ more\)$/);
  });

  it('refuses a sale price above the price or in another currency', () => {
    expect(check({ ...valid, sale_price: ['99.00 GBP'] })).toMatchObject({ ok: false, reason: 'item NL100-BLK-S: sale_price is above price' });
    expect(check({ ...valid, sale_price: ['59.00 USD'] })).toMatchObject({
      ok: false,
      reason: 'item NL100-BLK-S: sale_price is in USD but price is in GBP',
    });
  });

  it('refuses values outside Google’s vocabularies and limits', () => {
    expect(check({ ...valid, availability: ['maybe'] })).toMatchObject({ reason: expect.stringContaining('availability "maybe" is not one of') });
    expect(check({ ...valid, gender: ['women'] })).toMatchObject({ reason: expect.stringContaining('gender "women" is not one of male, female, unisex') });
    expect(check({ ...valid, title: ['x'.repeat(151)] })).toMatchObject({ reason: expect.stringContaining('title is longer than 150 characters') });
    expect(check({ ...valid, link: ['/products/x'] })).toMatchObject({ reason: expect.stringContaining('link "/products/x" is not an absolute http(s) URL') });
    expect(check({ ...valid, shipping: ['free'] })).toMatchObject({ reason: expect.stringContaining('shipping "free" is not') });
  });

  it('keeps the first of a single-valued attribute given twice', () => {
    const result = check({ ...valid, title: ['First Title', 'Second Title'] });
    expect(result.ok && result.item.title).toBe('First Title');
  });
});
