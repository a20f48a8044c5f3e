import { describe, expect, it } from 'vitest';
import { afterSignInPath } from '../../../client/app/return-url';
import { afterSocialSignIn } from '../../../client/components/account/social-sign-in';
import { safeReturnPath } from '../../../shared/same-site-path';
import { REDIRECT_BYPASSES, leavesSite } from '../../support/redirect-bypasses';

// The one rule for every redirect (shared/same-site-path.ts): normalise, then judge every
// decoded layer; what comes back is a path of this site however a browser, or a server on the
// way that decodes once more, reads it.

const SITE = 'http://localhost:3000';

/** Off-site when read as it is, or after any number of percent-decodings. */
function offSiteSomehow(path: string): boolean {
  let current = path;
  for (let round = 0; round < 5; round++) {
    if (leavesSite(current, SITE) || current.startsWith('//') || current.includes('\\')) return true;
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (next === current) return false;
    current = next;
  }
  return true;
}

describe('safeReturnPath', () => {
  it(`refuses or defuses all ${REDIRECT_BYPASSES.length} known bypass forms`, () => {
    expect(REDIRECT_BYPASSES.length).toBeGreaterThanOrEqual(50);
    const escaped = REDIRECT_BYPASSES.map((form) => [form, safeReturnPath(form)] as const).filter(([, path]) => path !== undefined && offSiteSomehow(path));
    expect(escaped).toEqual([]);
  });

  it('normalises before judging: dot segments resolved, slashes collapsed', () => {
    expect(safeReturnPath('/.//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/..//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/%2e//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/a/..//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/us//evil.example')).toBe('/us/evil.example');
    expect(safeReturnPath('/us//evil.example', '/us')).toBe('/evil.example');
    expect(safeReturnPath('/brands//page/./2?x=1#top')).toBe('/brands/page/2?x=1#top');
  });

  it.each([
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%2525252F%2525252Fevil.example',
    '/a/..%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    '/%EF%BC%8Fevil.example',
    '/\uff0fevil.example',
    '/\u2215evil.example',
  ])('refuses %j, whose decoded form leaves the site or hides a slash', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it.each(['/about-us', '/search?q=red%20dress', '/user/ada/wishlists', '/', '/shop/100%25-cotton', '/a%2F%2Fb', '/brands?page=2#list'])('keeps %s as it is', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it('answers plain ASCII, so a Location header can always carry it', () => {
    expect(safeReturnPath('/shop/niña')).toBe('/shop/ni%C3%B1a');
  });
});

describe('where the browser goes after signing in', () => {
  it('never leaves the site for any bypass form, by e-mail or by social sign-in', () => {
    const escaped = REDIRECT_BYPASSES.flatMap((form) => {
      const social = afterSocialSignIn(form, 'ada');
      return [afterSignInPath(form, 'ada'), afterSignInPath(form, 'ada', '/us'), `${social.basename}${social.path}`].filter((path) => offSiteSomehow(path));
    });
    expect(escaped).toEqual([]);
  });
});
