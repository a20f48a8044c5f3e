import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useHref, useLocation, useMatches } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { followPagePath } from '../../../shared/api/follow-paths';
import type { FollowedIds } from '../../../shared/api/follow-schemas';
import type { FollowKind } from '../../../shared/validation/follow-rules';
import { useBusy } from '../../app/busy';
import { catalogReady, useT } from '../../app/i18n';
import { useNotify } from '../../app/notices';
import { useSession } from '../../app/session';
import { setFollowing } from '../../data/follows/follow-writes';

// The Follow / Following button of a brand or a store (spec sections 2, 3 "Follow"): a toggle
// (aria-pressed) on listing pages, the directories and product pages. Whether it is pressed
// comes from the page's loaders (`follows`, follows-call.ts, asked only for a signed-in
// shopper), then from what this button did. A plain form: without JavaScript it posts to the
// follow page's action (client/routes/follow.route.tsx), which does the same and comes back;
// with JavaScript the api is called from here, and a guest signs in first, then the follow
// goes on (as the wishlist heart does).

export type FollowTarget = { kind: FollowKind; id: number; name: string };

export function FollowButton({ kind, id, name }: FollowTarget) {
  const session = useSession();
  const userId = session.viewer?.userId;
  const latestUser = useRef(userId);
  latestUser.current = userId;
  const matches = useMatches();
  const location = useLocation();
  const action = useHref(followPagePath(kind, id, `${location.pathname}${location.search}`));
  const track = useBusy();
  const notify = useNotify();
  const t = useT();
  // What this button did, and for whom: another session's press is not this one's.
  const [mine, setMine] = useState<{ user: number | undefined; following: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  // Marks the button as answered here (its code has arrived): until then its form posts to the page.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const loaded = matches.some((match) => (match.data as { follows?: FollowedIds } | undefined)?.follows?.[kind === 'brand' ? 'brands' : 'stores'].includes(id));
  const following = userId !== undefined && (mine && mine.user === userId ? mine.following : loaded);

  const send = async (follow: boolean) => {
    setSending(true);
    try {
      // "Following" may not be among the first page's words: the whole catalogue comes first (issue 29).
      const [state] = await track(Promise.all([setFollowing(kind, id, follow), catalogReady().catch(() => undefined)]));
      setMine({ user: latestUser.current, following: state.following });
    } catch (error) {
      notify('error', error instanceof ApiError && error.status < 500 ? error.message : t('common.error.server'));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (userId === undefined) session.openSignIn('Login', () => void send(true));
    else void send(!following);
  };

  return (
    <form method="post" action={action} className="follow-form" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={following ? 'unfollow' : 'follow'} />
      <button type="submit" className={following ? 'follow-button following' : 'follow-button'} aria-pressed={following} data-follow={`${kind}-${id}`} data-ready={ready || undefined}>
        {t(following ? 'follows.button.following' : 'follows.button.follow')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </form>
  );
}
