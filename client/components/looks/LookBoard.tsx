import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatPrice } from '../../../shared/price';
import { BOARD_SIZE } from '../../../shared/validation/look-rules';
import { useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import { boardSays, keyAction, type KeyAction, movePiece, removePiece, reorderPiece, resizePiece, type BoardPiece } from './look-board-rules';

// The Dress Me board: the square of BOARD_SIZE units drawn at whatever width the screen gives
// it (each piece is placed in percentages, so the same look fits a phone and a desktop).
// Pointer events, not mouse events, so a finger drags as a mouse does (touch-action: none on
// the pieces keeps the page from scrolling under the finger). Every pointer action has a key
// (look-board-rules.ts keyAction), and every change is said in the live region. Beside the
// board its pieces are listed by name, brand and price, each with a Remove button: a piece is
// more than a picture and an aria-label, and the list is in the page's HTML (issue 25).

type Props = {
  pieces: readonly BoardPiece[];
  onChange(pieces: BoardPiece[]): void;
  /** The live region's last words (the picker says what it added there too). */
  said: string;
  say(words: string): void;
};

type Drag = { index: number; mode: 'move' | 'resize'; startX: number; startY: number; origin: BoardPiece; scale: number; moved: boolean };

export function LookBoard({ pieces, onChange, said, say }: Props) {
  const board = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const list = useRef<HTMLElement>(null);
  const country = useCountry();
  const t = useT();
  const says = boardSays(t);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const id = useId();
  // The board comes in the page's HTML before its code has arrived; effects run once React
  // answers its pointers and keys (after hydration): the mark tests wait on.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const focusPiece = (index: number) => {
    setFocusIndex(index);
    // After React has drawn the new order, the same piece keeps the focus.
    requestAnimationFrame(() => board.current?.querySelectorAll<HTMLElement>('.look-piece')[index]?.focus());
  };

  const start = (event: PointerEvent<HTMLElement>, index: number, mode: Drag['mode']) => {
    if (event.button !== 0 || !board.current) return;
    event.preventDefault();
    event.stopPropagation();
    const piece = pieces[index];
    if (!piece) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { index, mode, startX: event.clientX, startY: event.clientY, origin: piece, scale: BOARD_SIZE / board.current.getBoundingClientRect().width, moved: false };
    setFocusIndex(index);
  };

  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) * current.scale;
    const dy = (event.clientY - current.startY) * current.scale;
    current.moved = true;
    onChange(
      current.mode === 'move'
        ? movePiece(pieces, current.index, current.origin.x + dx, current.origin.y + dy)
        : resizePiece(pieces, current.index, current.origin.width + dx, current.origin.height + dy),
    );
  };

  const end = () => {
    const current = drag.current;
    drag.current = null;
    const piece = current && pieces[current.index];
    if (!current?.moved || !piece) return;
    say(current.mode === 'move' ? says.moved(piece.name, piece) : says.resized(piece.name, piece));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const action = keyAction(event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    apply(action, index, true);
  };

  /** One change to one piece, from a key or from the toolbar; `refocus` keeps the focus on the piece. */
  const apply = (action: KeyAction, index: number, refocus: boolean) => {
    const piece = pieces[index];
    if (!piece) return;
    switch (action.kind) {
      case 'move': {
        const next = movePiece(pieces, index, piece.x + action.dx, piece.y + action.dy);
        onChange(next);
        say(says.moved(piece.name, next[index]!));
        break;
      }
      case 'resize': {
        const next = resizePiece(pieces, index, piece.width + action.delta, piece.height + action.delta);
        onChange(next);
        say(says.resized(piece.name, next[index]!));
        break;
      }
      case 'order': {
        const next = reorderPiece(pieces, index, action.direction);
        onChange(next.pieces);
        say((action.direction === 1 ? says.forward : says.back)(piece.name, next.index, pieces.length));
        if (refocus) focusPiece(next.index);
        else setFocusIndex(next.index);
        break;
      }
      case 'remove': {
        const next = removePiece(pieces, index);
        onChange(next);
        say(says.removed(piece.name, next.length));
        if (next.length > 0 && refocus) focusPiece(Math.min(index, next.length - 1));
        else setFocusIndex(null);
        break;
      }
    }
  };

  /**
   * Remove from the list: the focus goes to the next piece's Remove button, or to the list's
   * heading once none is left, once React has drawn the list without it (an animation frame
   * could come first on a busy machine, and the focus was lost with the removed button).
   */
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>('.look-board-piece-remove');
    (buttons?.[Math.min(index, buttons.length - 1)] ?? list.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [pieces]);
  const removeListed = (index: number) => {
    focusAfterRemove.current = index;
    apply({ kind: 'remove' }, index, false);
  };

  const activeIndex = focusIndex ?? -1;
  const active = pieces[activeIndex];
  const pct = (units: number) => `${units / (BOARD_SIZE / 100)}%`;

  return (
    <div className="look-board-wrap">
      <p id={`${id}-help`} className="look-board-help">
        {t('looks.board.help')}
      </p>
      <div ref={board} className="look-board" role="group" aria-label={t('looks.board.label')} data-pieces={pieces.length} data-ready={ready || undefined}>
        {pieces.length === 0 && <p className="look-board-empty">{t('looks.board.empty')}</p>}
        {pieces.map((piece, index) => (
          <div
            key={piece.guid}
            className={focusIndex === index ? 'look-piece is-active' : 'look-piece'}
            role="button"
            tabIndex={0}
            aria-roledescription={t('looks.board.pieceRole')}
            aria-label={t('looks.board.piece', { name: piece.name, layer: index + 1, count: pieces.length })}
            aria-describedby={`${id}-help`}
            data-guid={piece.guid}
            data-x={piece.x}
            data-y={piece.y}
            data-width={piece.width}
            data-height={piece.height}
            style={{ left: pct(piece.x), top: pct(piece.y), width: pct(piece.width), height: pct(piece.height), zIndex: index + 1 }}
            onPointerDown={(event) => start(event, index, 'move')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            onKeyDown={(event) => onKeyDown(event, index)}
            onFocus={() => setFocusIndex(index)}
          >
            <img src={piece.image} alt="" draggable={false} />
            <span
              className="look-piece-handle"
              aria-hidden="true"
              onPointerDown={(event) => start(event, index, 'resize')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
            />
          </div>
        ))}
      </div>
      {active && (
        <div className="look-board-tools" role="toolbar" aria-label={t('looks.board.arrange', { name: active.name })}>
          <button type="button" className="button button-secondary" onClick={() => apply({ kind: 'order', direction: 1 }, activeIndex, false)}>
            {t('looks.board.forward')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => apply({ kind: 'order', direction: -1 }, activeIndex, false)}>
            {t('looks.board.back')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => apply({ kind: 'remove' }, activeIndex, false)}>
            {t('looks.board.remove')}
          </button>
        </div>
      )}
      <section ref={list} className="look-board-pieces" aria-labelledby={`${id}-pieces`}>
        <h2 id={`${id}-pieces`} tabIndex={-1}>
          {t('looks.board.onBoard', { count: pieces.length })}
        </h2>
        {pieces.length > 0 && (
          <ul>
            {pieces.map((piece, index) => (
              <li key={piece.guid}>
                <span className="look-board-piece-name">{piece.name}</span>
                {piece.brand && <span className="look-board-piece-brand">{piece.brand}</span>}
                {piece.price !== null && <span className="look-board-piece-price">{formatPrice(piece.price, { locale: country.locale, info: country.currencyInfo })}</span>}
                <button type="button" className="button button-secondary look-board-piece-remove" aria-label={t('looks.board.removePiece', { name: piece.name })} onClick={() => removeListed(index)}>
                  {t('looks.board.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="visually-hidden" aria-live="polite" role="status">
        {said}
      </p>
    </div>
  );
}
