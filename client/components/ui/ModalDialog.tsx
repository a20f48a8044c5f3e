import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../app/i18n';

// The frame the Wishlist and Alert dialogs share (spec section 9 "Modal config: no keyboard
// close, backdrop, backdrop click ignored"): a <dialog> shown modal as it mounts, closed as it
// unmounts. Escape and a backdrop click leave it open (a modal <dialog> closes only by the
// Escape key's cancel event, which is refused here); Tab goes round its own controls, so focus
// stays inside. The dialog's Close button, which every dialog has, is the way out.

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

type Props = {
  className: string;
  /** The id of the dialog's heading (its accessible name). */
  labelledBy: string;
  children: ReactNode;
  /** Extra data-* attributes a dialog exposes to its tests and styles. */
  data?: Readonly<Record<`data-${string}`, string>>;
};

export function ModalDialog({ className, labelledBy, children, data }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  // Tab from the last control goes to the first, Shift+Tab the other way.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog ref={dialog} className={`modal ${className}`} aria-labelledby={labelledBy} onCancel={(event) => event.preventDefault()} onKeyDown={onKeyDown} {...data}>
      {children}
    </dialog>
  );
}

/** A dialog form's buttons: Close, always there, and its submit, which waits for a valid form and one request at a time. */
export function DialogActions({ onClose, submit, disabled }: { onClose(): void; submit: string; disabled: boolean }) {
  const t = useT();
  return (
    <div className="modal-actions">
      <button type="button" className="button button-secondary" onClick={onClose}>
        {t('common.close')}
      </button>
      <button type="submit" className="button" disabled={disabled}>
        {submit}
      </button>
    </div>
  );
}
