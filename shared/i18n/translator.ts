import { setupI18n, type Messages } from '@lingui/core';
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
export type Translate = (id: MessageId, values?: MessageValues) => string;

export type Translator = {
  locale: string;
  t: Translate;
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
  return {
    locale,
    messages,
    t: (id, values) => {
      onUse?.(id);
      return i18n._(id, values);
    },
  };
}
