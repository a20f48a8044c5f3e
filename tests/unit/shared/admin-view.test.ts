import { describe, expect, it } from 'vitest';
import { asksAdminView, viewedBy, withAdminView } from '../../../shared/api/admin-view';
import { apiScope } from '../../../shared/api/api-routes';

// The admin view marker (spec section 6): the one thing that turns a catalogue call personal,
// added by the web's clients only for admins and only to the calls the view changes.

describe('the admin view marker', () => {
  it('makes any call personal, shared routes included, and only when it says exactly view=admin', () => {
    expect(apiScope('GET', '/api/search/listing?country=GB')).toBe('shared');
    expect(apiScope('GET', '/api/search/listing?country=GB&view=admin')).toBe('personal');
    expect(apiScope('GET', '/api/products/sitemap?view=admin')).toBe('personal');
    expect(apiScope('GET', '/api/search/listing?view=Admin')).toBe('shared');
    expect(apiScope('GET', '/api/search/listing?xview=admin')).toBe('shared');
    expect(asksAdminView('/api/search?view=public&view=admin')).toBe(true);
    expect(asksAdminView('/api/search#view=admin')).toBe(false);
  });

  it('is added once, for an admin, to the GETs the view changes and to nothing else', () => {
    expect(viewedBy('GET', '/api/search/listing?country=GB', true)).toBe('/api/search/listing?country=GB&view=admin');
    expect(viewedBy('GET', '/api/account/store-search/atlas', true)).toBe('/api/account/store-search/atlas?view=admin');
    expect(viewedBy('GET', '/api/products/retailer/0b8e2c1a-7d3f-4a8e-9c1b-2f3e4d5a6b7c?country=US', true)).toBe(
      '/api/products/retailer/0b8e2c1a-7d3f-4a8e-9c1b-2f3e4d5a6b7c?country=US&view=admin',
    );
    expect(viewedBy('GET', '/api/search/listing?country=GB', false)).toBe('/api/search/listing?country=GB');
    expect(viewedBy('GET', '/api/products/sitemap/stores?country=GB', true)).toBe('/api/products/sitemap/stores?country=GB');
    expect(viewedBy('GET', '/api/account/user-profile', true)).toBe('/api/account/user-profile');
    expect(viewedBy('POST', '/api/products/add-csd', true)).toBe('/api/products/add-csd');
    expect(withAdminView(withAdminView('/api/search'))).toBe('/api/search?view=admin');
  });
});
