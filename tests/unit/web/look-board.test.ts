import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, LOOK_ITEMS_MAX, LOOK_ITEM_MIN_SIDE, LOOK_MESSAGES, lookItemsProblem } from '../../../shared/validation/look-rules';
import { BIG_STEP, KEY_STEP, NEW_PIECE_SIDE, RESIZE_STEP, addPiece, keyAction, movePiece, placements, removePiece, reorderPiece, resizePiece, type BoardPiece } from '../../../client/components/looks/look-board-rules';
import { publishState } from '../../../client/components/looks/PublishLookDialog';

// The Dress Me board's changes (pointer drags, the resize handle and the keys all end in these)
// and the Publish Look dialog's Submit (spec section 5).

const piece = (n: number) => ({ guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Piece ${n}`, brand: 'Maison Harlow', price: 40 + n, image: `/p/${n}.jpg` });
function board(count: number): BoardPiece[] {
  let pieces: BoardPiece[] = [];
  for (let n = 1; n <= count; n += 1) pieces = addPiece(pieces, piece(n)).pieces;
  return pieces;
}

describe('the Dress Me board', () => {
  it('adds a piece on top, stepped from the last, and refuses the same piece twice or a piece past the limit', () => {
    const two = board(2);
    expect(two.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 0, y: 0, width: NEW_PIECE_SIDE, height: NEW_PIECE_SIDE },
      { x: 60, y: 60, width: NEW_PIECE_SIDE, height: NEW_PIECE_SIDE },
    ]);
    expect(addPiece(two, { ...piece(1), guid: piece(1).guid.toUpperCase() })).toEqual({ pieces: two, added: false, reason: 'twice' });
    const full = board(LOOK_ITEMS_MAX);
    expect(full).toHaveLength(LOOK_ITEMS_MAX);
    expect(addPiece(full, piece(99))).toEqual({ pieces: full, added: false, reason: 'full' });
  });

  it('keeps a moved piece inside the square, in whole units', () => {
    const pieces = board(1);
    expect(movePiece(pieces, 0, 120.6, 40.2)[0]).toMatchObject({ x: 121, y: 40 });
    expect(movePiece(pieces, 0, -50, 5000)[0]).toMatchObject({ x: 0, y: BOARD_SIZE - NEW_PIECE_SIDE });
  });

  it('resizes from the top left corner, never below the smallest side nor past the edge', () => {
    const moved = movePiece(board(1), 0, 800, 100);
    expect(resizePiece(moved, 0, 500, 10)[0]).toMatchObject({ x: 700, y: 100, width: NEW_PIECE_SIDE, height: LOOK_ITEM_MIN_SIDE });
    const corner = movePiece(board(1), 0, 600, 600);
    expect(resizePiece(corner, 0, 900, 900)[0]).toMatchObject({ width: 400, height: 400 });
  });

  it('brings a piece forward and sends it back one layer at a time, and stays put at either end', () => {
    const pieces = board(3);
    const forward = reorderPiece(pieces, 0, 1);
    expect(forward.index).toBe(1);
    expect(forward.pieces.map((p) => p.name)).toEqual(['Piece 2', 'Piece 1', 'Piece 3']);
    expect(reorderPiece(pieces, 2, 1)).toEqual({ pieces, index: 2 });
    expect(reorderPiece(pieces, 0, -1)).toEqual({ pieces, index: 0 });
  });

  it('removes a piece, and saves each piece with z as its layer, which the api accepts', () => {
    const pieces = removePiece(board(3), 1);
    expect(pieces.map((p) => p.name)).toEqual(['Piece 1', 'Piece 3']);
    const saved = placements(pieces);
    expect(saved.map((p) => p.z)).toEqual([0, 1]);
    expect(lookItemsProblem(saved)).toBeUndefined();
  });

  it('maps every key of the board to its action, and leaves the others to the browser', () => {
    expect(keyAction('ArrowLeft', false)).toEqual({ kind: 'move', dx: -KEY_STEP, dy: 0 });
    expect(keyAction('ArrowDown', true)).toEqual({ kind: 'move', dx: 0, dy: BIG_STEP });
    expect(keyAction('+', false)).toEqual({ kind: 'resize', delta: RESIZE_STEP });
    expect(keyAction('-', false)).toEqual({ kind: 'resize', delta: -RESIZE_STEP });
    expect(keyAction(']', false)).toEqual({ kind: 'order', direction: 1 });
    expect(keyAction('PageUp', false)).toEqual({ kind: 'order', direction: 1 });
    expect(keyAction('[', false)).toEqual({ kind: 'order', direction: -1 });
    expect(keyAction('PageDown', false)).toEqual({ kind: 'order', direction: -1 });
    expect(keyAction('Delete', false)).toEqual({ kind: 'remove' });
    expect(keyAction('Tab', false)).toBeUndefined();
    expect(keyAction('a', false)).toBeUndefined();
  });
});

describe("the Publish Look dialog's Submit", () => {
  const placed = placements(board(2));
  const publish = { mode: 'publish' as const, setId: 0, title: '', isPublic: true, placements: placed };

  it('says each of the section 5 title messages and stays disabled until the title is good', () => {
    expect(publishState(publish, '')).toEqual({ canSubmit: false, titleProblem: LOOK_MESSAGES.titleMin });
    expect(publishState(publish, 'a')).toEqual({ canSubmit: false, titleProblem: LOOK_MESSAGES.titleMin });
    expect(publishState(publish, 'x'.repeat(31))).toEqual({ canSubmit: false, titleProblem: LOOK_MESSAGES.titleMax });
    expect(publishState(publish, 'Summer!')).toEqual({ canSubmit: false, titleProblem: LOOK_MESSAGES.titleInvalid });
    expect(publishState(publish, '   ')).toEqual({ canSubmit: false, titleProblem: LOOK_MESSAGES.titleWhitespace });
    expect(publishState(publish, 'Summer picnic')).toEqual({ canSubmit: true, titleProblem: undefined });
  });

  it('is disabled with fewer than two pieces on the board, whatever the title', () => {
    expect(publishState({ ...publish, placements: placed.slice(0, 1) }, 'Summer picnic')).toEqual({ canSubmit: false, titleProblem: undefined });
  });

  it('sanitises a rename first: nothing left is Invalid lookbook name!', () => {
    const rename = { mode: 'rename' as const, setId: 4, title: 'Old', isPublic: false };
    expect(publishState(rename, '!!!')).toEqual({ canSubmit: false, titleProblem: LOOK_MESSAGES.invalidLookbookName });
    expect(publishState(rename, 'Beach, day!')).toEqual({ canSubmit: true, titleProblem: undefined });
  });
});
