import { Router, type Request } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { z } from 'zod';
import { SITEMAP_KINDS, SITEMAP_PAGE_SIZE, isClickSource, type SitemapKind } from '../../../shared/api/product-schemas';
import { MAX_PER_PAGE, PER_PAGE } from '../../../shared/constants';
import { CacheLong, CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { safeText, uuidId } from '../../../shared/validation/safe-input';
import { notFound } from '../../lib/http-error';
import type { Accounts } from '../accounts/accounts';
import { adminView } from '../http/catalog-view';
import { CountryQuery } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import type { ProductAddress } from '../services/product-service';
import { routesUnder, type ApiArea } from './area';

// Spec section 7: /api/products/… (landing page, similar products, editors' picks, click
// tracking, retailer links, sitemaps).

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const guid = uuidId('guid', 'guid must be a size variant id (a UUID)');
const slug = (name: string) => safeText(name).regex(SLUG, `${name} must be a slug (lower-case letters, digits and hyphens)`);

const GuidParams = z.object({ guid });
const PathParams = z.object({ category: slug('category'), lastnode: slug('lastnode'), slug: slug('slug') });

const whole = (name: string, min: number, max: number, fallback: number) =>
  safeText(name)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d{1,9}$/.test(value) || Number(value) < min) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min}` });
        return z.NEVER;
      }
      return Math.min(Number(value), max);
    });

const PagedQuery = CountryQuery.extend({ page: whole('page', 1, 100_000, 1), perPage: whole('perPage', 1, MAX_PER_PAGE, PER_PAGE) });
const SitemapQuery = CountryQuery.extend({
  page: whole('page', 1, 100_000, 1),
  perPage: whole('perPage', 1, SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE),
});

// source: where the click happened. Text that is not one of our page paths (another site's
// URL, words, anything too long) is recorded as '': the click itself still counts.
const ClickBody = z.object({
  id: guid,
  country: CountryQuery.shape.country,
  source: safeText('source')
    .optional()
    .transform((value) => (value !== undefined && isClickSource(value) ? value : '')),
});

/**
 * Who clicked, for counting one click per visitor: the signed-in user, else the guest key's
 * guest (both checked, so a made-up header counts as nobody), else the client address.
 */
async function clickVisitor(accounts: Accounts, req: Request): Promise<string> {
  const viewer = await accounts.resolveViewer(req);
  if (viewer) return `user:${viewer.userId}`;
  const guest = await accounts.resolveGuest(req);
  if (guest) return `guest:${guest.guestId}`;
  return `ip:${req.ip ?? ''}`;
}

function address(params: Record<string, string>): ProductAddress {
  return 'guid' in params ? parseInput(GuidParams, params) : parseInput(PathParams, params);
}

export const productArea: ApiArea = {
  mountPath: API_MOUNTS.products,
  routes: ({ products, clicks, sitemaps, accounts }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.products);

    for (const path of [PRODUCT_API.detailByGuid, PRODUCT_PAGE_API.detail]) {
      router.get(at(path), async (req, res) => {
        const { country } = parseInput(CountryQuery, req.query);
        sendData(res, await products.detail(address(req.params as Record<string, string>), country, adminView(req)), CacheShort);
      });
    }
    for (const path of [PRODUCT_API.similarByGuid, PRODUCT_PAGE_API.similar]) {
      router.get(at(path), async (req, res) => {
        const { country, page, perPage } = parseInput(PagedQuery, req.query);
        sendData(res, await products.similar(address(req.params as Record<string, string>), country, page, perPage, adminView(req)), CacheShort);
      });
    }

    router.get(at(WISHLIST_API.editorsPickLists), async (_req, res) => {
      sendData(res, await products.editorsPickLists(), CacheShort);
    });

    // Personal (shared/api/api-routes.ts): the visitor's identity reaches this handler.
    router.post(at(PRODUCT_API.click), async (req, res) => {
      const body = parseInput(ClickBody, req.body ?? {});
      const recorded = await clicks.recordClick(body.id, body.country, body.source, await clickVisitor(accounts, req));
      sendData(res, { recorded }, CachePrivate);
    });

    router.get(at(PRODUCT_API.retailer), async (req, res) => {
      const { guid: id } = parseInput(GuidParams, req.params);
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, await clicks.retailerLink(id, country, adminView(req)), CachePrivate);
    });

    router.get(at(PRODUCT_API.sitemapIndex), async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, await sitemaps.sitemapIndex(country, SITEMAP_PAGE_SIZE), CacheLong);
    });
    router.get(at(PRODUCT_API.sitemap), async (req, res) => {
      const kind = req.params.kind;
      if (!(SITEMAP_KINDS as readonly string[]).includes(kind)) throw notFound(`There is no ${kind} sitemap; kinds are ${SITEMAP_KINDS.join(', ')}`);
      const { country, page, perPage } = parseInput(SitemapQuery, req.query);
      sendData(res, await sitemaps.sitemapUrls(kind as SitemapKind, country, page, perPage), CacheLong);
    });

    return router;
  },
};
