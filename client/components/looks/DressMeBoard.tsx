import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LookCategory } from '../../../shared/api/look-schemas';
import { lookPagePath } from '../../../shared/validation/look-rules';
import { useT } from '../../app/i18n';
import { useSession } from '../../app/session';
import { LookBoard } from './LookBoard';
import { addPiece, boardSays, fitted, placements, type BoardPiece } from './look-board-rules';
import { PiecePicker, type PickedPiece } from './PiecePicker';
import { PublishLookDialog, type PublishRequest } from './PublishLookDialog';

// Dress Me's working parts: the board, the picker and the Publish Look dialog, loaded on demand
// by the page (dress-me.route.tsx) so that no page's first load carries them. A guest composes
// as anyone does and signs in at Publish; the dialog opens once they have (spec section 4).

export type StartPiece = PickedPiece & Partial<Pick<BoardPiece, 'x' | 'y' | 'width' | 'height'>>;
export type Editing = { listId: number; title: string; isPublic: boolean };

type Props = { categories: readonly LookCategory[]; start: readonly StartPiece[]; editing: Editing | null };

/** The board's first pieces: a saved look's where they were, a product's where a new piece goes. */
function startingPieces(start: readonly StartPiece[]): BoardPiece[] {
  return start.reduce<BoardPiece[]>((pieces, piece) => {
    const { x, y, width, height } = piece;
    if (x === undefined || y === undefined || width === undefined || height === undefined) return addPiece(pieces, piece).pieces;
    return [...pieces, fitted({ guid: piece.guid, name: piece.name, brand: piece.brand, price: piece.price, image: piece.image, x, y, width, height })];
  }, []);
}

export function DressMeBoard({ categories, start, editing }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const t = useT();
  const [pieces, setPieces] = useState<BoardPiece[]>(() => startingPieces(start));
  const [said, say] = useState('');
  const [dialog, setDialog] = useState<PublishRequest | null>(null);

  const pick = (piece: PickedPiece) => {
    const result = addPiece(pieces, piece);
    setPieces(result.pieces);
    const says = boardSays(t);
    say(result.added ? says.added(piece.name, result.pieces.length) : result.reason === 'full' ? says.full() : says.twice(piece.name));
  };

  const publish = () => {
    const show = () => setDialog({ mode: 'publish', setId: editing?.listId ?? 0, title: editing?.title ?? '', isPublic: editing?.isPublic ?? true, placements: placements(pieces) });
    if (!session.viewer) session.openSignIn('Login', show);
    else show();
  };

  return (
    <div className="dress-me-layout">
      <div className="dress-me-board">
        <LookBoard pieces={pieces} onChange={setPieces} said={said} say={say} />
        <p className="dress-me-actions">
          <button type="button" className="button" onClick={publish}>
            {t(editing ? 'looks.dressMe.save' : 'looks.dressMe.publish')}
          </button>
        </p>
      </div>
      <PiecePicker categories={categories} signedIn={session.viewer !== null} onPick={pick} />
      {dialog && (
        <PublishLookDialog
          request={dialog}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            void navigate(lookPagePath(saved.slug, saved.listId));
          }}
        />
      )}
    </div>
  );
}
