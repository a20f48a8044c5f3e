import { Suspense, lazy } from 'react';
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError, type ApiClient } from '../../shared/api/api-client';
import type { Look } from '../../shared/api/look-schemas';
import { CacheNone } from '../../shared/http/cache-policy';
import { LOOK_COLLAGE, lookPagePath } from '../../shared/validation/look-rules';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { T, useT, withCatalog } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import { ProductCard } from '../components/listing/ProductCard';
import { ProductGoneCard } from '../components/ui/ProductGoneCard';
import { LOOK_API } from '../components/looks/looks-common';
import { goneWords } from '../components/wishlist/wishlist-page-rules';
import { PageMeta } from '../components/meta/PageMeta';
import { notFoundBoundary } from '../components/ui/NotFoundBoundary';
import { ShellLink } from '../components/ui/ShellLink';
import { Component as NotFound } from './not-found.route';

// A saved look, /sets/{listSlug}/{listId} (spec sections 2, 3 "Saved set / look"): the collage
// as composed, then every piece as a product card priced today for the viewer's country with
// its Buy control, so the look stays shoppable; a piece that left the catalogue is shown from
// what was kept when it was saved. A signed-in viewer is asked for their own look first (a
// private look is visible to its owner only); anyone else gets the api's public read, whose
// 404 (private or unknown) is ours. A wrong slug goes, once, to the look's own. The collage
// is the Open Graph and Twitter image, so a shared link previews the look.

// The owner's controls and the rename dialog load on demand: only the owner needs them.
const LookOwnerTools = lazy(() => withCatalog(import('../components/looks/LookOwnerTools')).then((m) => ({ default: m.LookOwnerTools })));

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });

async function readLook(api: ApiClient, listId: number, country: string, signedIn: boolean): Promise<{ look: Look; mine: boolean }> {
  if (signedIn) {
    try {
      return { look: await api.get(LOOK_API.look(listId), 'Look', { country }), mine: true };
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 404 || error.status === 401))) throw error;
    }
  }
  return { look: await api.get(LOOK_API.publicLook(listId), 'Look', { country }), mine: false };
}

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const site = context.get(siteContext);
  const listId = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  if (listId < 1) throw notFound();
  let answer;
  try {
    answer = await readLook(context.get(apiContext), listId, site.country.toLowerCase(), context.get(sessionContext).signedIn());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    rethrowAsRouteError(error);
  }
  if (params.slug !== answer.look.slug) throw redirect(`${lookPagePath(answer.look.slug, answer.look.listId)}${new URL(request.url).search}`, 301);
  // The owner's view carries the owner's controls (and a private look): never kept.
  return data(answer, answer.mine ? { headers: { 'Cache-Control': CacheNone.header } } : undefined);
}

export function Component() {
  const { look, mine } = useLoaderData<typeof loader>();
  const owner = look.owner.name || look.owner.userName;
  const path = lookPagePath(look.slug, look.listId);
  const pieces = look.items.length;
  const t = useT();
  return (
    <article className="look-page" data-look={look.listId}>
      <PageMeta
        title={t('looks.page.title', { look: look.listName, owner })}
        description={t('looks.page.description', { look: look.listName, count: pieces, owner })}
        path={path}
        images={[look.collage]}
        noindex={look.isPublic !== 1}
      />
      <h1>{look.listName}</h1>
      <p className="look-byline">
        <T id="looks.page.byline" values={{ owner, count: pieces }} components={{ 0: <ShellLink to={`/profile/${encodeURIComponent(look.owner.userName)}`} /> }} />
        {mine && <> · {t(look.isPublic ? 'looks.public' : 'looks.private')}</>}
      </p>
      <img
        className="look-collage"
        src={look.collage}
        width={LOOK_COLLAGE.width}
        height={LOOK_COLLAGE.height}
        alt={`${look.listName}: ${look.items.map((item) => item.productName).join(', ')}`}
        fetchPriority="high"
      />
      {mine && (
        <Suspense fallback={null}>
          <LookOwnerTools look={look} />
        </Suspense>
      )}
      <h2>{t('looks.page.pieces')}</h2>
      <ul className="product-grid look-pieces">
        {look.items.map((item) =>
          item.product ? (
            <li key={item.guid}>
              <ProductCard p={item.product} />
            </li>
          ) : (
            <li key={item.guid}>
              <ProductGoneCard name={item.productName} image={item.image} notice={goneWords(t, item.noLongerSoldBy)} />
            </li>
          ),
        )}
      </ul>
    </article>
  );
}

export const ErrorBoundary = notFoundBoundary(NotFound);
