import { Suspense, lazy } from 'react';
import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { useT, withCatalog } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import type { Editing, StartPiece } from '../components/looks/DressMeBoard';
import { LOOK_API } from '../components/looks/looks-common';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { PRODUCT_API } from '../../shared/api/product-paths';

// Dress Me (/dress-me, /shop/dress-me), create-a-look/{productSlug}/{productGuid} (the board
// starts with that product) and the owner's edit of a saved look (/dress-me?edit={listId}: the
// look's pieces where they were, saved back onto the same look). One route module for the
// three, and a small one: the board is JavaScript by nature, so its parts (DressMeBoard) load
// on demand and no page's first load carries them (docs/performance.md "What was learned").

const DressMeBoard = lazy(() => withCatalog(import('../components/looks/DressMeBoard')).then((m) => ({ default: m.DressMeBoard })));

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const country = site.country.toLowerCase();
  let categories;
  try {
    categories = (await api.get(LOOK_API.categories, 'LookCategories')).categories;
  } catch (error) {
    rethrowAsRouteError(error);
  }
  let start: StartPiece[] = [];
  let editing: Editing | null = null;
  if (params.guid) {
    // An unknown product leaves the board empty: the page is still Dress Me.
    const detail = await api.get(PRODUCT_API.detailByGuid(params.guid), 'ProductDetail', { country: site.country }).catch(() => null);
    const variant = detail?.product.variants[detail.selected.variant_index];
    if (detail && variant) {
      const price = variant.size_variants.find((size) => size.guid === detail.selected.guid)?.saleprice ?? detail.product.saleprice;
      start = [{ guid: detail.selected.guid, name: variant.title, brand: detail.product.brand, price, image: variant.images.productimage180_jpg }];
    }
  }
  const edit = new URL(request.url).searchParams.get('edit');
  if (edit && /^\d{1,9}$/.test(edit) && context.get(sessionContext).signedIn()) {
    try {
      const look = await api.get(LOOK_API.look(Number(edit)), 'Look', { country });
      editing = { listId: look.listId, title: look.listName, isPublic: look.isPublic === 1 };
      start = look.items.map((item) => {
        const variant = item.product?.variants[item.product.variant_index];
        const size = variant?.size_variants.find((each) => each.guid === item.guid) ?? variant?.size_variants[0];
        return {
          guid: item.guid,
          name: variant?.title ?? item.productName,
          brand: item.product?.brand ?? null,
          price: size?.saleprice ?? null,
          image: variant?.images.productimage180_jpg ?? item.image,
          x: item.x,
          y: item.y,
          width: item.width,
          height: item.height,
        };
      });
    } catch (error) {
      // Another shopper's look or an unknown one: a new board.
      if (!(error instanceof ApiError && error.status < 500)) rethrowAsRouteError(error);
    }
  }
  // Personal when it holds the shopper's look; the board itself is the same for everyone.
  return data({ categories, start, editing }, editing ? { headers: { 'Cache-Control': CacheNone.header } } : undefined);
}

export function Component() {
  const { categories, start, editing } = useLoaderData<typeof loader>();
  // One page to index: /shop/dress-me names /dress-me as its canonical; a board started from a
  // product or opened on a saved look is not a page of its own.
  const { guid } = useParams();
  const ownBoard = editing !== null || guid !== undefined;
  const t = useT();
  const title = editing ? t('looks.dressMe.editTitle', { title: editing.title }) : t('looks.dressMe.title');
  return (
    <section className="dress-me">
      <PageMeta title={editing ? title : t('looks.dressMe.metaTitle')} description={t('looks.dressMe.description')} path="/dress-me" noindex={ownBoard} />
      <h1>{title}</h1>
      <Suspense fallback={<p role="status">{t('looks.dressMe.loading')}</p>}>
        <DressMeBoard categories={categories} start={start} editing={editing} />
      </Suspense>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
