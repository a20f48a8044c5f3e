import { describe, expect, it } from 'vitest';
import { countryFromGeoHeader, countryFromPath } from '../../../server/web/http/country';
import { isBotRequest } from '../../../server/web/http/bot';

describe('countryFromPath (spec section 2 "Country prefix")', () => {
  it('reads a lower-case country prefix', () => {
    expect(countryFromPath('/us/dresses')).toEqual({ country: 'US' });
    expect(countryFromPath('/hk')).toEqual({ country: 'HK' });
  });

  it('treats an unknown first segment, or an upper-case one, as a path under GB', () => {
    expect(countryFromPath('/dresses')).toEqual({ country: 'GB' });
    expect(countryFromPath('/fr/dresses')).toEqual({ country: 'GB' });
    expect(countryFromPath('/US/dresses')).toEqual({ country: 'GB' });
    expect(countryFromPath('/usa')).toEqual({ country: 'GB' });
    expect(countryFromPath('/')).toEqual({ country: 'GB' });
  });

  it('sends an explicit /gb prefix to the unprefixed address', () => {
    expect(countryFromPath('/gb/dresses', '?page=2')).toEqual({ country: 'GB', redirectTo: '/dresses?page=2' });
    expect(countryFromPath('/gb')).toEqual({ country: 'GB', redirectTo: '/' });
  });

  it('reads only our countries from the geo header', () => {
    expect(countryFromGeoHeader('ae')).toBe('AE');
    expect(countryFromGeoHeader(['SG'])).toBe('SG');
    expect(countryFromGeoHeader('FR')).toBeUndefined();
    expect(countryFromGeoHeader(undefined)).toBeUndefined();
  });
});

describe('isBotRequest', () => {
  it('trusts the CDN flag first, then the user agent', () => {
    expect(isBotRequest('1', 'Mozilla/5.0 Chrome/130')).toBe(true);
    expect(isBotRequest('0', 'Googlebot/2.1')).toBe(false);
    expect(isBotRequest(undefined, 'Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBotRequest(undefined, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36')).toBe(false);
  });
});
