// The edge rule on request text and ids as plain checks (safe-input.ts says why they exist
// and builds the api's zod schemas on them). No zod here: the listing grammar and the forms
// run in the browser too.

/** PostgreSQL's integer (int4) maximum: every serial id is at most this. */
export const ID_MAX = 2 ** 31 - 1;

export const INPUT_MESSAGES = {
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  loneSurrogate: (field: string) => `${field} must not contain broken characters (a lone UTF-16 surrogate)`,
  id: (field: string) => `${field} must be a whole number from 1 to ${ID_MAX}`,
  productRef: (field: string) => `${field} must be a product's id (a whole number from 1 to ${ID_MAX}) or one of its size variants' guid`,
} as const;

// C0 controls and DEL, except tab, line feed and carriage return, which pasted text may carry.
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Which rule `value` breaks as request text; undefined when it can be (the forms word it per language, issue 29). */
export function unsafeTextKind(value: string): 'controlCharacters' | 'loneSurrogate' | undefined {
  if (CONTROL.test(value)) return 'controlCharacters';
  if (LONE_SURROGATE.test(value)) return 'loneSurrogate';
  return undefined;
}

/** Why `value` cannot be request text, naming the field; undefined when it can. */
export function unsafeTextProblem(value: string, field: string): string | undefined {
  const kind = unsafeTextKind(value);
  return kind && INPUT_MESSAGES[kind](field);
}

/** A UUID (size variant guids, public profile ids), in any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
