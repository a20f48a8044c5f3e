import { DEFAULT_DEPARTMENT } from '../../../shared/constants';
import type { Translate } from '../../../shared/i18n/translator';
import { useT } from '../../app/i18n';
import { categoryName } from '../../app/taxonomy-names';
import { ShellLink } from '../ui/ShellLink';

// Spec section 2: sitemap links /sitemap/category/{department}/{category} (department women by
// default), /sitemap/brand/{brand}, and the fixed sitemap pages; named in the page's language
// (issue 29), the category from the taxonomy by its slug.
export function sitemapLinks(t: Translate, info: { category: string | null; department: string | null; brand: string | null } | undefined) {
  const links: { to: string; label: string }[] = [];
  if (info?.category) {
    const category = categoryName(t, info.category, info.category.replace(/-/g, ' '));
    links.push({ to: `/sitemap/category/${info.department ?? DEFAULT_DEPARTMENT}/${info.category}`, label: t('listing.sitemap.category', { category }) });
  }
  if (info?.brand) links.push({ to: `/sitemap/brand/${info.brand}`, label: t('listing.sitemap.brand', { brand: info.brand.replace(/-/g, ' ') }) });
  links.push(
    { to: '/sitemap/designers', label: t('listing.sitemap.designers') },
    { to: '/sitemap/brands', label: t('listing.sitemap.brands') },
    { to: '/sitemap/shops', label: t('listing.sitemap.shops') },
    { to: '/sitemap/all-products', label: t('listing.sitemap.allProducts') },
    { to: '/sitemap/all-categories', label: t('listing.sitemap.allCategories') },
  );
  return links;
}

export function SitemapLinks({ info }: { info: Parameters<typeof sitemapLinks>[1] }) {
  const t = useT();
  return (
    <nav aria-label={t('listing.sitemap.label')} className="listing-sitemap">
      <ul>
        {sitemapLinks(t, info).map((link) => (
          <li key={link.to}>
            <ShellLink to={link.to}>{link.label}</ShellLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
