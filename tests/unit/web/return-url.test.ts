import { describe, expect, it } from 'vitest';
import { afterSignInPath, withPrefix } from '../../../client/app/return-url';
import { safeReturnPath } from '../../../shared/same-site-path';
import { headerName } from '../../../client/app/viewer';

describe('returnurl: same-site paths only', () => {
  it.each(['/about-us', '/search?q=red%20dress', '/user/ada/wishlists', '/'])('keeps %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/%2F%2Fnot-a-host',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    ' /about-us',
    '/\tevil',
    '/\nevil',
    '',
    undefined,
    42,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('drops the country prefix of the current site', () => {
    expect(safeReturnPath('/us/about-us', '/us')).toBe('/about-us');
    expect(safeReturnPath('/us', '/us')).toBe('/');
    expect(safeReturnPath('/usa-deals', '/us')).toBe('/usa-deals');
  });

  it('sends account pages to the signed-in user’s own account, last segment kept (spec section 4)', () => {
    expect(afterSignInPath('/user/someone/wishlists', 'ada')).toBe('/user/ada/wishlists');
    expect(afterSignInPath('/user/someone', 'ada')).toBe('/user/ada');
    expect(afterSignInPath('/about-us', 'ada')).toBe('/about-us');
    expect(afterSignInPath('//evil.example', 'ada')).toBe('/');
    expect(afterSignInPath(null, 'ada')).toBe('/');
  });

  it('puts the country prefix on form actions', () => {
    expect(withPrefix('', '/authentication')).toBe('/authentication');
    expect(withPrefix('/us', '/')).toBe('/us');
    expect(withPrefix('/us', '/logout')).toBe('/us/logout');
  });
});

describe('header name (spec section 2: first word, up to 10 characters)', () => {
  it.each([
    ['Ada Lovelace', 'Ada'],
    ['Wilhelminaross', 'Wilhelmina'],
    ['  Zoë   Smith ', 'Zoë'],
    ['Maximiliano-Alexander Ruiz', 'Maximilian'],
  ])('%j → %j', (name, shown) => {
    expect(headerName(name)).toBe(shown);
  });
});
