import { useState } from 'react';
import { data, isRouteErrorResponse, redirect, useLoaderData, useNavigate, useRevalidator, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { ApiError, type ApiClient } from '../../shared/api/api-client';
import type { Look } from '../../shared/api/look-schemas';
import { CacheNone } from '../../shared/http/cache-policy';
import { WISHLIST_NOTICES } from '../../shared/validation/wishlist-notices';
import { LOOK_COLLAGE, lookCollageUrl, lookPagePath } from '../../shared/validation/look-rules';
import { SERVER_ERROR_MESSAGE } from '../../shared/messages';
import { browserApi } from '../api/browser-api';
import { useBusy } from '../app/busy';
import { apiContext, siteContext, useSiteConfig } from '../app/contexts';
import { useNotify } from '../app/notices';
import { rethrowAsRouteError } from '../app/route-error';
import { useSession } from '../app/session';
import { sessionContext } from '../app/session-context';
import { accountPath } from '../components/account/AccountMenu';
import { ProductCard } from '../components/listing/ProductCard';
import { LOOK_API, LOOK_NOTICES } from '../components/looks/look-board-rules';
import type { PublishLookDialog as PublishLookDialogView, PublishRequest } from '../components/looks/PublishLookDialog';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import { Component as NotFound } from './not-found.route';

// A saved look, /sets/{listSlug}/{listId} (spec sections 2, 3 "Saved set / look"): the collage
// as composed, then every piece as a product card priced today for the viewer's country with
// its Buy control, so the look stays shoppable; a piece that left the catalogue is shown from
// what was kept when it was saved. A signed-in viewer is asked for their own look first (a
// private look is visible to its owner only); anyone else gets the api's public read, whose
// 404 (private or unknown) is ours. A wrong slug goes, once, to the look's own. The collage
// is the Open Graph and Twitter image, so a shared link previews the look.

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
  const listId = /^\d{1,9}$/.test(params.listId ?? '') ? Number(params.listId) : 0;
  if (listId < 1) throw notFound();
  let answer;
  try {
    answer = await readLook(context.get(apiContext), listId, site.country.toLowerCase(), context.get(sessionContext).signedIn());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    rethrowAsRouteError(error);
  }
  if (params.listSlug !== answer.look.slug) throw redirect(`${lookPagePath(answer.look.slug, answer.look.listId)}${new URL(request.url).search}`, 301);
  // The owner's view carries the owner's controls (and a private look): never kept.
  return data(answer, answer.mine ? { headers: { 'Cache-Control': CacheNone.header } } : undefined);
}

export function Component() {
  const { look, mine } = useLoaderData<typeof loader>();
  const owner = look.owner.name || look.owner.userName;
  const path = lookPagePath(look.slug, look.listId);
  const pieces = look.items.length;
  return (
    <article className="look-page" data-look={look.listId}>
      <PageMeta
        title={`${look.listName} by ${owner}`}
        description={`${look.listName}: a look of ${pieces} ${pieces === 1 ? 'piece' : 'pieces'} by ${owner} on Vitrine, every piece shoppable.`}
        path={path}
        images={[look.collage]}
        noindex={look.isPublic !== 1}
      />
      <h1>{look.listName}</h1>
      <p className="look-byline">
        A look by <ShellLink to={`/profile/${encodeURIComponent(look.owner.userName)}`}>{owner}</ShellLink> · {pieces} {pieces === 1 ? 'piece' : 'pieces'}
        {mine && <> · {look.isPublic ? 'Public' : 'Private'}</>}
      </p>
      <img
        className="look-collage"
        src={look.collage}
        width={LOOK_COLLAGE.width}
        height={LOOK_COLLAGE.height}
        alt={`${look.listName}: ${look.items.map((item) => item.productName).join(', ')}`}
        fetchPriority="high"
      />
      {mine && <OwnerTools look={look} />}
      <h2>The pieces</h2>
      <ul className="product-grid look-pieces">
        {look.items.map((item) =>
          item.product ? (
            <li key={item.guid}>
              <ProductCard p={item.product} />
            </li>
          ) : (
            <li key={item.guid}>
              <article className="product-card wishlist-gone" aria-label={item.productName}>
                <img src={item.image} alt="" width={180} height={180} loading="lazy" />
                <h3 className="product-card-title">{item.productName}</h3>
                <p>{WISHLIST_NOTICES.unavailable}</p>
              </article>
            </li>
          ),
        )}
      </ul>
    </article>
  );
}

/** Rename, public or private, edit on the board, download the collage, delete: the owner's. */
function OwnerTools({ look }: { look: Look }) {
  const session = useSession();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const notify = useNotify();
  const track = useBusy();
  const { basename, siteUrl } = useSiteConfig();
  const [dialog, setDialog] = useState<{ View: typeof PublishLookDialogView; request: PublishRequest } | null>(null);
  const [sending, setSending] = useState(false);

  const rename = () =>
    void track(import('../components/looks/PublishLookDialog')).then(
      ({ PublishLookDialog: View }) => setDialog({ View, request: { mode: 'rename', setId: look.listId, title: look.listName, isPublic: look.isPublic === 1 } }),
      () => notify('error', SERVER_ERROR_MESSAGE),
    );

  const privacy = async () => {
    setSending(true);
    try {
      await track(browserApi().send('PUT', LOOK_API.rename, { listId: look.listId, setName: look.listName, setPublic: look.isPublic ? 0 : 1 }, 'SetSaved'));
      notify('success', look.isPublic ? LOOK_NOTICES.madePrivate : LOOK_NOTICES.madePublic);
      await revalidator.revalidate();
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : SERVER_ERROR_MESSAGE);
    } finally {
      setSending(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(LOOK_NOTICES.confirmDelete)) return;
    setSending(true);
    try {
      await track(browserApi().send('DELETE', LOOK_API.look(look.listId), undefined, 'LookDeleted'));
      notify('success', LOOK_NOTICES.deleted);
      await navigate(session.viewer ? accountPath(session.viewer.userName, 'lookbook') : '/');
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : SERVER_ERROR_MESSAGE);
      setSending(false);
    }
  };

  return (
    <div className="look-tools" role="group" aria-label="Your look">
      <button type="button" className="button button-secondary" onClick={rename} disabled={sending}>
        Rename
      </button>
      <button type="button" className="button button-secondary" onClick={() => void privacy()} disabled={sending}>
        {look.isPublic ? 'Make private' : 'Make public'}
      </button>
      <ShellLink className="button button-secondary" to={`/dress-me?edit=${look.listId}`}>
        Edit
      </ShellLink>
      <a className="button button-secondary" href={lookCollageUrl(look.listId, look.version, true)} download>
        Download
      </a>
      <button type="button" className="button button-secondary" onClick={() => void remove()} disabled={sending}>
        Delete
      </button>
      {look.isPublic === 1 && (
        <p className="look-share">
          <label>
            Share link <input type="text" readOnly value={`${siteUrl}${basename}${lookPagePath(look.slug, look.listId)}`} />
          </label>
        </p>
      )}
      {dialog && (
        <dialog.View
          request={dialog.request}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            notify('success', LOOK_NOTICES.renamed);
            void navigate(lookPagePath(saved.slug, saved.listId), { replace: true });
          }}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <RouteErrorView />;
}
