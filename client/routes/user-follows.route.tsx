import { data, redirect, useHref, useLoaderData, useRevalidator, useRouteLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/api-client';
import { FOLLOW_API, followPagePath } from '../../shared/api/follow-paths';
import type { Followed } from '../../shared/api/follow-schemas';
import { CacheNone } from '../../shared/http/cache-policy';
import { FOLLOWS_PER_PAGE, type FollowKind } from '../../shared/validation/follow-rules';
import { browserApi } from '../api/browser-api';
import { useBusy } from '../app/busy';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { useNotify } from '../app/notices';
import { sessionContext } from '../app/session-context';
import { accountPath } from '../app/viewer';
import { FOLLOW_SECTIONS } from '../components/follows/follow-sections';
import { ProductCard } from '../components/listing/ProductCard';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import { Pager, lastPageOf } from '../components/ui/Pager';
import type { UserRouteData } from './user.route';

// My Brands and My Stores, /user/{userName}/brands and /stores (spec section 2): the brands or
// stores the shopper follows, the latest followed first, each with how many of its products are
// on sale now on this country's site and its newest products there (the listing's cards), and
// an Unfollow; paged. Empty, the way to the directory. Personal: never cached. Unfollow is a
// plain form (the follow page's action, client/routes/follow.route.tsx, without JavaScript);
// with JavaScript it calls the api and reads the page again.

const noStore = { 'Cache-Control': CacheNone.header };

function pageParam(url: URL): number {
  const value = url.searchParams.get('page');
  return value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

async function load(kind: FollowKind, { context, request }: LoaderFunctionArgs) {
  if (!context.get(sessionContext).signedIn()) throw redirect('/');
  const site = context.get(siteContext);
  const page = pageParam(new URL(request.url));
  try {
    const follows = await context.get(apiContext).get(FOLLOW_API.list(kind, site.country), 'FollowsPage', { page, perPage: FOLLOWS_PER_PAGE });
    // On demand, as the listing does: the hearts' call is a signed-in shopper's only.
    const { loadHearts } = await import('../data/wishlist/wishlist-hearts-call');
    const hearts = await loadHearts(context, follows.follows.flatMap((f) => f.products.map((p) => p.id)));
    return data({ follows, ...hearts }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    throw error;
  }
}

function Unfollow({ kind, item, here }: { kind: FollowKind; item: Followed; here: string }) {
  const action = useHref(followPagePath(kind, item.id, here));
  const revalidator = useRevalidator();
  const track = useBusy();
  const notify = useNotify();
  const t = useT();
  const [sending, setSending] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      await track(browserApi().send('DELETE', FOLLOW_API.unfollow(kind, item.id), undefined, 'FollowState'));
      await revalidator.revalidate();
    } catch (error) {
      notify('error', error instanceof ApiError && error.status < 500 ? error.message : t('common.error.server'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form method="post" action={action} className="follow-form" onSubmit={(event) => void onSubmit(event)}>
      <input type="hidden" name="intent" value="unfollow" />
      <button type="submit" className="button" disabled={sending}>
        {t('follows.button.unfollow')}
        <span className="visually-hidden"> {item.name}</span>
      </button>
    </form>
  );
}

function FollowsPage({ kind }: { kind: FollowKind }) {
  const { follows } = useLoaderData<Awaited<ReturnType<typeof load>>['data']>();
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const section = kind === 'brand' ? 'brands' : 'stores';
  const here = accountPath(user.userName, section);
  const t = useT();
  const { empty, find } = FOLLOW_SECTIONS[section];
  const title = t(FOLLOW_SECTIONS[section].title);
  const lastPage = lastPageOf(follows);
  return (
    <section className={`account-section user-follows`} data-section={section}>
      <PageMeta title={title} description={title} noindex />
      <h1>{title}</h1>
      {follows.follows.length === 0 ? (
        <>
          <p className="follows-empty">{t(empty)}</p>
          <p>
            <ShellLink to={`/${section}`} className="button">
              {t(find)}
            </ShellLink>
          </p>
        </>
      ) : (
        <ul className="follows-list">
          {follows.follows.map((item) => (
            <li key={item.id} className="followed" data-followed={item.slug}>
              <div className="followed-head">
                <h2>
                  <ShellLink to={`/${kind}/${item.slug}`}>
                    {item.logo && <img src={item.logo} alt="" width={120} height={40} loading="lazy" decoding="async" />}
                    {item.name}
                  </ShellLink>
                </h2>
                <p className="followed-on-sale">{t('follows.onSale', { count: item.onSale })}</p>
                <Unfollow kind={kind} item={item} here={here} />
              </div>
              {item.products.length > 0 && (
                <ul className="product-grid followed-newest" aria-label={t('follows.newest', { name: item.name })}>
                  {item.products.map((product) => (
                    <li key={product.id}>
                      <ProductCard p={product} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager className="alert-pages" page={follows.page} lastPage={lastPage} href={(page) => `${here}?page=${page}`} />
    </section>
  );
}

export function userFollowsRoute(section: 'brands' | 'stores'): Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary'> {
  const kind: FollowKind = section === 'brands' ? 'brand' : 'store';
  return { loader: (args) => load(kind, args), Component: () => <FollowsPage kind={kind} />, ErrorBoundary: RouteErrorView };
}
