import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import { SITEMAP_KINDS, SITEMAP_PAGE_SIZE, SitemapIndexSchema, SitemapUrlsSchema, type SitemapKind } from '../../../shared/api/product-schemas';
import { COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { SITE_LANGUAGES, everySite, findSiteLanguage, sitePrefix, type LanguageSegment } from '../../../shared/i18n/languages';
import { CacheLong, CacheNone } from '../../../shared/http/cache-policy';
import { escapeXml } from '../lib/xml';
import { callerOf, readJson, type ApiUpstream } from '../upstream/api-upstream';
import { API_PREFIX } from '../../../shared/api/api-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';

// robots.txt and the XML sitemaps (sitemaps.org protocol).
// /sitemap.xml is a sitemap index naming one file per country, kind and page; each file
// holds at most 50,000 URLs (SITEMAP_PAGE_SIZE), read from the api's sitemap endpoints.
// The files live at the site root, so they may list URLs of every country prefix.

export type SitemapDeps = {
  siteUrl: string;
  upstream: ApiUpstream;
  /** A sitemap file reads up to 50,000 URLs from the api, so it may take longer than a page's calls. */
  timeoutMs: number;
  logger: Logger;
};

/** Where no crawler should go: the click-through counts clicks, the api and accounts are not pages. */
const PRIVATE_PATHS = ['/products/loadRetailerProductPage/', '/shop/products/loadRetailerProductPage/', '/user/', API_PREFIX];

export function robotsTxt(siteUrl: string): string {
  const prefixes = everySite(COUNTRY_CODES).map(({ country, language }) => sitePrefix(country, language.segment));
  const disallow = PRIVATE_PATHS.flatMap((path) => (path === API_PREFIX ? [path] : prefixes.map((prefix) => `${prefix}${path}`)));
  return ['User-agent: *', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/**
 * A country site's sitemap file in one of its languages: `sitemap-ca-products-1.xml` (English),
 * `sitemap-ca-fr-products-1.xml` (decision 0080: every language URL is listed, each language in
 * files of its own, so none passes the protocol's 50,000 URLs).
 */
export function sitemapFileName(country: CountryCode, kind: SitemapKind, page: number, language: LanguageSegment = ''): string {
  return `sitemap-${country.toLowerCase()}${language ? `-${language}` : ''}-${kind}-${page}.xml`;
}

const FILE = /^\/sitemap-([a-z]{2})(?:-([a-z]{2}))?-([a-z]+)-(\d{1,6})\.xml$/;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapRoutes({ siteUrl, upstream, timeoutMs, logger }: SitemapDeps): Router {
  const router = Router();

  async function apiGet<T>(req: Request, res: Response, path: string, schema: ZodType<T>): Promise<T | undefined> {
    const answer = await upstream.call({ method: 'GET', url: path }, callerOf(req, res), { timeoutMs });
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new Error(`api answered ${answer.status} for ${path.split('?')[0]}`);
    return schema.parse((readJson(answer.text)?.value as { data?: unknown } | null | undefined)?.data);
  }

  function send(res: Response, body: string, type: string) {
    res.setHeader('Cache-Control', CacheLong.header);
    res.type(type).send(body);
  }

  function unavailable(req: Request, res: Response, error: unknown) {
    logger.error({ err: error, path: req.path }, 'sitemap unavailable');
    res.setHeader('Cache-Control', CacheNone.header);
    res.setHeader('Retry-After', '60');
    res.status(503).type('text').send('The sitemap is unavailable right now; please try again later.');
  }

  router.get('/robots.txt', (_req, res) => {
    res.locals.routeLabel = 'robots';
    send(res, robotsTxt(siteUrl), 'text/plain; charset=utf-8');
  });

  router.get('/sitemap.xml', async (req, res) => {
    res.locals.routeLabel = 'sitemap';
    try {
      const indexes = await Promise.all(
        COUNTRY_CODES.map(async (country) => ({ country, index: await apiGet(req, res, `${PRODUCT_API.sitemapIndex}?country=${country}`, SitemapIndexSchema) })),
      );
      // Each file's <lastmod> is the newest of its URLs' (none when none of them has one).
      const entries = indexes.flatMap(({ country, index }) =>
        SITE_LANGUAGES[country].flatMap((language) =>
          (index?.kinds ?? []).flatMap(({ kind, pages, lastModified }) =>
            Array.from({ length: pages }, (_, i) => {
              const loc = `<loc>${escapeXml(`${siteUrl}/${sitemapFileName(country, kind, i + 1, language.segment)}`)}</loc>`;
              const at = lastModified[i];
              return `<sitemap>${loc}${at ? `<lastmod>${escapeXml(at)}</lastmod>` : ''}</sitemap>`;
            }),
          ),
        ),
      );
      send(res, `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`, 'application/xml; charset=utf-8');
    } catch (error) {
      unavailable(req, res, error);
    }
  });

  router.get(FILE, async (req, res, next) => {
    const [, cc = '', segment = '', kind = '', pageText = ''] = FILE.exec(req.path) ?? [];
    const country = COUNTRY_CODES.find((c) => c.toLowerCase() === cc);
    // English has no segment: 'en' names no file, nor does a language the country lacks.
    const language = country && segment ? findSiteLanguage(country, segment) : undefined;
    const page = Number(pageText);
    if (!country || (segment && !language) || !(SITEMAP_KINDS as readonly string[]).includes(kind) || page < 1) return next();
    res.locals.routeLabel = 'sitemap';
    try {
      const answer = await apiGet(
        req,
        res,
        `${PRODUCT_API.sitemap(kind)}?country=${country}&page=${page}&perPage=${SITEMAP_PAGE_SIZE}`,
        SitemapUrlsSchema,
      );
      if (!answer || (answer.urls.length === 0 && page > 1)) return next();
      const prefix = sitePrefix(country, language?.segment ?? '');
      const urls = answer.urls.slice(0, SITEMAP_PAGE_SIZE).map((u) => {
        const loc = `<loc>${escapeXml(`${siteUrl}${prefix}/${u.path}`)}</loc>`;
        return `<url>${loc}${u.lastModified ? `<lastmod>${escapeXml(u.lastModified)}</lastmod>` : ''}</url>`;
      });
      send(res, `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`, 'application/xml; charset=utf-8');
    } catch (error) {
      unavailable(req, res, error);
    }
  });

  return router;
}
