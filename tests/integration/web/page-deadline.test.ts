import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CacheNone } from '../../../shared/http/cache-policy';
import { webOverUpstreamForFile } from '../../support/web-over-upstream';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { API_MOUNTS } from '../../../shared/api/api-paths';

// A page has one deadline for all its upstream calls: UPSTREAM_TIMEOUT_MS from its start. A
// search page calls the api in steps (the list, then Recommended Products after a failed
// list); with a timeout per call, a hung api made it wait once per step.

// Long enough that the render around it is small beside it on a busy CI machine.
const DEADLINE_MS = 1_000;

// A real api address that takes every request and never answers.
const { upstream: hung, web } = webOverUpstreamForFile({ reply: () => undefined, env: { UPSTREAM_TIMEOUT_MS: String(DEADLINE_MS) } });

describe('one deadline per page', () => {
  it('makes no call once the deadline has passed', async () => {
    const before = hung.requests.length;
    await request(web.url).get('/search?q=coat');
    const made = hung.requests.slice(before).map((r) => r.url.split('?')[0] ?? r.url);
    // The first step's calls go out together; Recommended Products, after the deadline, never do.
    // (The list is /api/search/listing; Recommended Products would be /api/search.)
    expect(made.filter((path) => path.startsWith(API_MOUNTS.search))).toEqual([SEARCH_API.listing]);
  });

  // After the test above, so that a first render's start-up cost is not timed here.
  it('answers a search page with the api hung after one deadline, not one per step', async () => {
    const started = performance.now();
    const res = await request(web.url).get('/search?q=dress');
    const elapsed = performance.now() - started;
    // The failed list is the outage page (503, kept by nobody).
    expect([res.status, res.headers['cache-control']]).toEqual([503, CacheNone.header]);
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS);
    expect(elapsed).toBeLessThan(2 * DEADLINE_MS);
  });
});
