import { useCallback, useEffect, useEffectEvent, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useNavigation, useNavigationType } from 'react-router';
import { MAX_RESULT_WINDOW } from '../../../shared/constants';
import { serializeListingQuery, type ListingState } from '../../../shared/listing/listing-state';
import { setPage } from '../../../shared/listing/transitions';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { ProductCard } from './ProductCard';
import { loadMoreCards } from '../../data/listing/listing-calls';
import { sitePageCount, type ListingData } from '../../data/listing/listing-data';
import type { CardProduct } from './product-card-rules';

// The product grid with infinite scroll (spec section 4: scrolling within 0.2 of the end loads
// the next page, two sub-pages per step, unless in error) and real ?page=n links either side,
// so people without JavaScript and crawlers page too. What scrolling loaded, and where the
// shopper was, are kept per history entry: the back button returns to the same place.

/** Spec section 9: infinite scroll distance 0.2. */
export const SCROLL_DISTANCE = 0.2;
/** Cards in the first row load eagerly; the rest lazily (docs/performance.md "What was learned"). */
const EAGER_CARDS = 4;

type Loaded = { key: string; page: number; products: CardProduct[] };
type Saved = { page: number; products: CardProduct[]; at: number };
/** What scrolling loaded is restored for half an hour. */
const SAVED_FOR_MS = 30 * 60 * 1000;
/** Frames a restored place must hold still before it is let go (see restorePlace). */
const SETTLED_FRAMES = 10;

const storageKey = (key: string) => `vitrine:listing:${key}`;

function readSaved(key: string): { saved: Saved | null; place: string | null } {
  try {
    const raw = sessionStorage.getItem(storageKey(key));
    const saved = raw ? (JSON.parse(raw) as Saved) : null;
    const fresh = saved && Date.now() - saved.at < SAVED_FOR_MS ? saved : null;
    return { saved: fresh, place: sessionStorage.getItem(`${storageKey(key)}:y`) };
  } catch {
    return { saved: null, place: null };
  }
}

/** The page's scroll, in whole pixels. */
const scrolled = () => String(Math.round(window.scrollY));

/**
 * Where the shopper is, as "y index top": the page's scroll, and the card at the top of the
 * screen (the first whose bottom is below the screen's top, found by halving, since the cards
 * are in order) with its top. The cards out of sight stand in at a height of their own until
 * drawn (content-visibility, issue 31), so in a list drawn anew the same pixel is elsewhere:
 * the place is restored by the card, and by the pixel only when there is no such card.
 */
function placeOf(grid: HTMLElement | null): string {
  const cards = grid?.children ?? [];
  let low = 0;
  let high = cards.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cards[mid]!.getBoundingClientRect().bottom > 0) high = mid;
    else low = mid + 1;
  }
  const top = cards[low]?.getBoundingClientRect().top;
  return top === undefined ? scrolled() : `${scrolled()} ${low} ${Math.round(top)}`;
}

/** What the shopper does to scroll, which ends a restore's settling. */
const SHOPPER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

/**
 * Restores the place, and holds the card there while the cards near it are drawn: they stand
 * in at their own height until then, a frame or two after the scroll, and the browser's scroll
 * anchoring does not always make up for it (one run in five under load was 43 px off). Held
 * until the page has not had to move for SETTLED_FRAMES frames, or the shopper scrolls.
 */
function restorePlace(grid: HTMLElement | null, place: string): void {
  const [y, index, top] = place.split(' ').map(Number);
  const card = index === undefined ? undefined : grid?.children[index];
  if (!card) {
    window.scrollTo(0, y!);
    return;
  }
  let still = 0;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of SHOPPER_INPUT) window.removeEventListener(type, stop);
  };
  const hold = () => {
    const before = window.scrollY;
    window.scrollTo(0, before + card.getBoundingClientRect().top - top!);
    still = Math.abs(window.scrollY - before) < 1 ? still + 1 : 0;
    if (still < SETTLED_FRAMES && card.isConnected) frame = requestAnimationFrame(hold);
    else stop();
  };
  for (const type of SHOPPER_INPUT) window.addEventListener(type, stop, { passive: true });
  hold();
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // A full or disabled storage only costs the restored position.
  }
}

export function ListingResults({ data, state, path }: { data: ListingData; state: ListingState; path: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const { basename } = useSiteConfig();
  const t = useT();
  const initial = data.pages.flatMap((p) => p.products);
  const total = data.pages[0]?.totalCount ?? 0;
  const reachable = Math.min(total, MAX_RESULT_WINDOW);
  const lastPage = sitePageCount(total, data.perPage);

  const [loaded, setLoaded] = useState<Loaded>({ key: location.key, page: state.page, products: [] });
  const extra = loaded.key === location.key ? loaded : { key: location.key, page: state.page, products: [] };
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const products = extra.products.length ? [...initial, ...extra.products] : initial;
  const hasMore = extra.page < lastPage && products.length < reachable;

  const loadMore = useCallback(async () => {
    if (status === 'loading' || !hasMore) return;
    setStatus('loading');
    try {
      const more = await loadMoreCards(data, extra.page + 1);
      const next: Loaded = { key: location.key, page: extra.page + 1, products: [...extra.products, ...more] };
      setLoaded(next);
      write(storageKey(`${location.key}:${location.pathname}${location.search}`), JSON.stringify({ page: next.page, products: next.products, at: Date.now() } satisfies Saved));
      setStatus('idle');
    } catch {
      // Spec section 8: loading stops; the retry block offers to load them again.
      setStatus('error');
    }
  }, [status, hasMore, data, extra.page, extra.products, location.key, location.pathname, location.search]);

  // Infinite scroll: the next page loads whenever the end of the grid (a sentinel after it) is
  // at or above 0.2 of a screen below the viewport. An IntersectionObserver is not enough: a
  // jump (End, a scroll past the long footer) carries the sentinel from below the screen to
  // above it in one step, and it never intersects. So its place is read on every scroll and
  // resize (once a frame), and at once whenever loading may go on (a new page may still leave
  // the end on screen).
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  latest.current = loadMore;
  const canScroll = status === 'idle' && hasMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canScroll) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (node.getBoundingClientRect().top <= window.innerHeight * (1 + SCROLL_DISTANCE)) void latest.current();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [canScroll, extra.page]);

  // Back and forward (and reloads) come back to what was loaded and where the shopper was;
  // a new listing starts at the top. Entries are per history entry and address (the entry a
  // visit lands on is keyed 'default'), and go stale after a while.
  const entry = `${location.key}:${location.pathname}${location.search}`;
  /** Where to scroll once the restored page is on screen. */
  const pendingScroll = useRef<{ place: string; page: number } | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  // Reads the navigation as it is when the history entry changes; runs only then.
  const arrive = useEffectEvent((at: string) => {
    setStatus('idle');
    if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
      return;
    }
    const { saved, place } = readSaved(at);
    if (saved && saved.page > state.page) {
      pendingScroll.current = place === null ? null : { place, page: saved.page };
      setLoaded({ key: location.key, page: saved.page, products: saved.products });
    } else if (place !== null) {
      restorePlace(grid.current, place);
    }
  });
  useEffect(() => arrive(entry), [entry]);
  useEffect(() => {
    const pending = pendingScroll.current;
    if (!pending || loaded.page !== pending.page) return;
    restorePlace(grid.current, pending.place);
    pendingScroll.current = null;
  }, [loaded]);
  useEffect(() => {
    // The place is read at every scroll event and written a moment later, and again when
    // the page goes: by then the next page may already have changed the document's height.
    // Not read off the cards here: that would lay the page out as it hydrates.
    let place = scrolled();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => write(`${storageKey(entry)}:y`, place);
    const onScroll = () => {
      // Once the listing has left the document, a scroll is the next page's (or the browser
      // clamping to its height), not the shopper's place here.
      if (!sentinel.current?.isConnected) return;
      place = placeOf(grid.current);
      clearTimeout(timer);
      timer = setTimeout(save, 150);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      clearTimeout(timer);
      save();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, [entry]);

  const pageHref = (page: number) => `${path}${serializeListingQuery(setPage(state, page))}`;
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(pageHref(page));
  };
  // 'Getting products...' while this listing loads another state of itself (spec section 4).
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === location.pathname;

  return (
    <>
      {refreshing && (
        <p className="listing-spinner" role="status">
          <span className="loader-spinner" aria-hidden="true" /> {t('listing.results.refreshing')}
        </p>
      )}
      {/* The cards' titles are h3s: this heading keeps the outline whole where the filters'
          headings are not shown (phones), for screen readers and heading-order audits. */}
      <h2 className="visually-hidden">{t('listing.results.heading')}</h2>
      {/* A feed (the ARIA pattern for an infinitely scrolling list of articles): the cards
          are its articles, with no list item around each. Each card is in the document in
          order, so browsers work out its place (WAI-ARIA 1.2 aria-posinset): no aria-posinset
          on the cards, which the Nu checker allows on an <article> only beside a redundant
          role="article" (a warning per card, issue 25). */}
      <div ref={grid} className="product-grid" role="feed" aria-label={t('listing.results.heading')} aria-busy={refreshing || status === 'loading'}>
        {products.map((product, index) => (
          <ProductCard
            key={`${product.id}-${index}`}
            p={product}
            eager={index < EAGER_CARDS && state.page === 1}
            priority={index === 0}
          />
        ))}
      </div>
      <div ref={sentinel} className="scroll-sentinel" aria-hidden="true" />
      {status === 'loading' && (
        <p className="listing-spinner" role="status">
          <span className="loader-spinner" aria-hidden="true" /> {t('listing.results.loadingMore')}
        </p>
      )}
      {status === 'error' && (
        <div className="listing-retry" role="alert">
          <button type="button" className="link-button" onClick={() => void loadMore()}>
            {t('listing.results.retry')}
          </button>
        </div>
      )}
      <nav className="listing-pages" aria-label={t('listing.pages.label')}>
        {state.page > 1 && (
          <a href={`${basename}${pageHref(state.page - 1)}`} rel="prev" onClick={follow(state.page - 1)}>
            {t('listing.pages.previous')}
          </a>
        )}
        <span>
          {extra.page > state.page
            ? t('listing.pages.range', { first: state.page, last: extra.page, pages: lastPage })
            : t('listing.pages.position', { page: state.page, pages: lastPage })}
        </span>
        {hasMore && (
          <a href={`${basename}${pageHref(extra.page + 1)}`} rel="next" onClick={follow(extra.page + 1)}>
            {t('listing.pages.next')}
          </a>
        )}
      </nav>
    </>
  );
}
