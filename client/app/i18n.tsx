import { Fragment, cloneElement, createContext, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { formatCompiled } from '../../shared/i18n/compiled-format';
import type { MessageId } from '../../shared/i18n/message-ids';
import type { CompiledCatalog, MessageValues, Translate, Translator } from '../../shared/i18n/translator';

// What components say, in the page's language (decision 0080): `useT()` formats a message
// to a string, `<T>` one with elements inside (links, emphasis). The server renders with
// Lingui (shared/i18n/translator.ts); the browser formats the same compiled messages itself
// (shared/i18n/compiled-format.ts). The first page's messages come inside the server's HTML;
// the whole catalogue of the language is fetched once, when the browser is idle after
// hydrating, before any navigation's loaders or on-demand part need it.

const TranslatorContext = createContext<Translator | null>(null);

/**
 * Gives the tree below its page's translator. In the browser, a part drawn before the whole
 * catalogue came may have asked for a message the first page did not carry (and shown its id):
 * when the catalogue comes, the tree is drawn again, once, only then.
 */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }): ReactElement {
  const [value, setValue] = useState(translator);
  useEffect(() => {
    setValue(translator);
    const redraw = () => setValue({ ...translator });
    redraws.add(redraw);
    return () => void redraws.delete(redraw);
  }, [translator]);
  return <TranslatorContext.Provider value={value}>{children}</TranslatorContext.Provider>;
}

/**
 * The messages asked for before the whole catalogue came, with the data's own name shown for a
 * `named` one (0 for any other: its id was shown); who draws again when it comes, if any of
 * them reads otherwise in it.
 */
const missed = new Map<string, string | 0>();
let missedLocale = '';
const redraws = new Set<() => void>();

/**
 * What is said below is not sent with the page (the server's `unrecorded`): a part loaded on
 * demand, which the browser draws only with the whole catalogue (lazy-part.ts).
 */
export function Unrecorded({ children }: { children: ReactNode }): ReactElement {
  const translator = useTranslator();
  return <TranslatorContext.Provider value={translator.unrecorded ? { ...translator, t: translator.unrecorded } : translator}>{children}</TranslatorContext.Provider>;
}

function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('TranslatorProvider is missing');
  return translator;
}

/** The page language's messages as a function: `t('shell.search.label')`. */
export function useT(): Translate {
  return useTranslator().t;
}

/** The page's locale (fr-CA, zh-HK): what every Intl formatter is given. */
export function useLocale(): string {
  return useTranslator().locale;
}

/** The browser's translator over `messages`, which may grow (catalogReady) without a re-render. */
export function browserTranslator(locale: string, messages: CompiledCatalog): Translator {
  missedLocale = locale;
  const miss = (id: string, shown: string | 0) => {
    missed.set(id, shown);
    void catalogReady().catch(() => undefined);
    return shown || id;
  };
  const t: Translate = (id, values) => {
    const message = messages[id];
    return message === undefined ? miss(id, 0) : formatCompiled(message, locale, values);
  };
  t.named = (id, fallback) => {
    const message = messages[id];
    return message === undefined ? miss(id, fallback) : formatCompiled(message, locale);
  };
  return { locale, messages, t };
}

type TProps = { id: MessageId; values?: MessageValues; components: Record<number, ReactElement<{ children?: ReactNode }>> };

// "<0>text</0>" or "<1/>" in a formatted message: the element of that number, with the text
// inside. Lingui's own <Trans> does this and more (nesting) for 0.85 KiB of every page's
// JavaScript; our messages never nest elements.
const ELEMENT = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/g;

/** A message with elements in it: `<T id="…" components={{ 0: <a href="…" /> }} />` for "<0>…</0>" in the message. */
export function T({ id, values, components }: TProps): ReactElement {
  const text = useT()(id, values);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(ELEMENT)) {
    parts.push(text.slice(at, match.index));
    const element = components[Number(match[1] ?? match[3])];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2] ?? element.props.children) : (match[2] ?? ''));
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}

/**
 * A part's module loaded with the whole catalogue: what it says was not among the first page's
 * messages. (A failed catalogue fetch does not hold the part back: it says ids until a retry.)
 */
export function withCatalog<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, catalogReady().catch(() => undefined)]).then(([loaded]) => loaded);
}

let whole: Promise<void> | undefined;
let target: CompiledCatalog | undefined;
let catalogUrl: string | undefined;

/** Set by entry.client: the object the page's translator reads from, and where the rest are. */
export function setCatalog(messages: CompiledCatalog, url: string): void {
  target = messages;
  catalogUrl = url;
}

/**
 * The language's whole catalogue, fetched once (immutable, content-hashed) and added to the
 * messages the translator already reads: no re-render, since nothing on the page changes.
 * Resolves at once on the server and when there is nothing to fetch.
 */
export function catalogReady(): Promise<void> {
  if (!target || !catalogUrl) return Promise.resolve();
  const into = target;
  whole ??= fetch(catalogUrl, { credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<CompiledCatalog>) : Promise.reject(new Error(`catalogue ${res.status}`))))
    .then((messages) => {
      Object.assign(into, messages);
      const changed = [...missed].some(([id, shown]) => messages[id] !== undefined && (shown === 0 || formatCompiled(messages[id], missedLocale) !== shown));
      missed.clear();
      if (changed) for (const redraw of redraws) redraw();
    })
    // A failed fetch is tried again by the next caller; the page keeps working meanwhile.
    .catch((error: unknown) => {
      whole = undefined;
      throw error;
    });
  return whole;
}
