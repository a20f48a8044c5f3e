import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from '../../../shared/validation/account-fields';
import { say } from '../../../shared/validation/message';
import { useT } from '../../app/i18n';

// A small form state for the account forms: values, the shared rules' messages (spec
// section 5, from shared/validation/account-fields.ts) shown once a field has been changed or
// left, and whether the whole form is valid (Submit stays disabled until it is). The messages
// are worded in the page's language (issue 29).

export type FormValues = Record<string, string>;

/**
 * `validate` gives the first message of each field that has one (formErrors). `initialErrors`
 * is what a post without JavaScript was answered: each field shows that message until it is
 * changed (the passwords typed are not sent back, so the rules alone would call them missing).
 */
export function useForm<V extends FormValues>(validate: (values: V) => FieldErrors, initial: V, initialErrors: FieldErrors = {}) {
  const t = useT();
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<Record<string, boolean>>(() => Object.fromEntries(Object.keys(initialErrors).map((k) => [k, true])));
  const [answered, setAnswered] = useState<FieldErrors>(initialErrors);
  const messages = validate(values);
  const valid = Object.keys(messages).length === 0;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries({ ...messages, ...answered })) if (shown[field]) errors[field] = say(t, message);

  const show = useCallback((field: string) => setShown((s) => (s[field] ? s : { ...s, [field]: true })), []);
  const set = useCallback(
    (field: keyof V & string, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setAnswered((a) => (field in a ? Object.fromEntries(Object.entries(a).filter(([name]) => name !== field)) : a));
      show(field);
    },
    [show],
  );
  /** Props for an input bound to `field`. */
  const bind = (field: keyof V & string) => ({
    name: field,
    value: values[field] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value),
    onBlur: () => show(field),
  });
  const showAll = () => setShown(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
  const reset = (next: V) => {
    setValues(next);
    setShown({});
    setAnswered({});
  };
  return { values, errors, valid, set, bind, showAll, reset };
}
