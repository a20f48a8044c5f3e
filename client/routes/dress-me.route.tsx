import { useState } from 'react';
import { data, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { lookPagePath } from '../../shared/validation/look-rules';
import { useBusy } from '../app/busy';
import { apiContext, siteContext } from '../app/contexts';
import { useNotify } from '../app/notices';
import { rethrowAsRouteError } from '../app/route-error';
import { useSession } from '../app/session';
import { sessionContext } from '../app/session-context';
import { SERVER_ERROR_MESSAGE } from '../../shared/messages';
import { LookBoard } from '../components/looks/LookBoard';
import { BOARD_SAYS, LOOK_API, addPiece, placements, type BoardPiece } from '../components/looks/look-board-rules';
import { PiecePicker, type PickedPiece } from '../components/looks/PiecePicker';
import type { PublishLookDialog as PublishLookDialogView, PublishRequest } from '../components/looks/PublishLookDialog';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';

// Dress Me (/dress-me, /shop/dress-me), create-a-look/{productSlug}/{productGuid} (the board
// starts with that product) and the owner's edit of a saved look (/dress-me?edit={listId}: the
// look's pieces where they were, saved back onto the same look). One route module for the
// three: the board is JavaScript by nature and only these pages load it (ARCHITECTURE.md
// "Performance notes"). The Publish Look dialog is fetched when it is first opened; a guest
// signs in first and the dialog opens once they have (spec section 4).

type Editing = { listId: number; title: string; isPublic: boolean };

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const country = site.country.toLowerCase();
  const url = new URL(request.url);
  let categories;
  try {
    categories = (await api.get(LOOK_API.categories, 'LookCategories')).categories;
  } catch (error) {
    rethrowAsRouteError(error);
  }
  let pieces: BoardPiece[] = [];
  let editing: Editing | null = null;
  const guid = params.productGuid;
  if (guid) {
    // An unknown product leaves the board empty: the page is still Dress Me.
    const detail = await api.get(`/api/products/detail/guid/${encodeURIComponent(guid)}`, 'ProductDetail', { country: site.country }).catch(() => null);
    const variant = detail?.product.variants[detail.selected.variant_index];
    if (detail && variant) pieces = addPiece([], { guid: detail.selected.guid, name: variant.title, image: variant.images.productimage180_jpg }).pieces;
  }
  const edit = url.searchParams.get('edit');
  if (edit && /^\d{1,9}$/.test(edit) && context.get(sessionContext).signedIn()) {
    try {
      const look = await api.get(LOOK_API.look(Number(edit)), 'Look', { country });
      editing = { listId: look.listId, title: look.listName, isPublic: look.isPublic === 1 };
      pieces = look.items.map((item) => ({
        guid: item.guid,
        name: item.product?.variants[item.product.variant_index]?.title ?? item.productName,
        image: item.product?.variants[item.product.variant_index]?.images.productimage180_jpg ?? item.image,
        x: item.x,
        y: item.y,
        width: item.width,
        height: item.height,
      }));
    } catch (error) {
      // Another shopper's look or an unknown one: a new board.
      if (!(error instanceof ApiError && error.status < 500)) rethrowAsRouteError(error);
    }
  }
  // Personal when it holds the shopper's look; the board itself is the same for everyone.
  return data({ categories, pieces, editing }, editing ? { headers: { 'Cache-Control': CacheNone.header } } : undefined);
}

export function Component() {
  const { categories, pieces: start, editing } = useLoaderData<typeof loader>();
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const track = useBusy();
  const [pieces, setPieces] = useState<BoardPiece[]>(start);
  const [said, say] = useState('');
  const [dialog, setDialog] = useState<{ View: typeof PublishLookDialogView; request: PublishRequest } | null>(null);

  const pick = (piece: PickedPiece) => {
    const result = addPiece(pieces, piece);
    setPieces(result.pieces);
    say(result.added ? BOARD_SAYS.added(piece.name, result.pieces.length) : result.reason === 'full' ? BOARD_SAYS.full : BOARD_SAYS.twice(piece.name));
  };

  const publish = () => {
    const show = () =>
      void track(import('../components/looks/PublishLookDialog')).then(
        ({ PublishLookDialog: View }) =>
          setDialog({ View, request: { mode: 'publish', setId: editing?.listId ?? 0, title: editing?.title ?? '', isPublic: editing?.isPublic ?? true, placements: placements(pieces) } }),
        () => notify('error', SERVER_ERROR_MESSAGE),
      );
    if (!session.viewer) session.openSignIn('Login', show);
    else show();
  };

  return (
    <section className="dress-me">
      <PageMeta title={editing ? `Edit ${editing.title}` : 'Dress Me: create a look'} description="Put together an outfit from pieces across the shops, then publish it as a look anyone can shop." noindex={editing !== null} />
      <h1>{editing ? `Edit ${editing.title}` : 'Dress Me'}</h1>
      <div className="dress-me-layout">
        <div className="dress-me-board">
          <LookBoard pieces={pieces} onChange={setPieces} said={said} say={say} />
          <p className="dress-me-actions">
            <button type="button" className="button" onClick={publish}>
              {editing ? 'Save Look' : 'Publish Look'}
            </button>
          </p>
        </div>
        <PiecePicker categories={categories} signedIn={session.viewer !== null} onPick={pick} />
      </div>
      {dialog && (
        <dialog.View
          request={dialog.request}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            void navigate(lookPagePath(saved.slug, saved.listId));
          }}
        />
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
