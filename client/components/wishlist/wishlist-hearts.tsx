import { createContext, useContext, useState, type MouseEvent, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import { isAdminProfileType } from '../../../shared/api/profile-types';
import { useBusy } from '../../app/busy';
import { catalogReady, useT } from '../../app/i18n';
import { useNotify } from '../../app/notices';
import { useSession } from '../../app/session';
import type { CardDialog as CardDialogView } from './card-dialogs';
import type { CardDialogRequest } from './card-dialog-request';

// The hearts on the cards and the Wishlist dialog behind them (spec sections 2 "Product card",
// 4 "Wishlist dialog"). This module ships with every page, so it is only the filled marks and
// a way to open the dialog: the dialog, its rules and its api calls are fetched on first use.
//
// Which hearts are filled: the page's loaders ask once, only for a signed-in shopper
// (`hearts` in their data, wishlist-hearts-call.ts), so the product grid stays the shared
// answer; a successful add marks the product here at once. Marks belong to the session that
// made them and go when it changes (spec section 4).
//
// The cards' alert actions open their dialog through the same provider (one opener for the
// cards' dialogs, so the shell carries one): the Sale Alert / Price Alert dialog
// (components/alerts/AlertDialog.tsx), for guests and shoppers alike, fetched with the
// Wishlist dialog on the first opening of either (card-dialogs.ts).

type Hearts = {
  signedIn: boolean;
  /** An admin (profile type 1 or 2): the cards offer the editor's pick too (spec section 2). */
  admin: boolean;
  filled(productId: number): boolean;
  /**
   * Opens the dialog (for a wishlist a guest signs in first, and the add goes on once they
   * have: spec section 4). With the click that asked, unless it asked for a new tab: the link then does that.
   * Outside the provider it does nothing, and a link stays a link.
   */
  open(event: MouseEvent | null, request: CardDialogRequest): void;
};

const HeartsContext = createContext<Hearts>({ signedIn: false, admin: false, filled: () => false, open() {} });

export function useWishlistHearts(): Hearts {
  return useContext(HeartsContext);
}

export function WishlistProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.viewer?.userId;
  const matches = useMatches();
  const track = useBusy();
  const notify = useNotify();
  const t = useT();
  // What this page added, and for whom: another session's marks are not this one's.
  const [added, setAdded] = useState<[number | undefined, number[]]>([userId, []]);
  const [shown, setShown] = useState<{ View: typeof CardDialogView; request: CardDialogRequest } | null>(null);

  // A new value each render: the provider renders again only when the session, the page or the
  // dialog changes, and then the cards' hearts may have changed too.
  const mine = added[0] === userId ? added[1] : [];
  const value: Hearts = {
    signedIn: userId !== undefined,
    admin: isAdminProfileType(session.viewer?.type),
    // The loaders' answer is the current session's once they ran again (sign-in and sign-out revalidate).
    filled: (id) => userId !== undefined && (mine.includes(id) || matches.some((match) => (match.data as { hearts?: number[] } | undefined)?.hearts?.includes(id))),
    open(event, request) {
      if (event && (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
      event?.preventDefault();
      // The dialogs' words are the language's whole catalogue's, not the first page's (issue 29).
      const show = () =>
        void track(Promise.all([import('./card-dialogs'), catalogReady().catch(() => undefined)])).then(
          ([{ CardDialog: View }]) => setShown({ View, request }),
          () => notify('error', t('common.error.server')),
        );
      if (userId === undefined && request.mode !== 'alert') session.openSignIn('Login', show);
      else show();
    },
  };

  return (
    <HeartsContext.Provider value={value}>
      {children}
      {shown && (
        <shown.View
          request={shown.request}
          onClose={() => setShown(null)}
          onAdded={(id) => setAdded(([whose, ids]) => [userId, [...(whose === userId ? ids : []), id]])}
        />
      )}
    </HeartsContext.Provider>
  );
}
