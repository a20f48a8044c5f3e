import { describe, expect, it } from 'vitest';
import { upstreamHeaders, type Caller } from '../../../server/web/upstream/api-upstream';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';

const shopper: Caller = { token: 'tok', guestKey: 'guest', geoCountry: 'IN', isBot: false, requestId: 'req-1' };
const guest: Caller = { guestKey: 'guest', isBot: true, requestId: 'req-2' };

describe('the headers of an api call', () => {
  it('sends the token on personal calls, and no identity on shared ones', () => {
    expect(upstreamHeaders({ method: 'GET', url: ACCOUNT_API.userProfile }, shopper)).toEqual({
      'x-request-id': 'req-1',
      'x-bot': '0',
      'x-geoip-country': 'IN',
      token: 'tok',
    });
    expect(upstreamHeaders({ method: 'GET', url: `${SEARCH_API.list}?q=red&country=GB` }, shopper)).toEqual({
      'x-request-id': 'req-1',
      'x-bot': '0',
      'x-geoip-country': 'IN',
    });
  });

  it('sends the guest key when there is no token, on personal calls only', () => {
    expect(upstreamHeaders({ method: 'POST', url: ACCOUNT_API.login }, guest)).toEqual({ 'x-request-id': 'req-2', 'x-bot': '1', key: 'guest' });
    expect(upstreamHeaders({ method: 'POST', url: SUBSCRIPTION_API.subscribe }, guest)).toEqual({ 'x-request-id': 'req-2', 'x-bot': '1' });
  });

  it('counts a path the route table does not list as personal, but sends nothing under /clients/api/', () => {
    // eslint-disable-next-line no-restricted-syntax -- an unknown path, on purpose
    expect(upstreamHeaders({ method: 'GET', url: '/api/something-new' }, shopper).token).toBe('tok');
    expect(upstreamHeaders({ method: 'GET', url: '/clients/api/feed' }, shopper)).toEqual({
      'x-request-id': 'req-1',
      'x-bot': '0',
      'x-geoip-country': 'IN',
    });
  });

  it('decides by method too: a HEAD is a GET, a write to a shared path carries no identity', () => {
    expect(upstreamHeaders({ method: 'HEAD', url: ACCOUNT_API.notificationCount }, shopper).token).toBe('tok');
    expect(upstreamHeaders({ method: 'POST', url: SUBSCRIPTION_API.subscribe }, shopper).token).toBeUndefined();
  });
});

describe('the client address on api calls', () => {
  it('goes with every call, shared or personal, also under /clients/api/, as the one address the web trusts', () => {
    const from = { ...guest, clientAddress: '198.51.100.7' };
    for (const request of [
      { method: 'POST', url: ACCOUNT_API.login },
      { method: 'GET', url: `${SEARCH_API.list}?q=red` },
      { method: 'GET', url: '/clients/api/feed' },
    ]) {
      expect(upstreamHeaders(request, from)['x-forwarded-for'], request.url).toBe('198.51.100.7');
    }
  });
});
