import { DEFAULT_DEPARTMENT } from '../../../shared/constants';
import { ShellLink } from '../ui/ShellLink';

// Spec section 2: sitemap links /sitemap/category/{department}/{category} (department women by
// default), /sitemap/brand/{brand}, and the fixed sitemap pages.
export function sitemapLinks(info: { category: string | null; department: string | null; brand: string | null } | undefined) {
  const links: { to: string; label: string }[] = [];
  if (info?.category) links.push({ to: `/sitemap/category/${info.department ?? DEFAULT_DEPARTMENT}/${info.category}`, label: `All ${info.category.replace(/-/g, ' ')}` });
  if (info?.brand) links.push({ to: `/sitemap/brand/${info.brand}`, label: `All ${info.brand.replace(/-/g, ' ')} products` });
  links.push(
    { to: '/sitemap/designers', label: 'Designers' },
    { to: '/sitemap/brands', label: 'Brands' },
    { to: '/sitemap/shops', label: 'Shops' },
    { to: '/sitemap/all-products', label: 'All Products' },
    { to: '/sitemap/all-categories', label: 'All Categories' },
  );
  return links;
}

export function SitemapLinks({ info }: { info: Parameters<typeof sitemapLinks>[0] }) {
  return (
    <nav aria-label="Sitemap" className="listing-sitemap">
      <ul>
        {sitemapLinks(info).map((link) => (
          <li key={link.to}>
            <ShellLink to={link.to}>{link.label}</ShellLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
