import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { serializeListingQuery, type ListingState } from '../../../shared/listing/listing-state';
import { useSiteConfig } from '../../app/contexts';
import type { ListingData } from '../../data/listing/listing-data';

/** The listing's state (the loader read it from the URL), and how to go to another state of the same listing. */
export function useListingNav({ path, state }: Pick<ListingData, 'path' | 'state'>) {
  const navigate = useNavigate();
  const { basename } = useSiteConfig();
  /** The address of a state, as a link's href (country prefix included). */
  const href = useCallback((next: ListingState) => `${basename}${path}${serializeListingQuery(next)}`, [basename, path]);
  const go = useCallback(
    (next: ListingState) => {
      void navigate(`${path}${serializeListingQuery(next)}`);
    },
    [navigate, path],
  );
  return { state, href, go };
}

const subscribeNothing = () => () => undefined;

/** False on the server and while hydrating, true once the page runs in a browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** Follows a media query in the browser (false on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => listenToQuery(query, onChange),
    () => matchMedia(query).matches,
    () => false,
  );
}

/**
 * Calls `onChange` with whether `query` matches, each time that changes in the browser; the
 * component is not drawn again by it (useMediaQuery draws with the answer).
 */
export function useMediaQueryChange(query: string, onChange: (matches: boolean) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => listenToQuery(query, () => latest.current(matchMedia(query).matches)), [query]);
}

/** Calls `onChange` each time `query` starts or stops matching; returns what stops it. */
function listenToQuery(query: string, onChange: () => void): () => void {
  const list = matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Spec section 9: mobile layout under 768 px; the desktop sidebar above 992 px. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** The first signs that a shopper is about to move: a pointer over or down, a touch, a key, focus. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Calls `load` once, at the shopper's first sign of moving (INTENT_EVENTS), so code a click
 * will need is on its way before the click; a page nobody touches never fetches it.
 */
export function usePrefetchOnIntent(load: () => Promise<unknown>): void {
  useEffect(() => {
    const start = () => {
      stop();
      void load().catch(() => undefined); // a failed prefetch is tried again by the navigation itself
    };
    const stop = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, start, true));
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, start, { capture: true, passive: true }));
    return stop;
  }, [load]);
}
