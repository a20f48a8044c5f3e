import { describe, expect, it } from 'vitest';
import { asksAdminView, viewedBy, withAdminView } from '../../../shared/api/admin-view';
import { apiScope } from '../../../shared/api/api-routes';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { pathPrefix } from '../../support/api-paths';

// The admin view marker (spec section 6): the one thing that turns a catalogue call personal,
// added by the web's clients only for admins and only to the calls the view changes.

describe('the admin view marker', () => {
  it('makes any call personal, shared routes included, and only when it says exactly view=admin', () => {
    expect(apiScope('GET', `${SEARCH_API.listing}?country=GB`)).toBe('shared');
    expect(apiScope('GET', `${SEARCH_API.listing}?country=GB&view=admin`)).toBe('personal');
    expect(apiScope('GET', `${PRODUCT_API.sitemapIndex}?view=admin`)).toBe('personal');
    expect(apiScope('GET', `${SEARCH_API.listing}?view=Admin`)).toBe('shared');
    expect(apiScope('GET', `${SEARCH_API.listing}?xview=admin`)).toBe('shared');
    expect(asksAdminView(`${SEARCH_API.list}?view=public&view=admin`)).toBe(true);
    expect(asksAdminView(`${SEARCH_API.list}#view=admin`)).toBe(false);
  });

  it('is added once, for an admin, to the GETs the view changes and to nothing else', () => {
    expect(viewedBy('GET', `${SEARCH_API.listing}?country=GB`, true)).toBe(`${SEARCH_API.listing}?country=GB&view=admin`);
    expect(viewedBy('GET', `${pathPrefix(DIRECTORY_API.storeSearch)}atlas`, true)).toBe(`${pathPrefix(DIRECTORY_API.storeSearch)}atlas?view=admin`);
    expect(viewedBy('GET', `${pathPrefix(PRODUCT_API.retailer)}0b8e2c1a-7d3f-4a8e-9c1b-2f3e4d5a6b7c?country=US`, true)).toBe(
      `${pathPrefix(PRODUCT_API.retailer)}0b8e2c1a-7d3f-4a8e-9c1b-2f3e4d5a6b7c?country=US&view=admin`,
    );
    expect(viewedBy('GET', `${SEARCH_API.listing}?country=GB`, false)).toBe(`${SEARCH_API.listing}?country=GB`);
    expect(viewedBy('GET', `${pathPrefix(PRODUCT_API.sitemap)}stores?country=GB`, true)).toBe(`${pathPrefix(PRODUCT_API.sitemap)}stores?country=GB`);
    expect(viewedBy('GET', ACCOUNT_API.userProfile, true)).toBe(ACCOUNT_API.userProfile);
    expect(viewedBy('POST', PRODUCT_API.click, true)).toBe(PRODUCT_API.click);
    expect(withAdminView(withAdminView(SEARCH_API.list))).toBe(`${SEARCH_API.list}?view=admin`);
  });
});
