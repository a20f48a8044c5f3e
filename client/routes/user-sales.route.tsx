import { data, redirect, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { ALERTS_PER_PAGE } from '../../shared/validation/alert-rules';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import { accountPath } from '../app/viewer';
import { ALERT_API, ALERT_SECTIONS } from '../components/alerts/alert-rules';
import { ProductCard } from '../components/listing/ProductCard';
import { PageMeta } from '../components/meta/PageMeta';
import { Pager, lastPageOf } from '../components/ui/Pager';
import type { UserRouteData } from './user.route';

// My Sales, /user/{userName}/sales (spec section 2 "Global shell"): the products on sale now
// among what the shopper watches (their alerted items, and the brands and stores of their
// brand and store alerts), priced for this country site, as the listing's cards (hearts filled
// as anywhere else), with paging. Personal: never cached.

const noStore = { 'Cache-Control': CacheNone.header };

function pageParam(url: URL): number {
  const value = url.searchParams.get('page');
  return value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!context.get(sessionContext).signedIn()) throw redirect('/');
  const site = context.get(siteContext);
  const page = pageParam(new URL(request.url));
  try {
    const sales = await context.get(apiContext).get(ALERT_API.sales(site.country), 'SalesPage', { page, perPage: ALERTS_PER_PAGE });
    // On demand, as the listing does: the hearts' call is a signed-in shopper's only.
    const { loadHearts } = await import('../data/wishlist/wishlist-hearts-call');
    const hearts = await loadHearts(context, sales.products.map((p) => p.id));
    return data({ sales, ...hearts }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    throw error;
  }
}

export function Component() {
  const { sales } = useLoaderData<typeof loader>();
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const here = accountPath(user.userName, 'sales');
  const lastPage = lastPageOf(sales);
  const t = useT();
  const title = t(ALERT_SECTIONS.sales.title);
  return (
    <section className="account-section user-sales" data-section="sales">
      <PageMeta title={title} description={title} noindex />
      <h1>{title}</h1>
      {sales.products.length === 0 ? (
        <p className="alerts-empty">{t(ALERT_SECTIONS.sales.empty)}</p>
      ) : (
        <ul className="product-grid">
          {sales.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard p={product} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
      <Pager className="alert-pages" page={sales.page} lastPage={lastPage} href={(page) => `${here}?page=${page}`} />
    </section>
  );
}

