import type { Translate } from '../../../shared/i18n/translator';
import { BOARD_SIZE, LOOK_ITEMS_MAX, LOOK_ITEM_MIN_SIDE, type LookPlacement } from '../../../shared/validation/look-rules';

// The Dress Me board's state and every change to it, apart from React so each can be tested
// alone: pointer drags, the resize handle and the keys all end here, so a piece can never
// leave the board (shared/validation/look-rules.ts: the square of BOARD_SIZE units) whichever
// way it was moved. The pieces are kept bottom first; a piece's z is its place in that order,
// so "bring forward" is a swap and the saved z-order is always 0…n-1.

export type BoardPiece = {
  /** The size variant on the board (what the api stores). */
  guid: string;
  name: string;
  /** Named beside the board with the name and price, so each piece is read, not only drawn. */
  brand: string | null;
  /** The sale price on this country's site, or null when it is not known (a piece no longer sold). */
  price: number | null;
  /** The picture drawn on the board. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
};

/** A new piece's side, and how far each new one lands from the last (so none hides another). */
export const NEW_PIECE_SIDE = 300;
const NEW_PIECE_STEP = 60;
/** Arrow keys move by this many units; with Shift, by BIG_STEP. +/- resize by RESIZE_STEP. */
export const KEY_STEP = 10;
export const BIG_STEP = 50;
export const RESIZE_STEP = 20;

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/** The piece kept whole and inside the board: at least the minimum side, no edge past the square. */
export function fitted(piece: BoardPiece): BoardPiece {
  const width = clamp(piece.width, LOOK_ITEM_MIN_SIDE, BOARD_SIZE);
  const height = clamp(piece.height, LOOK_ITEM_MIN_SIDE, BOARD_SIZE);
  return { ...piece, width, height, x: clamp(piece.x, 0, BOARD_SIZE - width), y: clamp(piece.y, 0, BOARD_SIZE - height) };
}

export type AddResult = { pieces: BoardPiece[]; added: boolean; reason?: 'full' | 'twice' };

/** Adds a piece on top, stepped down and right from the last one; refuses a 13th piece or the same one twice. */
export function addPiece(pieces: readonly BoardPiece[], piece: Omit<BoardPiece, 'x' | 'y' | 'width' | 'height'>): AddResult {
  if (pieces.some((other) => other.guid.toLowerCase() === piece.guid.toLowerCase())) return { pieces: [...pieces], added: false, reason: 'twice' };
  if (pieces.length >= LOOK_ITEMS_MAX) return { pieces: [...pieces], added: false, reason: 'full' };
  const offset = (pieces.length * NEW_PIECE_STEP) % (BOARD_SIZE - NEW_PIECE_SIDE);
  return { pieces: [...pieces, fitted({ ...piece, x: offset, y: offset, width: NEW_PIECE_SIDE, height: NEW_PIECE_SIDE })], added: true };
}

export function movePiece(pieces: readonly BoardPiece[], index: number, x: number, y: number): BoardPiece[] {
  return pieces.map((piece, i) => (i === index ? fitted({ ...piece, x, y }) : piece));
}

/** Resizes from the top left corner (the handle is at the bottom right). */
export function resizePiece(pieces: readonly BoardPiece[], index: number, width: number, height: number): BoardPiece[] {
  return pieces.map((piece, i) => {
    if (i !== index) return piece;
    const w = clamp(width, LOOK_ITEM_MIN_SIDE, BOARD_SIZE - piece.x);
    const h = clamp(height, LOOK_ITEM_MIN_SIDE, BOARD_SIZE - piece.y);
    return { ...piece, width: w, height: h };
  });
}

/** One step up (+1) or down (-1) the z-order; the piece's new index (unchanged at either end). */
export function reorderPiece(pieces: readonly BoardPiece[], index: number, direction: 1 | -1): { pieces: BoardPiece[]; index: number } {
  const target = index + direction;
  if (target < 0 || target >= pieces.length) return { pieces: [...pieces], index };
  const next = [...pieces];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return { pieces: next, index: target };
}

export function removePiece(pieces: readonly BoardPiece[], index: number): BoardPiece[] {
  return pieces.filter((_, i) => i !== index);
}

/** What save-set is sent: each piece's rectangle and its z, its place in the order. */
export function placements(pieces: readonly BoardPiece[]): LookPlacement[] {
  return pieces.map((piece, z) => ({ guid: piece.guid, x: piece.x, y: piece.y, width: piece.width, height: piece.height, z }));
}

export type KeyAction =
  | { kind: 'move'; dx: number; dy: number }
  | { kind: 'resize'; delta: number }
  | { kind: 'order'; direction: 1 | -1 }
  | { kind: 'remove' };

/**
 * The keyboard's equivalent of every pointer action on a focused piece: arrows move (Shift:
 * further), + and - resize, ] or PageUp brings forward, [ or PageDown sends back, Delete or
 * Backspace removes. Anything else is left to the browser.
 */
export function keyAction(key: string, shift: boolean): KeyAction | undefined {
  const step = shift ? BIG_STEP : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'move', dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'move', dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind: 'move', dx: 0, dy: step };
    case '+':
    case '=':
      return { kind: 'resize', delta: RESIZE_STEP };
    case '-':
    case '_':
      return { kind: 'resize', delta: -RESIZE_STEP };
    case ']':
    case 'PageUp':
      return { kind: 'order', direction: 1 };
    case '[':
    case 'PageDown':
      return { kind: 'order', direction: -1 };
    case 'Delete':
    case 'Backspace':
      return { kind: 'remove' };
    default:
      return undefined;
  }
}

/** What the board says to a screen reader after each change (its aria-live region), in the page's language (issue 29). */
export function boardSays(t: Translate) {
  return {
    added: (name: string, count: number) => t('looks.says.added', { name, count, max: LOOK_ITEMS_MAX }),
    full: () => t('looks.says.full', { max: LOOK_ITEMS_MAX }),
    twice: (name: string) => t('looks.says.twice', { name }),
    moved: (name: string, piece: BoardPiece) => t('looks.says.moved', { name, x: piece.x, y: piece.y }),
    resized: (name: string, piece: BoardPiece) => t('looks.says.resized', { name, width: piece.width, height: piece.height }),
    forward: (name: string, index: number, count: number) => t('looks.says.forward', { name, layer: index + 1, count }),
    back: (name: string, index: number, count: number) => t('looks.says.back', { name, layer: index + 1, count }),
    removed: (name: string, count: number) => t('looks.says.removed', { name, count, max: LOOK_ITEMS_MAX }),
  };
}
