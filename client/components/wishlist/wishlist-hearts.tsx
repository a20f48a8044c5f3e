import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';
import { useBusy } from '../../app/busy';
import { useNotify } from '../../app/notices';
import { useSession } from '../../app/session';
import type { WishlistDialog as WishlistDialogView } from './WishlistDialog';

// The hearts on the cards and the Wishlist dialog behind them (spec sections 2 "Product card",
// 4 "Wishlist dialog"). This part ships with every landing page, so it is only the marks and a
// way to open the dialog: the dialog, its rules and its api calls are fetched on first use.
//
// Which hearts are filled: the page's loaders ask once, only for a signed-in shopper
// (`hearts` in their data, wishlist-hearts-call.ts), so the product grid stays the shared
// answer; a successful add marks the product here at once. Marks belong to the session that
// made them and go when it changes (spec section 4).

export type WishlistList = { listId: number; listName: string };

/** What the dialog is opened for, by mode (spec section 2 "Other dialogs": five modes). */
export type WishlistDialogRequest =
  | { mode: 'wishlist' | 'cart-to-wishlist' | 'editorpick'; productId: number; productName: string }
  | { mode: 'rename-wishlist'; listId: number; listName: string; lists: readonly WishlistList[]; onDone?(): void }
  | { mode: 'move-wishlist'; productId: number; sourceListId: number; lists: readonly WishlistList[]; onDone?(): void };

type Hearts = {
  isFavourite(productId: number): boolean;
  /** Undefined outside a provider: the heart then stays a plain link. */
  open?(request: WishlistDialogRequest): void;
  isAdmin: boolean;
};

const HeartsContext = createContext<Hearts>({ isFavourite: () => false, isAdmin: false });

export function useWishlistHearts(): Hearts {
  return useContext(HeartsContext);
}

let dialogModule: Promise<typeof WishlistDialogView> | undefined;
function loadDialog(): Promise<typeof WishlistDialogView> {
  dialogModule ??= import('./WishlistDialog').then(
    (module) => module.WishlistDialog,
    (error: unknown) => {
      dialogModule = undefined;
      throw error;
    },
  );
  return dialogModule;
}

export function WishlistProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.viewer?.userId;
  const notify = useNotify();
  const track = useBusy();
  const matches = useMatches();
  const [added, setAdded] = useState<{ userId: number | undefined; ids: readonly number[] }>({ userId, ids: [] });
  const [request, setRequest] = useState<WishlistDialogRequest | null>(null);
  const [Dialog, setDialog] = useState<typeof WishlistDialogView | null>(null);

  // A new session starts with no marks of its own; the loaders' answer is the new session's
  // once they ran again (sign-in and sign-out revalidate), and a guest has none.
  const fromLoaders = useMemo(() => {
    if (userId === undefined) return [];
    return matches.flatMap((match) => (match.data as { hearts?: readonly number[] } | undefined)?.hearts ?? []);
  }, [matches, userId]);

  const show = useCallback(
    (next: WishlistDialogRequest) => {
      setRequest(next);
      void track(loadDialog()).then(
        (view) => setDialog(() => view),
        () => {
          setRequest(null);
          notify('error', SERVER_ERROR_MESSAGE);
        },
      );
    },
    [track, notify],
  );

  const value = useMemo<Hearts>(
    () => ({
      isFavourite: (productId) => (added.userId === userId && added.ids.includes(productId)) || fromLoaders.includes(productId),
      isAdmin: session.viewer?.type === 1 || session.viewer?.type === 2,
      open(next) {
        // Spec section 4: a guest signs in first, and the add goes on once they have.
        if (!session.viewer) session.openSignIn('Login', () => show(next));
        else show(next);
      },
    }),
    [added, userId, fromLoaders, session, show],
  );

  const onAdded = useCallback(
    (productId: number) => setAdded((prev) => ({ userId, ids: [...(prev.userId === userId ? prev.ids : []), productId] })),
    [userId],
  );

  return (
    <HeartsContext.Provider value={value}>
      {children}
      {request && Dialog && <Dialog request={request} onClose={() => setRequest(null)} onAdded={onAdded} />}
    </HeartsContext.Provider>
  );
}
