import { useId, useState, type FormEvent } from 'react';
import { isValidEmail } from '../../../shared/validation/email';
import { useBusy } from '../../app/busy';
import { useT } from '../../app/i18n';
import { failureText, useNotify } from '../../app/notices';
import { useCountry } from '../../app/site-hooks';
import { subscribe, type SubscribeSource } from '../../data/subscription/subscribe';

// One e-mail sign-up form, used by the footer newsletter and the mailing-list dialog
// (spec section 5: the pattern, no whitespace; Subscribe disabled when empty or invalid;
// the field cleared after success). Each place shows its own message.
type Props = {
  source: SubscribeSource;
  invalidMessage: string;
  label: string;
  onSubscribed?: () => void;
};

export function EmailSignup({ source, invalidMessage, label, onSubscribed }: Props) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const notify = useNotify();
  const track = useBusy();
  const { code } = useCountry();
  const id = useId();
  const t = useT();
  const valid = isValidEmail(email);
  const showError = email !== '' && !valid;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    try {
      const message = await track(subscribe(email, source, code));
      setEmail('');
      notify('success', message);
      onSubscribed?.();
    } catch (error) {
      notify('error', failureText(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="email-signup" noValidate onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <div className="email-signup-row">
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={showError}
          aria-describedby={showError ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value.replace(/\s/g, ''))}
        />
        <button type="submit" className="button button-primary" disabled={!valid || sending}>
          {t('shell.signup.subscribe')}
        </button>
      </div>
      {showError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {invalidMessage}
        </p>
      )}
    </form>
  );
}
