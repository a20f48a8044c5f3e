import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BrandListSchema } from '../../shared/api/product-schemas';
import { isDepartment } from '../../shared/constants';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { AlphabetDirectory } from '../components/product/AlphabetDirectory';
import { DepartmentLinks } from '../components/product/DepartmentLinks';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';

// brands, shop/brands and brands/a-to-z (spec section 2 route table): the brands sold on
// this country site (GET /api/account/brand-list), optionally for one department. /brands
// opens with the brands that have the most products; /brands/a-to-z is the whole list.

/** How many brands the "Popular brands" block shows. */
export const POPULAR_BRANDS = 24;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const url = new URL(request.url);
  const aToZ = url.pathname.replace(/\/+$/, '').endsWith('/a-to-z');
  const raw = url.searchParams.get('department')?.toLowerCase() ?? '';
  const department = isDepartment(raw) ? raw : undefined;
  const list = await api.get('/api/account/brand-list', BrandListSchema, { country: site.country, department }).catch(rethrowAsRouteError);
  return { aToZ, department, brands: list.brands };
}

export function Component() {
  const { aToZ, department, brands } = useLoaderData<typeof loader>();
  const base = aToZ ? '/brands/a-to-z' : '/brands';
  const path = department ? `${base}?department=${department}` : base;
  const popular = aToZ ? [] : [...brands].sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name)).slice(0, POPULAR_BRANDS);
  const title = aToZ ? 'Brands A–Z' : 'Brands';
  return (
    <div className="directory-page">
      <PageMeta
        title={department ? `${title}: ${department}` : title}
        description={`Shop ${brands.length} fashion and beauty brands from hundreds of stores, and compare their prices in one place.`}
        path={path}
      />
      <h1>{title}</h1>
      <p className="directory-intro">
        {brands.length} brands, from high street to designer. {!aToZ && <ShellLink to="/brands/a-to-z">See every brand from A to Z</ShellLink>}
      </p>
      <DepartmentLinks path={base} current={department} />
      {popular.length > 0 && (
        <section className="directory-popular" aria-labelledby="popular-brands">
          <h2 id="popular-brands">Popular brands</h2>
          <ul>
            {popular.map((b) => (
              <li key={b.slug}>
                <ShellLink to={`/brand/${b.slug}`}>
                  <span className="directory-name">{b.name}</span>
                  <span className="directory-count">{b.productCount} products</span>
                </ShellLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {brands.length === 0 ? (
        <p>No brands to show here yet.</p>
      ) : (
        <AlphabetDirectory
          label="Brands"
          idPrefix="brands"
          entries={brands.map((b) => ({ name: b.name, to: `/brand/${b.slug}`, letter: b.letter, note: `(${b.productCount})` }))}
        />
      )}
    </div>
  );
}

export { RouteErrorView as ErrorBoundary };
