import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isDepartment } from '../../shared/constants';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { sessionContext } from '../app/session-context';
import { DepartmentLinks } from '../components/product/DepartmentLinks';
import { lazyFollowButton } from '../components/follows/follow-lazy';
import { DirectoryPage } from '../components/product/DirectoryPage';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import { DIRECTORY_API } from '../../shared/api/directory-paths';

// brands, shop/brands and brands/a-to-z (spec section 2 route table): the brands sold on
// this country site (GET /api/account/brand-list), optionally for one department. /brands
// opens with the brands that have the most products; /brands/a-to-z is the whole list.

// The Follow button beside the popular names, its code on demand (follows/follow-lazy.ts).
const FollowButton = lazyFollowButton(() => import('../components/follows/FollowButton'));

/** How many brands the "Popular brands" block shows. */
export const POPULAR_BRANDS = 24;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const url = new URL(request.url);
  const aToZ = url.pathname.replace(/\/+$/, '').endsWith('/a-to-z');
  const raw = url.searchParams.get('department')?.toLowerCase() ?? '';
  const department = isDepartment(raw) ? raw : undefined;
  const list = await api.get(DIRECTORY_API.brands, 'BrandList', { country: site.country, department }).catch(rethrowAsRouteError);
  // Which ones the shopper follows: a personal call of its own, only for a signed-in shopper.
  const follows = context.get(sessionContext).signedIn() ? await (await import('../data/follows/follows-call')).loadFollows(context) : {};
  return { aToZ, department, brands: list.brands, ...follows };
}

export function Component() {
  const { aToZ, department, brands } = useLoaderData<typeof loader>();
  const base = aToZ ? '/brands/a-to-z' : '/brands';
  const title = aToZ ? 'Brands A–Z' : 'Brands';
  return (
    <DirectoryPage
      label="Brands"
      heading={title}
      meta={{
        title: department ? `${title}: ${department}` : title,
        description: `Shop ${brands.length} fashion and beauty brands from hundreds of stores, and compare their prices in one place.`,
        path: department ? `${base}?department=${department}` : base,
      }}
      intro={
        <>
          {brands.length} brands, from high street to designer. {!aToZ && <ShellLink to="/brands/a-to-z">See every brand from A to Z</ShellLink>}
        </>
      }
      filters={<DepartmentLinks path={base} current={department} />}
      items={brands.map((b) => ({ name: b.name, to: `/brand/${b.slug}`, letter: b.letter, productCount: b.productCount, follow: { kind: 'brand', id: b.id, name: b.name } }))}
      popular={aToZ ? 0 : POPULAR_BRANDS}
      FollowButton={FollowButton}
    />
  );
}

export { RouteErrorView as ErrorBoundary };
