import { useState } from 'react';

/**
 * A dialog field's text and whether its message shows yet: the dialogs check as the shopper
 * types, so a message waits for the first edit (or, where the field passes `touch` as its
 * onBlur, for leaving it).
 */
export function useTypedField(initial: string) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  return {
    value,
    touched,
    /** A new text, typed or filled in: the field counts as touched. */
    set(next: string) {
      setValue(next);
      setTouched(true);
    },
    touch: () => setTouched(true),
  };
}
