import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { PROFILE_IMAGE_FIELD } from '../../../shared/api/profile-types';
import type { CheckUserNameResponse, ProfileImageResponse } from '../../../shared/api/account-schemas';
import { ApiError } from '../../../shared/api/api-client';
import { LOCALE_HEADER } from '../../../shared/constants';
import { XSRF_HEADER } from '../../../shared/api/web-session';
import { browserApi } from '../../api/browser-api';
import { UNAUTHORIZED_EVENT, xsrfToken } from '../../api/browser-api-client';

/** GET /api/account/check-username/{name}: whether the signed-in user may take the name. */
export function checkUserName(userName: string): Promise<CheckUserNameResponse> {
  return browserApi().get(ACCOUNT_API.checkUserName(userName), 'CheckUserNameResponse');
}

/**
 * PUT /api/account/upload-profile-image as multipart/form-data (the api decides the type by
 * the bytes and re-encodes the picture). Through the gateway, with the XSRF token and the
 * page's locale, which the api words its answer in (issue 29).
 */
export async function uploadProfileImage(file: File, locale: string): Promise<ProfileImageResponse> {
  const body = new FormData();
  body.append(PROFILE_IMAGE_FIELD, file);
  const token = await xsrfToken();
  const response = await fetch(ACCOUNT_API.uploadProfileImage, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { accept: 'application/json', [LOCALE_HEADER]: locale, ...(token ? { [XSRF_HEADER]: token } : {}) },
    body,
  });
  const json = (await response.json().catch(() => null)) as { data?: unknown; message?: unknown } | null;
  if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  if (!response.ok) throw new ApiError(response.status, typeof json?.message === 'string' ? json.message : `request failed with status ${response.status}`);
  // Our own server's answer: trusted as it is (shared/api/answer-schemas.ts).
  return json?.data as ProfileImageResponse;
}
