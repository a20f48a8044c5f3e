import { FOLLOW_API } from '../../../shared/api/follow-paths';
import type { FollowKind } from '../../../shared/validation/follow-rules';
import { browserApi } from '../../api/browser-api';

/** Follows or stops following a brand or a store (the Follow button); the api's state after it. */
export function setFollowing(kind: FollowKind, id: number, follow: boolean) {
  const api = browserApi();
  return follow ? api.send('POST', FOLLOW_API.follow(kind), { id }, 'FollowState') : api.send('DELETE', FOLLOW_API.unfollow(kind, id), undefined, 'FollowState');
}
