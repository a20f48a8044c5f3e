import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { COUNTRIES, parseCountryCode } from '../../shared/countries';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { rethrowAsRouteError } from '../app/route-error';
import { sessionContext } from '../app/session-context';
import { useCountry } from '../app/site-hooks';
import { lazyFollowButton } from '../components/follows/follow-lazy';
import { DirectoryPage } from '../components/product/DirectoryPage';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { DIRECTORY_API } from '../../shared/api/directory-paths';

// stores and shop/stores (spec section 2 route table): the stores selling on this country
// site (GET /api/account/store-list), the biggest first, then all of them from A to Z.

// The Follow button beside the popular names, its code on demand (follows/follow-lazy.ts).
const FollowButton = lazyFollowButton(() => import('../components/follows/FollowButton'));

export const POPULAR_STORES = 12;

export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const list = await api.get(DIRECTORY_API.stores, 'StoreList', { country: site.country }).catch(rethrowAsRouteError);
  // Which ones the shopper follows: a personal call of its own, only for a signed-in shopper.
  const follows = context.get(sessionContext).signedIn() ? await (await import('../data/follows/follows-call')).loadFollows(context) : {};
  return { ...list, ...follows };
}

export function Component() {
  const { stores } = useLoaderData<typeof loader>();
  const country = useCountry();
  const t = useT();
  const from = (code: string) => {
    const cc = parseCountryCode(code);
    return cc && cc !== country.code ? t('listing.stores.shipsFrom', { country: COUNTRIES[cc].name }) : undefined;
  };
  const title = t('listing.directory.stores');
  return (
    <DirectoryPage
      listed="stores"
      heading={title}
      meta={{ title, description: t('listing.stores.description', { count: stores.length, country: country.name }), path: '/stores' }}
      intro={t('listing.stores.intro', { count: stores.length, country: country.name })}
      items={stores.map((s) => ({ name: s.name, to: `/store/${s.slug}`, letter: s.letter, productCount: s.productCount, logo: s.logo, detail: from(s.countryCode), follow: { kind: 'store', id: s.id, name: s.name } }))}
      popular={POPULAR_STORES}
      FollowButton={FollowButton}
    />
  );
}

export { RouteErrorView as ErrorBoundary };
