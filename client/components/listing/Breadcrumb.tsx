import type { BreadcrumbEntry } from '../../../shared/api/product-schemas';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { categoryName } from '../../app/taxonomy-names';
import { isCategoryLevel } from '../../../shared/listing/vocabulary';
import { JsonLd } from '../meta/JsonLd';
import { ShellLink } from '../ui/ShellLink';

/** Spec section 9: breadcrumb depth 5 (category … subcategory4). */
export const BREADCRUMB_DEPTH = 5;

// Spec section 2: Home (/), then up to five levels, each linking to '/' + its slug; the last
// level is plain text. The same trail as schema.org BreadcrumbList for search engines. In the
// page's language (issue 29): a category level is named from the taxonomy by its slug.
export function Breadcrumb({ entries }: { entries: readonly BreadcrumbEntry[] }) {
  const site = useSiteConfig();
  const t = useT();
  const levels = entries.slice(0, BREADCRUMB_DEPTH).map((l) => (isCategoryLevel(l.filterName) ? { ...l, key: categoryName(t, l.slug, l.key) } : l));
  const home = t('listing.breadcrumb.home');
  if (!levels.length) return null;
  const url = (path: string) => `${site.siteUrl}${site.basename}${path === '/' && site.basename ? '' : path}`;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: home, path: '/' }, ...levels.map((l) => ({ name: l.key, path: `/${l.slug}` }))].map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: url(item.path),
    })),
  };
  return (
    <nav aria-label={t('listing.breadcrumb.label')} className="breadcrumb">
      <ol>
        <li>
          <ShellLink to="/">{home}</ShellLink>
        </li>
        {levels.map((level, index) =>
          index === levels.length - 1 ? (
            <li key={level.slug} aria-current="page">
              {level.key}
            </li>
          ) : (
            <li key={level.slug}>
              <ShellLink to={`/${level.slug}`}>{level.key}</ShellLink>
            </li>
          ),
        )}
      </ol>
      <JsonLd data={structured} />
    </nav>
  );
}
