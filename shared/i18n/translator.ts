import { setupI18n, type Messages } from '@lingui/core';
import { formatCompiled } from './compiled-format';
import { recordingIntlAnswers } from './intl-answers';
import type { MessageId } from './message-ids';

// One translator per page (decision 0080): made per request on the servers, where Lingui formats
// the messages, and once per page load in the browser (client/app/i18n.tsx browserTranslator).
// Messages arrive compiled (server/lib/catalogs.ts compiles them with Lingui's own compiler), so
// no ICU parser ships to the browser.

/** A catalogue as Lingui runs it: id → compiled ICU message. */
export type CompiledCatalog = Messages;

/** Values a message interpolates: `{count}`, `{price}`, … */
export type MessageValues = Record<string, unknown>;

/** Formats a message of the site's language. */
export type Translate = {
  (id: MessageId, values?: MessageValues): string;
  /**
   * A name of a family built from data (`taxonomy.category.<slug>`, dynamic-messages.ts), or
   * the data's own name where the catalogue lacks it. A name the catalogue words as the data
   * does is not sent with the page (the browser has the data's name): most of an English page's.
   */
  named(id: string, fallback: string): string;
};

export type Translator = {
  locale: string;
  t: Translate;
  /**
   * On the server, `t` that does not tell `onUse`: what parts loaded on demand say (lazy-part.ts),
   * since the browser draws them only once the whole catalogue has come.
   */
  unrecorded?: Translate;
  /** The messages it formats, by id (what the server sends of them with a page). */
  messages: CompiledCatalog;
};

/**
 * A translator for a locale (fr-CA) over its language's compiled messages, formatted by Lingui.
 * A message the catalogue lacks shows its id: the build refuses a catalogue with a missing id,
 * so a page showing one is a bug the page tests catch. `onUse` hears every id a render asks
 * for (the server sends the first page's messages inside its HTML).
 */
export function createTranslator(locale: string, messages: CompiledCatalog, onUse?: (id: string) => void): Translator {
  const i18n = setupI18n({ locale, messages: { [locale]: messages }, missing: (_locale, id) => id });
  const translate = (record: typeof onUse): Translate => {
    const t: Translate = (id, values) => {
      record?.(id);
      // A whole page's render keeps what Intl answers the browser's formatter of this message
      // (intl-answers.ts): the browser then hydrates it without an Intl object of its own.
      if (values && recordingIntlAnswers() && messages[id] !== undefined) formatCompiled(messages[id], locale, values);
      return i18n._(id, values);
    };
    t.named = (id, fallback) => {
      const name = i18n._(id);
      if (name === id) return fallback;
      if (name !== fallback) record?.(id);
      return name;
    };
    return t;
  };
  return { locale, messages, t: translate(onUse), unrecorded: translate(undefined) };
}
