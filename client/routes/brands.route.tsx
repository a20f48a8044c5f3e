import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isDepartment } from '../../shared/constants';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { rethrowAsRouteError } from '../app/route-error';
import { sessionContext } from '../app/session-context';
import { departmentName } from '../app/taxonomy-names';
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
  const t = useT();
  const base = aToZ ? '/brands/a-to-z' : '/brands';
  const title = aToZ ? t('listing.brands.titleAToZ') : t('listing.directory.brands');
  return (
    <DirectoryPage
      listed="brands"
      heading={title}
      meta={{
        title: department ? t('listing.brands.titleDepartment', { title, department: departmentName(t, department, department) }) : title,
        description: t('listing.brands.description', { count: brands.length }),
        path: department ? `${base}?department=${department}` : base,
      }}
      intro={
        <>
          {t('listing.brands.intro', { count: brands.length })} {!aToZ && <ShellLink to="/brands/a-to-z">{t('listing.brands.everyBrand')}</ShellLink>}
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
