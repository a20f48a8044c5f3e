import { createContext, useContext } from 'react';

// The site's stylesheet travels inside the document's head as a <style> element rather than
// as a <link>: an external stylesheet blocks the first paint for a round trip and its download,
// which on a slow mobile link was most of the time before anything showed (ARCHITECTURE.md
// "Performance notes"). The server knows the text (InlineCssContext); the browser does not
// download it again but takes it from the element the server sent, so hydration matches and a
// remounted document (the root error boundary) keeps its styles.

/** The element's id, for the browser to find the server's text. */
export const INLINE_CSS_ID = 'site-css';

/** The stylesheet text, provided on the server only. */
export const InlineCssContext = createContext<string | undefined>(undefined);

let browserCss: string | undefined;

export function useInlineCss(): string {
  const serverCss = useContext(InlineCssContext);
  if (serverCss !== undefined) return serverCss;
  browserCss ??= document.getElementById(INLINE_CSS_ID)?.textContent ?? '';
  return browserCss;
}
