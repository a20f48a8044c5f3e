import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { MessageId } from './message-ids';

// One Lingui instance per page (decision 0080): made per request on the servers, once per page
// load in the browser. Messages arrive compiled (server/lib/catalogs.ts compiles them with
// Lingui's own compiler), so no ICU parser ships to the browser.

/** A catalogue as Lingui runs it: id → compiled ICU message. */
export type CompiledCatalog = Messages;

/** Values a message interpolates: `{count}`, `{price}`, … */
export type MessageValues = Record<string, unknown>;

/** Formats a message of the site's language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

export type Translator = {
  i18n: I18n;
  locale: string;
  t: Translate;
};

/**
 * A translator for a locale (fr-CA) over its language's compiled messages. A message the
 * catalogue lacks shows its id: the build refuses a catalogue with a missing id, so a page
 * showing one is a bug the page tests catch. `onUse` hears every id a render asks for (the
 * server sends the first page's messages inside its HTML).
 */
export function createTranslator(locale: string, messages: CompiledCatalog, onUse?: (id: string) => void): Translator {
  const i18n = setupI18n({ locale, messages: { [locale]: messages }, missing: (_locale, id) => id });
  if (onUse) {
    const format = i18n._.bind(i18n) as (id: unknown, values?: MessageValues, options?: unknown) => string;
    const tracked = ((id: string | { id: string }, values?: MessageValues, options?: unknown) => {
      onUse(typeof id === 'string' ? id : id.id);
      return format(id, values, options);
    }) as I18n['_'];
    // `t` is Lingui's bound alias of `_` (what useLingui hands out): both hear.
    i18n._ = tracked;
    i18n.t = tracked;
  }
  return { i18n, locale, t: (id, values) => i18n._(id, values) };
}
