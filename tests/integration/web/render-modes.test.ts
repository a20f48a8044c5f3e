import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStackForFile } from '../../support/demo-stack';
import { readPayload, visibleMarkup, withoutNonces } from '../../support/page';
import { startWeb } from '../../support/web-server';

// A page whose loaders deferred nothing is rendered in one go (renderToString plus the
// bootstrap tags React's stream adds); it must be the very document the stream sends, so that
// hydration, crawlers and every browser test see no difference. Two web servers over one api,
// one always streaming, neither keeping answers or pages, so both render the same data.

const NOTHING_KEPT = { PAGE_CACHE_MAX_BYTES: '0', SHARED_CACHE_MAX_BYTES: '0' };
const stack = demoStackForFile('catalog', { ...NOTHING_KEPT, RENDER_MODE: 'stream' });
let auto: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  auto = await startWeb(stack.api.url, NOTHING_KEPT);
});
afterAll(async () => {
  await auto?.close();
});

const BROWSER = 'Mozilla/5.0 Chrome/130';
/** The payload script's own tag, its nonce blanked. */
const payloadTag = (html: string) => withoutNonces(/<script[^>]*>(?=self\.__VITRINE__=)/.exec(html)?.[0] ?? 'none');
const CRAWLER = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

async function both(url: string, userAgent: string) {
  const [streamed, whole] = await Promise.all([
    request(stack.web.url).get(url).set('User-Agent', userAgent),
    request(auto.url).get(url).set('User-Agent', userAgent),
  ]);
  return { streamed, whole };
}

describe('a page rendered in one go', () => {
  it('is the document the stream sends, byte for byte but the nonce, for people and crawlers', async () => {
    const listing = await request(stack.web.url).get('/dresses').set('User-Agent', BROWSER).expect(200);
    const product = /href="(\/[^"]+-[0-9a-f]{8})"/.exec(listing.text)?.[1];
    expect(product).toMatch(/^\/clothing\//);
    const pages = ['/', '/us/', '/dresses?colour=black&sort=asc', product!, '/search?q=zzzqqxx', '/brands/a-to-z', '/authentication?userType=Login', '/no-such-page'];
    for (const url of pages) {
      for (const userAgent of [BROWSER, CRAWLER]) {
        const { streamed, whole } = await both(url, userAgent);
        const head = (res: request.Response) => [res.status, res.headers['content-type'], res.headers['cache-control']];
        expect(head(whole), url).toEqual(head(streamed));
        // The payload's transfer entries are in the order the api answered, which varies
        // from one render to the next: the payload is compared as data, the rest as bytes.
        expect(visibleMarkup(withoutNonces(whole.text)) === visibleMarkup(withoutNonces(streamed.text)), `${url} as ${userAgent}`).toBe(true);
        expect(payloadTag(whole.text)).toBe(payloadTag(streamed.text));
        // Except its messages (issue 29): a page rendered whole carries those its render used,
        // a streamed one none (the browser fetches its language's catalogue before hydrating);
        // and what Intl answered its render (issue 31, decision 0094), a streamed one nothing.
        const { messages, intl, ...wholePayload } = readPayload(whole.text).payload;
        expect(wholePayload).toEqual(readPayload(streamed.text).payload);
        expect([Object.keys(messages ?? {}).length > 0, readPayload(streamed.text).payload.messages]).toEqual([true, undefined]);
        expect(readPayload(streamed.text).payload.intl).toBeUndefined();
        // The listing's and the product's prices were answered; a page with none carries no key.
        if (url.startsWith('/dresses') || url === product) expect(Object.keys(intl ?? {}), url).toContain('aen-GB2');
        if (intl) expect(Object.keys(intl).length, url).toBeGreaterThan(0);
      }
    }
  });

  it("carries this response's nonce, the one its CSP header names, wherever the stream puts one", async () => {
    const { streamed, whole } = await both('/', BROWSER);
    const cspNonce = (res: request.Response) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    const nonces = (res: request.Response) => [...res.text.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(nonces(whole)).toEqual(nonces(streamed).map(() => cspNonce(whole)));
    expect(cspNonce(whole)).not.toBe(cspNonce(streamed));
  });
});
