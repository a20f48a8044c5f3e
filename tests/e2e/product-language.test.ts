import { describe, expect, inject, it } from 'vitest';
import { ProductDetailSchema, type ProductDetail } from '../../shared/api/product-schemas';
import { SearchResponseSchema } from '../../shared/api/search-schemas';
import * as SEARCH_API from '../../shared/api/search-paths';
import { PRODUCT_PAGE_API } from '../../shared/api/product-page-paths';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations } from '../support/browser';

// The product page in French in a real browser (issue 29): a Canadian product at /ca/fr/…
// hydrates without a mismatch (Intl's dates and prices the same on both sides), then says how
// long ago its price was checked in French, from the browser's clock and the language's whole
// catalogue (the first page's messages lack the relative words), and passes axe.

const browser = browserForFile();
const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

/** The first product of the Canadian site whose price a feed has confirmed. */
async function canadianProduct(): Promise<ProductDetail> {
  const res = await fetch(`${apiUrl}${SEARCH_API.list}?country=CA&page=1&perPage=50`);
  const { products } = SearchResponseSchema.parse(((await res.json()) as { data: unknown }).data);
  for (const p of products) {
    const size = p.variants[0]?.size_variants[0];
    if (!size) continue;
    const answer = await fetch(`${apiUrl}${PRODUCT_PAGE_API.detail(p.category_slug, p.subcategory_slug, size.slug)}?country=CA`);
    if (answer.status !== 200) continue;
    const detail = ProductDetailSchema.parse(((await answer.json()) as { data: unknown }).data);
    if (detail.priceAge.checkedAt) return detail;
  }
  throw new Error('no Canadian product with a checked price in the demo catalogue');
}

describe('a product page in French', () => {
  it('hydrates cleanly, says in French how long ago its price was checked, and passes axe', async () => {
    const detail = await canadianProduct();
    const context = await browser().newContext({ ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, `${webUrl}/ca/fr/${detail.canonicalUrl}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    await page.getByRole('heading', { level: 2, name: 'Évaluations' }).waitFor();
    // After hydration the absolute time ("le 28 nov. 2026, 04 h 40") gives way to Intl's relative words.
    const age = page.locator('p.product-price-age').first();
    await expect.poll(() => age.textContent(), { timeout: 20_000 }).toMatch(/^Prix vérifié (il y a |à l'instant|hier)/);
    expect(problems).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
