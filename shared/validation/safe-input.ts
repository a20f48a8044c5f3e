import { z } from 'zod';

// The edge rule every schema that reads request input applies (api params, queries and
// bodies; the account forms; the listing grammar's free text). Two kinds of input reached
// PostgreSQL and made it fail instead of the caller: text with a NUL (PostgreSQL text cannot
// hold one: "invalid byte sequence for encoding UTF8: 0x00") and ids above its integer range
// ("value out of range for type integer"). Both are the caller's mistake, so both are a 400
// naming the field, decided here before any handler runs. Lone surrogates (half of a UTF-16
// pair, possible in JSON as "\ud800") are refused too: written out they become U+FFFD, so
// what we stored would not be what was sent.

/** PostgreSQL's integer (int4) maximum: every serial id is at most this. */
export const ID_MAX = 2 ** 31 - 1;

export const INPUT_MESSAGES = {
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  loneSurrogate: (field: string) => `${field} must not contain broken characters (a lone UTF-16 surrogate)`,
  id: (field: string) => `${field} must be a whole number from 1 to ${ID_MAX}`,
} as const;

// C0 controls and DEL, except tab, line feed and carriage return, which pasted text may carry.
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be request text, naming the field; undefined when it can. */
export function unsafeTextProblem(value: string, field: string): string | undefined {
  if (CONTROL.test(value)) return INPUT_MESSAGES.controlCharacters(field);
  if (LONE_SURROGATE.test(value)) return INPUT_MESSAGES.loneSurrogate(field);
  return undefined;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * Request text: a string with no control characters and no lone surrogates. `params` words
 * the answer to a missing or non-string value (forms word it their own way); chain length
 * and pattern rules after it. The check stops the rest, so a NUL is reported alone.
 */
export function safeText(field: string, params?: StringParams) {
  const typed = params ?? { error: (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) };
  return z.string(typed).check((ctx) => {
    const problem = unsafeTextProblem(ctx.value, field);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, continue: false });
  });
}

/**
 * An id as a path parameter ("42") or a JSON number (42): a whole number from 1 to ID_MAX,
 * anything else (0, -1, 1.5, 1e3 as text, 2147483648, "abc") a 400 naming the field.
 */
export function entityId(field: string) {
  const message = INPUT_MESSAGES.id(field);
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > ID_MAX) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
}

/** A UUID (size variant guids, public profile ids), in any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is a UUID: anything else is a 400 with `message` before PostgreSQL casts it. */
export function uuidId(field: string, message: string) {
  return safeText(field).regex(UUID_PATTERN, message);
}
