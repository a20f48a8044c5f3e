import { createElement, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import type { LazyPart } from './lazy-part';

// A part below the fold whose code need not run for the first screen (issue 31: the first
// load's main-thread work; issue 29: the landing pages' JavaScript): hydration leaves the
// server's HTML of its element as it is, untouched by React (an element whose inner HTML React
// does not own), and the part's code is fetched and drawn in its place only when the shopper
// comes near it: scrolled within half a screen of it (before a pointer or a finger can reach
// it), or focus moving in (a keyboard's jump; focus is put back on the same control). Until
// then it is the page without JavaScript: its links and forms work as they do there. A navigation draws it too, since what it shows may
// depend on the page (the footer's share links, a product's price history), and its props
// meanwhile are not drawn. Rendered in the browser after hydration (an error page's shell, the
// next product), it is drawn at once. Render it inside a <Suspense>.

type Props<P extends object> = {
  part: LazyPart<P>;
  /** What the part is drawn with. */
  props: P;
  /** The element the part draws inside, and its attributes: the server's and the browser's alike. */
  tag: 'footer' | 'section';
  attributes: { className: string; 'aria-labelledby'?: string };
};

const subscribeToNothing = () => () => undefined;
const notHydrating = () => false;
const isHydrating = () => true;

const CONTROLS = 'a[href], button, input, select, textarea, summary';

export function DeferredPart<P extends object>({ part, props, tag, attributes }: Props<P>): ReactElement {
  // React reads a store's server snapshot while it hydrates (a boundary hydrated late too), its own after.
  const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, isHydrating);
  const [live, setLive] = useState(() => typeof document === 'undefined' || !hydrating);
  const host = useRef<HTMLElement>(null);
  /** The control focus went to when it woke the part, by its place among the controls; -1: none. */
  const focusAt = useRef(-1);
  const path = useLocation().pathname;
  const firstPath = useRef(path);

  useEffect(() => {
    const element = host.current!;
    if (live) return;
    const wake = (event?: Event) => {
      stop();
      if (event?.type === 'focusin') focusAt.current = [...element.querySelectorAll(CONTROLS)].indexOf(event.target as Element);
      // A chunk that did not come is asked for again on the next sign of the shopper.
      part.preload().then(() => setLive(true), listen);
    };
    const observer = new IntersectionObserver((entries) => entries[0]!.isIntersecting && wake(), { rootMargin: '50% 0px' });
    const listen = () => {
      observer.observe(element);
      element.addEventListener('focusin', wake);
    };
    const stop = () => {
      observer.disconnect();
      element.removeEventListener('focusin', wake);
    };
    if (path === firstPath.current) listen();
    else wake();
    return stop;
  }, [live, part, path]);

  useLayoutEffect(() => {
    if (!live) return;
    host.current!.querySelectorAll<HTMLElement>(CONTROLS)[focusAt.current]?.focus();
    // Drawn: what tests wait for before they use it.
    host.current!.dataset.drawn = '';
  }, [live]);

  if (live) return createElement(tag, { ...attributes, ref: host }, createElement(part, props));
  // The server's children stay: React neither hydrates nor replaces an element's inner HTML it was given as ''.
  return createElement(tag, { ...attributes, ref: host, dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true });
}
