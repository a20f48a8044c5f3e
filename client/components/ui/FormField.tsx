import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';

type Props = {
  id: string;
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  /** The message is announced as it appears (the dialogs check while the shopper types). */
  alert?: boolean;
  /** What follows the message inside the field (a suggested value to use). */
  children?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'autoFocus' | 'required' | 'disabled'>;

/** A labelled input with its message underneath (spec section 5 messages, as given). */
export function FormField({ id, label, error, alert, children, type = 'text', ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="field-error" role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** An answer from the api that belongs to the whole form (wrong password, taken e-mail …). */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
