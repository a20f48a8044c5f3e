import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { GIVEAWAY, GIVEAWAY_COOKIE_MAX_DAYS, GIVEAWAY_MESSAGES } from '../../../shared/giveaway';
import { Accounts } from '../../../server/api/accounts/accounts';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { startApi } from '../../support/api-server';
import { openTestDatabase } from '../../support/test-database';
import { setCookies } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { GIVEAWAY_API } from '../../../shared/api/giveaway-paths';

// /giveaway through the real web and api: a guest is offered sign-in, a shopper enters
// without JavaScript (the giveaway cookie comes with the answer) and is then told they
// entered instead of being offered the form; an admin sees the entries; past the api's
// closing time (its clock, set here) the page says it is closed and offers no entry.

const CLOSES = Date.parse(GIVEAWAY.closesAt);
let now = new Date(CLOSES - 7 * 24 * 60 * 60 * 1000);

let db: Database;
let accounts: Accounts;
let api: Awaited<ReturnType<typeof startApi>>;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  db = await openTestDatabase();
  accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
  api = await startApi(db, { accounts, clock: () => now });
  web = await startWeb(api.url);
});
afterAll(async () => {
  await web?.close();
  await accounts?.settle();
  await api?.close();
  await db?.close();
});

type Shopper = Awaited<ReturnType<typeof registerUser>>;
const BROWSER = 'Mozilla/5.0 Chrome/130';
const cookies = (shopper: Shopper) => `${COOKIE.token}=${shopper.token}; ${COOKIE.profileType}=${shopper.profileType}`;
const page = (shopper?: Shopper) => {
  const test = request(web.url).get('/giveaway').set('User-Agent', BROWSER);
  return (shopper ? test.set('Cookie', cookies(shopper)) : test).expect(200);
};
const ENTER_BUTTON = '>Enter the giveaway</button>';

describe('/giveaway', () => {
  it('shows a guest the prize, the closing time and the rules, and offers sign-in rather than the form', async () => {
    const { text } = await page();
    expect(text).toContain('<h1>Win a winter wardrobe</h1>');
    expect(text).toContain(`<time dateTime="${GIVEAWAY.closesAt}">`);
    expect(text).toContain('Sign in to enter the giveaway');
    expect(text).not.toContain(ENTER_BUTTON);
  });

  it('says it all in the page’s language, the closing time in its locale and the country’s time zone (issue 29)', async () => {
    const get = (path: string) => request(web.url).get(path).set('User-Agent', BROWSER).expect(200);
    const fr = (await get('/ca/fr/giveaway')).text;
    expect(fr).toContain('<h1>Gagnez une garde-robe d&#x27;hiver</h1>');
    expect(fr).toContain(`Les participations prennent fin le <time dateTime="${GIVEAWAY.closesAt}">28 février 2027`);
    expect(fr).toContain('Connectez-vous pour participer au concours');
    const zh = (await get('/hk/zh/giveaway')).text;
    expect(zh).toContain('<h1>贏取冬季衣櫥</h1>');
    expect(zh).toContain(`參加截止時間：<time dateTime="${GIVEAWAY.closesAt}">2027年3月1日`);
    expect((await get('/sg/ta/giveaway')).text).toContain('<h2 id="giveaway-rules-title">விதிமுறைகள்</h2>');
  });

  it('lets a shopper enter without JavaScript, writes the giveaway cookie, and then says they entered instead of offering the form', async () => {
    const shopper = await registerUser(api);
    expect((await page(shopper)).text).toContain(ENTER_BUTTON);
    const post = () => request(web.url).post('/giveaway').type('form').send({}).set('Cookie', cookies(shopper)).set('Origin', web.url).set('User-Agent', BROWSER);
    // Until the giveaway closes, at most 90 days: by the web's clock, read around the post.
    const lifetime = () => String(Math.round(Math.min(GIVEAWAY_COOKIE_MAX_DAYS * 24 * 60 * 60 * 1000, CLOSES - Date.now()) / 1000));
    const before = lifetime();
    const posted = await post();
    const after = lifetime();
    expect([posted.status, posted.headers.location]).toEqual([303, '/giveaway']);
    const cookie = setCookies(posted).find((c) => c.name === COOKIE.giveaway);
    expect(cookie?.value).toBe(GIVEAWAY.key);
    expect([before, after]).toContain(cookie?.attributes['max-age']);

    const entered = await page(shopper);
    expect(entered.text).toContain(`data-testid="giveaway-entered">${GIVEAWAY_MESSAGES.entered}<`);
    expect(entered.text).not.toContain(ENTER_BUTTON);
    // A second post changes nothing: back to the page that says they entered.
    expect((await post()).status).toBe(303);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM giveaway_entries WHERE user_id = $1', [shopper.userId]))[0]!.n).toBe(1);
  });

  it("shows an admin the entries, and a shopper none", async () => {
    const admin = await registerUser(api);
    await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
    const entrant = await registerUser(api);
    await request(api.url).post(GIVEAWAY_API.entry).set(UPSTREAM_HEADER.token, entrant.token).expect(200);
    const asAdmin = await page({ ...admin, profileType: 1 });
    expect(asAdmin.text).toContain('id="giveaway-entries-title"');
    expect(asAdmin.text).toContain(`<td>${entrant.userName}</td>`);
    expect((await page(entrant)).text).not.toContain('id="giveaway-entries-title"');
  });

  it("says it is closed once the api's clock passes the closing time, and offers no entry", async () => {
    const late = await registerUser(api);
    now = new Date(CLOSES + 1000);
    // A guest's document may be kept by the web's page cache for a minute: a country's page
    // nobody asked for yet, for the guest.
    const guest = await request(web.url).get('/us/giveaway').set('User-Agent', BROWSER).expect(200);
    for (const res of [await page(late), guest]) {
      expect(res.text).toContain(GIVEAWAY_MESSAGES.closed);
      expect(res.text).not.toContain(ENTER_BUTTON);
      expect(res.text).not.toContain('Sign in to enter the giveaway');
    }
  });
});
