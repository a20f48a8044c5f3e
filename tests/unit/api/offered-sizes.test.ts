import { describe, expect, it } from 'vitest';
import { offeredSizes } from '../../../server/api/services/product-reader';

// Which sizes a card's price and discount come from (issue 27, stock per country): those a
// shopper can buy in the country (status 1 in stock, 2 preorder, 3 backorder) when there are
// any, else all of them (a sold-out card).

const size = (name: string, status: number) => ({ name, status });

describe('offeredSizes', () => {
  it('leaves the sizes sold out in the country out when another can be bought', () => {
    expect(offeredSizes([size('S', 0), size('M', 1), size('L', 2), size('XL', 3)]).map((s) => s.name)).toEqual(['M', 'L', 'XL']);
  });

  it('keeps every size of a product sold out in the country', () => {
    expect(offeredSizes([size('S', 0), size('M', 0)]).map((s) => s.name)).toEqual(['S', 'M']);
  });
});
