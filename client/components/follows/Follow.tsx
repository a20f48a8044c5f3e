import { Suspense, lazy } from 'react';
import type { FollowTarget } from './FollowButton';

// The Follow button where pages show it (listings, product pages, directories), loaded on
// demand: listing and product pages are where people land, and what they share sits in every
// page's first load (scripts/build.ts), so the button's code waits for its own chunk. The
// server renders it in the page (its form works before its code arrives, and without any).
export function Follow(props: FollowTarget) {
  return (
    <Suspense fallback={null}>
      <FollowButton {...props} />
    </Suspense>
  );
}
const FollowButton = lazy(() => import('./FollowButton').then((m) => ({ default: m.FollowButton })));
