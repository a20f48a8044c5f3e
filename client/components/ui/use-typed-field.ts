import { useState } from 'react';

/**
 * A dialog field's text and whether its message shows yet: the dialogs check as the shopper
 * types, so a message waits for the first edit (or, where the field passes `touch` as its
 * onBlur, for leaving it).
 */
export function useTypedField(initial: string) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  /** A new text, typed or filled in: the field counts as touched. */
  const set = (next: string) => {
    setValue(next);
    setTouched(true);
  };
  return {
    value,
    touched,
    set,
    touch: () => setTouched(true),
    /**
     * What a FormField takes from the field: its text, its message once touched (announced as
     * an alert), and the edits. A field whose message waits for leaving it adds `onBlur={touch}`.
     */
    props: (problem: string | undefined) => ({
      value,
      error: touched ? problem : undefined,
      alert: true,
      onChange: (event: { target: { value: string } }) => set(event.target.value),
    }),
  };
}
