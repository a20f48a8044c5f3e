import { lazyPart } from '../../app/lazy-part';
import type { FollowButton } from './FollowButton';

// The Follow button on a page, its code loaded on demand (client/app/lazy-part.ts): the
// server's HTML has the button, whose plain form works before its code arrives, and without
// any. Each page that shows it (listing, product page, the directories) passes its own
// `import()`, so no module those pages share carries the button's code into every page's first
// load (scripts/build.ts); this small factory is all they share. Render it inside a <Suspense>.

export type FollowModule = { FollowButton: typeof FollowButton };

export function lazyFollowButton(load: () => Promise<FollowModule>) {
  return lazyPart(() => load().then((module) => module.FollowButton));
}
