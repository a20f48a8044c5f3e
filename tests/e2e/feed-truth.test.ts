import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProduct } from '../../scripts/lib/processes';
import { UPSTREAM_HEADER } from '../../shared/constants';
import { ProductCardSchema, ProductDetailSchema, type ProductCard, type ProductDetail } from '../../shared/api/product-schemas';
import { PRODUCT_PAGE_API } from '../../shared/api/product-page-paths';
import * as SEARCH_API from '../../shared/api/search-paths';
import { WISHLIST_API } from '../../shared/api/wishlist-paths';
import { ALERT_NOTICES } from '../../shared/validation/alert-rules';
import { buildDemoCatalog, readDemoCatalogInfo } from '../../server/demo/catalog/generate-demo-catalog';
import type { DemoProduct } from '../../server/demo/catalog/demo-catalog';
import { registerUser } from '../integration/accounts/accounts-api';
import { DESKTOP, browserForFile, openPage, siteContexts, waitForHydration, expectNotice } from '../support/browser';
import { pollUntil } from '../support/poll';
import { DEMO_DAY_TEST_MS, demoCatalogDir, importDemoDay } from '../support/demo-days';
import { SIMILAR_PRODUCTS } from '../../client/routes/product.route';
import { inEnglish } from '../support/i18n';
import { startMailingProduct, stopMailingProduct, type MailingProduct } from '../support/mailing-product';

// Issue 27 as a shopper lives it, on the demo's next days: an item on a wishlist that the
// day-2 feeds no longer carry is marked "No longer sold by {store}" there, and its page (410)
// offers similar items still on sale; a size sold out on day 2 offers "Tell me when it is
// back", and when the day-3 feeds bring it back the shopper gets one e-mail. Day 2 and day 3
// are generated and handed to the running api by the import CLI, as the README's demo does.

const browser = browserForFile();
let product: RunningProduct;
let smtp: MailingProduct['smtp'];
let shopper: Awaited<ReturnType<typeof registerUser>>;

const catalogDir = () => demoCatalogDir(product);

async function apiData(pathAndQuery: string, init: RequestInit = {}): Promise<{ status: number; data: unknown }> {
  const res = await fetch(`${product.apiUrl}${pathAndQuery}`, init);
  const body = (await res.json()) as { data?: unknown };
  return { status: res.status, data: body.data };
}

/** The GB card of a demo product: its store's listing, by its title. */
async function cardOf(demo: DemoProduct): Promise<ProductCard> {
  const { status, data } = await apiData(`${SEARCH_API.list}?${new URLSearchParams({ link: `/store/${demo.store.slug}`, country: 'GB', perPage: '100' })}`);
  expect(status).toBe(200);
  const cards = ProductCardSchema.array().parse((data as { products: unknown }).products);
  const card = cards.find((c) => c.variants.some((v) => v.title === demo.title));
  if (!card) throw new Error(`no GB card of "${demo.title}" in ${demo.store.slug}`);
  return card;
}

/** The product page's path a card links to. */
const pagePath = (card: ProductCard) => `/${card.category_slug}/${card.subcategory_slug}/${card.variants[0]!.size_variants[0]!.slug}`;

async function detailOf(card: ProductCard): Promise<ProductDetail> {
  const { status, data } = await apiData(`${PRODUCT_PAGE_API.detail(card.category_slug, card.subcategory_slug, card.variants[0]!.size_variants[0]!.slug)}?country=GB`);
  expect(status).toBe(200);
  return ProductDetailSchema.parse(data);
}

/** How many similar items the product page of a card shows (the api's first page of them). */
async function similarCount(card: ProductCard): Promise<number> {
  const { status, data } = await apiData(`${PRODUCT_PAGE_API.similar(card.category_slug, card.subcategory_slug, card.variants[0]!.size_variants[0]!.slug)}?country=GB&page=1&perPage=${SIMILAR_PRODUCTS}`);
  expect(status).toBe(200);
  return (data as { products: unknown[] }).products.length;
}

beforeAll(async () => {
  ({ product, smtp } = await startMailingProduct());
  shopper = await registerUser({ url: product.apiUrl });
});
afterAll(() => stopMailingProduct({ product, smtp }));

describe('feeds that tell the truth', () => {
  it('marks a wishlisted item the day-2 feeds withdraw, whose page offers similar items; a size sold out on day 2 offers "Tell me when it is back", and day 3 brings one e-mail', async () => {
    const info = (await readDemoCatalogInfo(catalogDir()))!;
    const day2 = buildDemoCatalog(info.options, 2);
    const day3 = buildDemoCatalog(info.options, 3);
    const sellsInGb = (p: DemoProduct) => p.store.sellsTo.includes('GB');

    // Day 1: the shopper puts on a wishlist a product its store stops listing on day 2.
    // Of those, the one with most similar items (a product alone in its category has none).
    const withdrawn = [...day2.listings.withdrawn].map((i) => day2.products[i]!).filter(sellsInGb);
    const withSimilar = await Promise.all(
      withdrawn.map(async (p) => {
        const card = await cardOf(p);
        return { p, card, similar: await similarCount(card) };
      }),
    );
    const { p: gone, card: goneCard } = withSimilar.reduce((a, b) => (b.similar > a.similar ? b : a));
    const added = await apiData(WISHLIST_API.add, {
      method: 'POST',
      headers: { [UPSTREAM_HEADER.token]: shopper.token, 'content-type': 'application/json' },
      body: JSON.stringify({ id: goneCard.id, listId: 0, listName: 'Party' }),
    });
    expect(added.status).toBe(200);

    // Day 2: the product's page answers 410 once the import is in.
    await importDemoDay(product, 2);
    const goneDetail = PRODUCT_PAGE_API.detail(goneCard.category_slug, goneCard.subcategory_slug, goneCard.variants[0]!.size_variants[0]!.slug);
    await pollUntil('the withdrawn product answers 410', async () => ((await apiData(`${goneDetail}?country=GB`)).status === 410 ? true : undefined), 60_000);

    const context = await siteContexts(browser, () => product.webUrl)(shopper, DESKTOP);
    const { page, problems } = await openPage(context, `${product.webUrl}/user/${shopper.userName}/wishlists`);
    await page.getByRole('link', { name: 'Party' }).click();
    const goneItem = page.locator('article.wishlist-gone', { hasText: gone.title });
    await goneItem.getByText(`No longer sold by ${gone.store.name}`).waitFor();

    // Its page: a 410 that is no dead end: the store's page in Buy's place, and similar items on sale.
    const response = await page.goto(`${product.webUrl}${pagePath(goneCard)}`);
    expect(response!.status()).toBe(410);
    await page.getByText(`No longer sold by ${gone.store.name}`).first().waitFor();
    const buy = page.locator('a.product-buy');
    expect([await buy.innerText(), await buy.getAttribute('href')]).toEqual([`Browse ${gone.store.name}`, `/store/${gone.store.slug}`]);
    const similar = page.locator('.product-similar .product-grid > li');
    const onSale = await similarCount(goneCard);
    expect(onSale).toBeGreaterThan(0);
    expect(await similar.count()).toBe(onSale);

    // A size sold out on day 2 and back in stock on day 3, of a product listed in GB both days.
    const candidates = day2.products.flatMap((p, i) =>
      sellsInGb(p) && !day2.listings.withdrawn.has(i) && !day3.listings.withdrawn.has(i)
        ? p.variants.flatMap((v, vi) =>
            v.sizes.flatMap((s, si) =>
              s.size && s.availability === 'out_of_stock' && day3.products[i]!.variants[vi]!.sizes[si]!.availability === 'in_stock' ? [{ product: p, size: s }] : [],
            ),
          )
        : [],
    );
    const back = candidates[0]!;
    const backCard = await cardOf(back.product);
    const detail = await detailOf(backCard);
    const soldOut = detail.product.variants.flatMap((v) => v.size_variants).find((s) => s.url.includes(back.size.itemId))!;
    expect(soldOut.status).toBe(0);
    // The size's own page (every colour and size is a page of its own) shows its colour's sizes.
    await page.goto(`${product.webUrl}/${backCard.category_slug}/${backCard.subcategory_slug}/${soldOut.slug}`);
    await waitForHydration(page);
    const offer = page.getByRole('link', { name: `Tell me when it is back: size ${soldOut.size}` });
    await offer.click();
    const dialog = page.getByRole('dialog', { name: 'Back in Stock Alert' });
    await dialog.getByRole('button', { name: 'Alert Me' }).click();
    await expectNotice(page, inEnglish(ALERT_NOTICES.set));

    // Day 3 brings the size back: one e-mail, which says so.
    const before = new Set(smtp.received);
    await importDemoDay(product, 3);
    const mail = await smtp.waitForMail(shopper.email, 60_000, (m) => !before.has(m));
    expect(mail.decoded).toContain(back.product.title);
    expect(mail.decoded).toMatch(/back in stock/i);
    // My Alerts says it was told, and no other e-mail came for it.
    await page.goto(`${product.webUrl}/user/${shopper.userName}/alerts`);
    await page.getByText('Back in stock: we told you').first().waitFor({ timeout: 30_000 });
    expect(smtp.received.filter((m) => m.to.includes(shopper.email) && !before.has(m))).toEqual([mail]);
    // Chromium reports the withdrawn page's own status (410) on the console, as it does any 4xx document.
    expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 410 (Gone)']);
    await context.close();
  }, DEMO_DAY_TEST_MS);
});
