// What Intl answered the server's render of a page, sent with it (issue 31). The first Intl
// object a browser's renderer makes costs 18-34 ms of its main thread (ICU's data, once per
// renderer: docs/performance.md), and hydration formats a page's prices and messages again.
// So a whole page's render keeps each formatter's answers, the payload carries them, and the
// browser's formatters answer from them before making an Intl object of their own: the text
// is Intl's either way (issue 29), made once, on the server, and hydration matches it.

/**
 * The answers, by formatter (a key naming its locale and options), then by the value asked;
 * `0` for an answer that is the value as written (`"88.99":0`, English prices: a listing's
 * payload stays under its 15 %).
 */
export type IntlAnswers = Record<string, Record<string, string | 0>>;

let recording: IntlAnswers | undefined;
let known: IntlAnswers | undefined;
// Each formatter's Intl object, made the first time one is asked what the page's answers lack.
const made = new Map<string, unknown>();

/**
 * What the formatter named `formatter` (an Intl object `make` makes once, when first needed)
 * answers for `value` (`answer`), from the page's answers when they have it.
 */
export function intlAnswer<F>(formatter: string, value: number | string, make: () => F, answer: (made: F) => string): string {
  let text = known?.[formatter]?.[value];
  if (text === 0) text = String(value);
  else if (text === undefined) {
    let intl = made.get(formatter) as F | undefined;
    if (!intl) made.set(formatter, (intl = make()));
    text = answer(intl);
  }
  if (recording) (recording[formatter] ??= {})[value] = text === String(value) ? 0 : text;
  return text;
}

/** Whether a render's answers are being kept (the server's whole-page render). */
export function recordingIntlAnswers(): boolean {
  return recording !== undefined;
}

/** Runs a synchronous render and returns it with what Intl answered during it (none: `{}`). */
export function recordIntlAnswers<T>(render: () => T): { result: T; answers: IntlAnswers } {
  const outer = recording;
  const answers: IntlAnswers = (recording = {});
  try {
    return { result: render(), answers };
  } finally {
    recording = outer;
  }
}

/** The browser takes the page's answers (replacing any before). */
export function takeIntlAnswers(answers: IntlAnswers | undefined): void {
  known = answers;
}
