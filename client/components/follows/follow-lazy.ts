import { lazy } from 'react';
import type { FollowButton } from './FollowButton';

// The Follow button on a page, its code loaded on demand: the server's HTML has the button,
// whose plain form works before its code arrives, and without any. Each page that shows it
// (listing, product page, the directories) passes its own `import()`, so no module those pages
// share carries the button's code into every page's first load (scripts/build.ts); this small
// factory is all they share. Render it inside a <Suspense>.
//
// On the server the module is loaded when the page's module is, and handed to React as a
// thenable already settled, which React reads at once: a lazy component that suspends would
// make the first page of each kind a streamed one (React's boundary scripts instead of one
// finished document).

export type FollowModule = { FollowButton: typeof FollowButton };
type Loaded = { default: typeof FollowButton };

const settled = (module: FollowModule) =>
  ({ then: (done: (value: Loaded) => void) => done({ default: module.FollowButton }) }) as unknown as Promise<Loaded>;

export function lazyFollowButton(load: () => Promise<FollowModule>) {
  let loaded: FollowModule | undefined;
  const get = () => load().then((module) => (loaded = module));
  if (typeof document === 'undefined') void get();
  return lazy(() => (loaded ? settled(loaded) : get().then(settled)));
}
