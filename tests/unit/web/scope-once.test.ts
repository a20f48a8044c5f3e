import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import * as API_ROUTES from '../../../shared/api/api-routes';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { COUNTRIES } from '../../../shared/countries';
import { CacheLong, CachePrivate } from '../../../shared/http/cache-policy';
import { bindApiScope, routedCall } from '../../../server/api/http/api-scope';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createApiUpstream, type Caller } from '../../../server/web/upstream/api-upstream';
import { createServerApiClient } from '../../../server/web/upstream/server-api-client';
import { createSharedCache } from '../../../server/web/upstream/shared-cache';
import { TransferCache } from '../../../server/web/upstream/transfer-cache';
import { startRecordingUpstream } from '../../support/recording-upstream';

// Issue 26: a page's api call looks its scope up in the route table once, and carries it to
// the transfer cache, the transport and the upstream's headers.

vi.mock('../../../shared/api/api-routes', async (original) => {
  const actual = await original<typeof API_ROUTES>();
  return { ...actual, apiScope: vi.fn(actual.apiScope), routeCall: vi.fn(actual.routeCall), findApiRoute: vi.fn(actual.findApiRoute) };
});

const shopper: Caller = { token: 'shopper-token', isBot: false, requestId: 'r1' };
const tableReads = () => vi.mocked(API_ROUTES.apiScope).mock.calls.length + vi.mocked(API_ROUTES.routeCall).mock.calls.length + vi.mocked(API_ROUTES.findApiRoute).mock.calls.length;

let api: Awaited<ReturnType<typeof startRecordingUpstream>> | undefined;
afterEach(async () => {
  vi.clearAllMocks();
  await api?.close();
  api = undefined;
});

describe('a page’s api call and the route table', () => {
  it('reads the table once per call, shared or personal, and sends identity by that reading', async () => {
    api = await startRecordingUpstream((request, res) => {
      const personal = request.url.startsWith(ACCOUNT_API.notificationCount);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': personal ? CachePrivate.header : CacheLong.header });
      res.end(JSON.stringify({ data: personal ? { count: 3 } : { countryCode: 'GB', countryName: COUNTRIES.GB.name, countryInfo: COUNTRIES.GB.info } }));
    });
    const upstream = createApiUpstream({ baseUrl: api.url, timeoutMs: 10_000, registry: createRegistry('web') });
    const page = createServerApiClient({ upstream, sharedCache: createSharedCache(1 << 20) }, { caller: shopper, transfer: new TransferCache({ maxEntries: 10, maxBytes: 1 << 20 }) }).client;
    vi.clearAllMocks();
    await page.get(SITE_CONTENT_API.country('GB'), 'CountryResponse');
    expect(tableReads()).toBe(1);
    await page.get(ACCOUNT_API.notificationCount, 'NotificationCount');
    expect(tableReads()).toBe(2);
    expect(api.requests.map((r) => r.headers.token)).toEqual([undefined, 'shopper-token']);
  });
});

describe('an api request and the route table', () => {
  it('is routed once, by bindApiScope, and carries its route and scope for what runs after', async () => {
    const app = express();
    app.use(bindApiScope);
    app.use((req, res) => {
      const { route, scope } = routedCall(req, res);
      res.json({ route: route?.path ?? null, scope });
    });
    vi.clearAllMocks();
    const shared = await request(app).get(`${SEARCH_API.listing}?link=/dresses`).expect(200);
    expect(shared.body).toEqual({ route: SEARCH_API.listing, scope: 'shared' });
    expect(tableReads()).toBe(1);
    const admin = await request(app).get(`${SEARCH_API.listing}?link=/dresses&view=admin`).expect(200);
    expect(admin.body).toEqual({ route: SEARCH_API.listing, scope: 'personal' });
    expect(tableReads()).toBe(2);
  });
});
