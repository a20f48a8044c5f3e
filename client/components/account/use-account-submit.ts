import { useState } from 'react';
import { useBusy } from '../../app/busy';
import { failureText, useNotify } from '../../app/notices';

/**
 * One account form's submission: one request at a time under the loader overlay; a failure
 * is shown as an error notice (spec section 8) and kept under the form, since notices go
 * after a second. `formError` starts with what a form post without JavaScript answered.
 */
export function useAccountSubmit(initialError?: string) {
  const [formError, setFormError] = useState(initialError);
  const [sending, setSending] = useState(false);
  const notify = useNotify();
  const track = useBusy();

  /** Runs `work` unless a submission is under way; `onFailed` runs after a failure is shown. */
  const run = async (work: () => Promise<void>, onFailed?: () => void): Promise<void> => {
    if (sending) return;
    setSending(true);
    setFormError(undefined);
    try {
      await track(work());
    } catch (error) {
      const message = failureText(error);
      notify('error', message);
      setFormError(message);
      onFailed?.();
    } finally {
      setSending(false);
    }
  };

  return { formError, setFormError, sending, run, notify };
}
