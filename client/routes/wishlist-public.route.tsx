import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { useT } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import { ProductCard } from '../components/listing/ProductCard';
import { ProductGoneCard } from '../components/ui/ProductGoneCard';
import { PageMeta } from '../components/meta/PageMeta';
import { notFoundBoundary } from '../components/ui/NotFoundBoundary';
import { Pager, lastPageOf } from '../components/ui/Pager';
import { WISHLIST_API } from '../../shared/api/wishlist-paths';
import { goneWords, publicWishlistPath } from '../components/wishlist/wishlist-page-rules';
import { Component as NotFound } from './not-found.route';

// A shared wishlist, /wishlist/{listId}/{slug} (spec section 6: guests see public wishlists).
// The api's shared call (no identity): a private or unknown list is its 404 and ours; a wrong
// or missing slug goes, once, to the list's own. Open Graph tags from the list's name and
// first images, so a shared link previews; noindex unless the owner made it public.

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const site = context.get(siteContext);
  const listId = /^\d{1,9}$/.test(params.listId ?? '') ? Number(params.listId) : 0;
  if (listId < 1) throw notFound();
  const url = new URL(request.url);
  const page = /^\d{1,5}$/.test(url.searchParams.get('page') ?? '') ? Math.max(1, Number(url.searchParams.get('page'))) : 1;
  let answer;
  try {
    answer = await context.get(apiContext).get(WISHLIST_API.publicList(listId), 'PublicWishlist', { country: site.country.toLowerCase(), page });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    rethrowAsRouteError(error);
  }
  if (params.slug !== answer.list.slug) throw redirect(`${publicWishlistPath(answer.list)}${url.search}`, 301);
  const ids = answer.items.flatMap((item) => (item.product ? [item.product.id] : []));
  const hearts = context.get(sessionContext).signedIn() ? await (await import('../data/wishlist/wishlist-hearts-call')).loadHearts(context, ids) : {};
  return { answer, ...hearts };
}

export function Component() {
  const { answer } = useLoaderData<typeof loader>();
  const { list, owner, items } = answer;
  const t = useT();
  const by = owner.name || owner.userName;
  const images = [...list.images, ...items.map((item) => item.image)].filter((src, index, all) => src && all.indexOf(src) === index);
  const path = publicWishlistPath(list);
  const lastPage = lastPageOf(answer);
  return (
    <section className="public-wishlist">
      <PageMeta
        title={t('wishlist.publicPage.title', { list: list.listName, owner: by })}
        description={t('wishlist.publicPage.description', { list: list.listName, count: list.count, owner: by })}
        path={answer.page > 1 ? `${path}?page=${answer.page}` : path}
        images={images}
        noindex={list.isPublic !== 1}
        pagination={{ page: answer.page, hasNext: answer.page < lastPage }}
      />
      <h1>{list.listName}</h1>
      <p>{t('wishlist.publicPage.byline', { owner: by, count: list.count })}</p>
      {items.length === 0 ? (
        <p>{t('wishlist.empty')}</p>
      ) : (
        <>
          {/* The cards' titles are h3, as on a listing: the level between them and the list's name. */}
          <h2 className="visually-hidden">{t('wishlist.publicPage.products')}</h2>
          <ul className="product-grid">
          {items.map((item) =>
            item.product ? (
              <li key={item.productId}>
                <ProductCard p={item.product} />
              </li>
            ) : (
              <li key={item.productId}>
                <ProductGoneCard name={item.productName} image={item.image} notice={goneWords(t, item.noLongerSoldBy)} />
              </li>
            ),
          )}
          </ul>
        </>
      )}
      <Pager className="wishlist-pages" page={answer.page} lastPage={lastPage} href={(page) => `${path}?page=${page}`} />
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary(NotFound);
