import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../../server/api/config';
import { loadWebConfig } from '../../../server/web/config';
import type { Recorded } from '../../support/recording-upstream';
import { requestFrom } from '../../support/request-from';
import { webOverUpstreamForFile } from '../../support/web-over-upstream';
import { CookieJar, fetchXsrf } from '../../support/web-session';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

// The client address the api counts its limits on: the web believes X-Forwarded-For only from
// the proxies TRUST_PROXY names, and sends the api that one address on every call (page
// loaders, the session routes, the gateway), never the list a client sent. Here a CDN sits at
// 127.0.0.2 in front of the web; shoppers who reach the web without it connect from 127.0.0.1.

const CDN = '127.0.0.2';
const DIRECT = '127.0.0.1';

const { upstream: api, web } = webOverUpstreamForFile({ env: { TRUST_PROXY: CDN, XSRF_SECRET: 'x'.repeat(40) } });

/** What the api heard from the web while `work` ran. */
async function callsDuring(work: () => Promise<unknown>): Promise<Recorded[]> {
  const before = api.requests.length;
  await work();
  return api.requests.slice(before);
}

const forwardedFor = (calls: Recorded[]) => calls.map((call) => call.headers['x-forwarded-for']);

/** A sign-in as a page makes it, with the XSRF token the page read, from `from`. */
async function signIn(from: string, forged: string) {
  const jar = new CookieJar();
  const token = await fetchXsrf(web.url, jar);
  return requestFrom(from, `${web.url}${ACCOUNT_API.login}`, {
    method: 'POST',
    headers: { cookie: jar.header(), 'x-xsrf-token': token, origin: web.url, 'x-forwarded-for': forged },
    body: { email: 'someone@example.com', password: 'velvet-sky-42' },
  });
}

describe('the client address the web sends the api', () => {
  it('ignores X-Forwarded-For from a client that is not a trusted proxy: the api hears the address it connected from', async () => {
    const forged = '203.0.113.9';
    const login = await callsDuring(() => signIn(DIRECT, forged));
    const gateway = await callsDuring(() => requestFrom(DIRECT, `${web.url}${ACCOUNT_API.notificationCount}`, { headers: { 'x-forwarded-for': forged } }));
    expect(login.map((call) => call.url)).toEqual([ACCOUNT_API.login]);
    expect(gateway.map((call) => call.url)).toEqual([ACCOUNT_API.notificationCount]);
    // One address, the socket's; not the client's list, nor the list with the socket appended.
    expect(forwardedFor([...login, ...gateway])).toEqual([DIRECT, DIRECT]);
  });

  it("takes the CDN's word for the shopper's address, and passes on only that address", async () => {
    // The shopper forged 10.9.9.9; the CDN appended the address it saw them at.
    const chain = '10.9.9.9, 198.51.100.7';
    const login = await callsDuring(() => signIn(CDN, chain));
    const gateway = await callsDuring(() => requestFrom(CDN, `${web.url}${ACCOUNT_API.notificationCount}`, { headers: { 'x-forwarded-for': chain } }));
    expect(forwardedFor([...login, ...gateway])).toEqual(['198.51.100.7', '198.51.100.7']);
  });

  it("sends it on the page's own api calls too", async () => {
    const page = await callsDuring(() => requestFrom(CDN, `${web.url}/about-us`, { headers: { 'x-forwarded-for': '198.51.100.8' } }));
    // The about page's three: the menu, the country and the fashion tips.
    expect(page).toHaveLength(3);
    expect(forwardedFor(page)).toEqual(page.map(() => '198.51.100.8'));
  });
});

describe('TRUST_PROXY', () => {
  const trusts = (value: unknown, address: string) => {
    const app = express();
    app.set('trust proxy', value);
    return (app.get('trust proxy fn') as (address: string, hop: number) => boolean)(address, 0);
  };

  it('trusts loopback only by default, in the web and in the api', () => {
    for (const config of [loadWebConfig({}), loadApiConfig({})]) {
      expect(config.trustProxy).toEqual(['loopback']);
      expect(trusts(config.trustProxy, '127.0.0.1')).toBe(true);
      expect(trusts(config.trustProxy, '::1')).toBe(true);
      expect(trusts(config.trustProxy, '203.0.113.9')).toBe(false);
      expect(trusts(config.trustProxy, '10.0.0.5')).toBe(false);
    }
  });

  it('takes a hop count, or a list of addresses, subnets and range names', () => {
    expect(loadWebConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadWebConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.0.2.4, fd00::/8, 172.16.0.0/255.240.0.0' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.4',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
    ]);
    expect(loadApiConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toEqual(['uniquelocal']);
  });

  it('refuses a value that would trust every client, or is not an address, naming the variable', () => {
    expect(() => loadWebConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*\(not true\)/);
    expect(() => loadApiConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*\(not 10\.0\.0\.0\/33\)/);
    expect(() => loadWebConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/Invalid web configuration: TRUST_PROXY/);
    expect(() => loadWebConfig({ TRUST_PROXY: ' , ' })).toThrow(/TRUST_PROXY/);
  });
});
