import { z } from 'zod';
import { ApiError } from '../../../shared/api/api-client';
import { COOKIE } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import { browserApi } from '../../api/browser-api';
import { writeCookie } from '../../app/cookies';

const SubscribeResponse = z.object({ message: z.string() });

export type SubscribeSource = 'dialog' | 'footer';

/** POST /api/account/subscribe; on success the mailing-list-modal cookie is set (spec 4). */
export async function subscribe(email: string, source: SubscribeSource, country: CountryCode): Promise<string> {
  const { message } = await browserApi().send('POST', '/api/account/subscribe', { email, source, country }, SubscribeResponse);
  writeCookie(COOKIE.mailingListModal, 'true', 365);
  return message;
}

export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}
