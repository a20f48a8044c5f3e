import { useCallback, useState, type ChangeEvent } from 'react';
import type { ZodType } from 'zod';
import { fieldMessages } from '../../../shared/validation/account-rules';

// A small form state for the account forms: values, the shared schema's messages (spec
// section 5, from shared/validation/account-rules.ts) shown once a field has been changed or
// left, and whether the whole form is valid (Submit stays disabled until it is).

export type FormValues = Record<string, string>;

export function useForm<V extends FormValues>(schema: ZodType, initial: V, initialErrors: Record<string, string> = {}) {
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<Record<string, boolean>>(() => Object.fromEntries(Object.keys(initialErrors).map((k) => [k, true])));
  const parsed = schema.safeParse(values);
  const messages = parsed.success ? {} : fieldMessages(parsed.error);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(messages)) if (shown[field]) errors[field] = message;

  const show = useCallback((field: string) => setShown((s) => (s[field] ? s : { ...s, [field]: true })), []);
  const set = useCallback(
    (field: keyof V & string, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
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
  };
  return { values, errors, valid: parsed.success, set, bind, showAll, reset };
}
