import { AlertDialog } from '../alerts/AlertDialog';
import type { CardDialogRequest } from './card-dialog-request';
import { WishlistDialog } from './WishlistDialog';

// The dialogs a product card opens, fetched together on the first opening of either
// (wishlist-hearts.tsx): one lazy chunk holding both and the frame they share (ModalDialog),
// rather than the frame as a small chunk of its own, which the build would fold into the
// chunk account pages load first (scripts/build.ts, smallChunkPlan). Which one shows is decided
// here too, so the opener that every page carries stays small.

type Props = {
  request: CardDialogRequest;
  onClose(): void;
  /** A wishlist add succeeded: the product's hearts fill. */
  onAdded(productId: number): void;
};

export function CardDialog({ request, onClose, onAdded }: Props) {
  return request.mode === 'alert' ? <AlertDialog target={request.target} onClose={onClose} /> : <WishlistDialog request={request} onClose={onClose} onAdded={onAdded} />;
}
