import { useLocation } from 'react-router';
import { TWITTER_SITE } from '../../../shared/constants';
import { COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from '../../../shared/countries';
import { everySite, sitePath } from '../../../shared/i18n/languages';
import { useLocale } from '../../app/i18n';
import { SOCIAL_CARD, socialImageUrls } from '../../../shared/images';
import { useSiteConfig } from '../../app/contexts';

// Page metadata (spec section 2 "Page metadata"): title and description, canonical
// link, og/twitter/itemprop tags (at most 10 images), hreflang alternates for every
// country site whose same page is indexed too (`countries`) and x-default, prev/next around
// paged pages. Social networks show the first og:image (and the one twitter:image) as the
// page's card: our pictures are named by their 1200 × 630 JPEG cards, never the SVGs those
// networks do not show. React 19 hoists the <title>, <meta> and <link> elements into <head>.

export type Pagination = { page: number; hasNext: boolean };

type Props = {
  title: string;
  description: string;
  /**
   * The page's site path; the current one (without the country prefix) by default. null: the
   * page has no address of its own (the not-found page), so no canonical or og:url names the
   * missing URL (issue 25).
   */
  path?: string | null;
  images?: readonly string[];
  pagination?: Pagination;
  noindex?: boolean;
  type?: 'website' | 'product' | 'article';
  /**
   * The country sites whose same page is indexed, each naming the same sites back (a product
   * sold in some only, a listing with products in some); every one by default.
   */
  countries?: readonly CountryCode[];
};

/** Spec section 2 "Page metadata": ?page=n, or &page=n when the path has a query already. */
function withPage(path: string, page: number): string {
  return page > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;
}

/**
 * The same page on every country site that has it, in each of its languages, as hreflang →
 * absolute URL (fr-CA names the French page, en-CA the English one). x-default is GB in
 * English, or the first site that has the page when GB does not.
 */
export function alternateLinks(siteUrl: string, path: string, countries: readonly CountryCode[] = COUNTRY_CODES): { hreflang: string; href: string }[] {
  const sites = COUNTRY_CODES.filter((code) => countries.includes(code));
  if (sites.length === 0) return [];
  const links = everySite(sites).map(({ country, language }) => ({ hreflang: language.locale, href: `${siteUrl}${sitePath(country, language.segment, path)}` }));
  const fallback = sites.includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : sites[0]!;
  return [...links, { hreflang: 'x-default', href: `${siteUrl}${sitePath(fallback, '', path)}` }];
}

export function PageMeta({ title, description, path, images = [], pagination, noindex, type = 'website', countries }: Props) {
  const site = useSiteConfig();
  const locale = useLocale();
  const location = useLocation();
  const page = pagination?.page ?? 1;
  const sitePath = path === undefined ? location.pathname : path;
  const local = (p: string) => `${site.siteUrl}${site.basename}${p === '/' && site.basename ? '' : p}`;
  const canonical = sitePath === null ? undefined : local(withPage(sitePath, page));
  const absolute = (src: string) => (/^https?:\/\//.test(src) ? src : `${site.siteUrl}${src}`);
  const socialImages = socialImageUrls(images).map(absolute);
  const [card, ...more] = socialImages;
  const fullTitle = title.includes('Vitrine') ? title : `${title} | Vitrine`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex, follow" />}
      {sitePath !== null && (
        <>
          <link rel="canonical" href={canonical} />
          {!noindex &&
            alternateLinks(site.siteUrl, withPage(sitePath, page), countries).map((alt) => (
              <link key={alt.hreflang} rel="alternate" hrefLang={alt.hreflang} href={alt.href} />
            ))}
          {pagination && page > 1 && <link rel="prev" href={local(withPage(sitePath, page - 1))} />}
          {pagination?.hasNext && <link rel="next" href={local(withPage(sitePath, page + 1))} />}
        </>
      )}
      <meta property="og:site_name" content="Vitrine" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:locale" content={locale.replace('-', '_')} />
      {/* The first og:image is the card, its own properties right after it (Open Graph
          "structured properties"): ours are card-sized, our drawings' cards JPEGs and looks'
          collages PNGs. */}
      {card && (
        <>
          <meta property="og:image" content={card} />
          {card.startsWith(`${site.siteUrl}/images/`) && (
            <>
              <meta property="og:image:type" content={`image/${card.endsWith('.png') ? 'png' : 'jpeg'}`} />
              <meta property="og:image:width" content={String(SOCIAL_CARD.width)} />
              <meta property="og:image:height" content={String(SOCIAL_CARD.height)} />
            </>
          )}
          <meta property="og:image:alt" content={title} />
        </>
      )}
      {more.map((src) => (
        <meta key={src} property="og:image" content={src} />
      ))}
      <meta name="twitter:card" content={card ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:site" content={TWITTER_SITE} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {card && (
        <>
          <meta name="twitter:image" content={card} />
          <meta name="twitter:image:alt" content={title} />
        </>
      )}
      <div hidden itemScope itemType="https://schema.org/WebPage">
        <meta itemProp="name" content={fullTitle} />
        <meta itemProp="description" content={description} />
        {canonical && <meta itemProp="url" content={canonical} />}
        {socialImages.map((src) => (
          <meta key={src} itemProp="image" content={src} />
        ))}
      </div>
    </>
  );
}
