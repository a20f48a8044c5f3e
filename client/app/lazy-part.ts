import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { catalogReady, Unrecorded } from './i18n';

// A part of a page whose code is loaded on demand while the server's HTML still has it: what
// only some pages of a kind draw (a brand's Follow button, a listing's no-results view), so the
// pages that do not draw it never fetch it. Render it inside a <Suspense>: in the browser it is
// fetched when first drawn (hydration keeps the server's HTML meanwhile). On the server the
// module is loaded when the page's module is, and handed to React as a thenable already
// settled, which React reads at once: a lazy component that suspends would make the first page
// of each kind a streamed one (React's boundary scripts instead of one finished document).
export type LazyPart<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the part's code and the catalogue; once settled, the part draws without suspending. */
  preload(): Promise<unknown>;
};

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  type Loaded = { default: ComponentType<P> };
  let loaded: ComponentType<P> | undefined;
  // In the browser the part is drawn (hydrated too) only with the language's whole catalogue
  // (issue 29; at once on the server), so what it says need not travel with the page.
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= Promise.all([load(), catalogReady().catch(() => undefined)]).then(
      ([component]) => (loaded = (props: P) => createElement(Unrecorded, null, createElement(component, props))),
      // A chunk that failed to come (the network) is asked for again by the next caller.
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const settled = (component: ComponentType<P>) => ({ then: (done: (value: Loaded) => void) => done({ default: component }) }) as unknown as Promise<Loaded>;
  if (typeof document === 'undefined') void get();
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : get().then(settled))),
    { preload: get },
  );
}
