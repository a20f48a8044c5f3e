import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';
import { COOKIE } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import { browserApi } from '../../api/browser-api';
import { writeCookie } from '../../app/cookies';

export type SubscribeSource = 'dialog' | 'footer';

/** POST /api/account/subscribe; on success the mailing-list-modal cookie is set (spec 4). */
export async function subscribe(email: string, source: SubscribeSource, country: CountryCode): Promise<string> {
  const { message } = await browserApi().send('POST', SUBSCRIPTION_API.subscribe, { email, source, country }, 'SubscriptionResponse');
  writeCookie(COOKIE.mailingListModal, 'true', 365);
  return message;
}
