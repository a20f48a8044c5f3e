import { isbot } from 'isbot';

// A crawler gets the whole page at once (onAllReady) and is never redirected by
// geography. The CDN's bot flag header decides when present; the user agent otherwise.
export function isBotRequest(flagHeader: string | string[] | undefined, userAgent: string | undefined): boolean {
  const flag = Array.isArray(flagHeader) ? flagHeader[0] : flagHeader;
  if (flag !== undefined && flag !== '') return flag === '1' || flag.toLowerCase() === 'true';
  return isbot(userAgent ?? '');
}
