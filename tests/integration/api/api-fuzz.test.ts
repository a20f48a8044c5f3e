import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { GuestKeyResponseSchema, PublicProfileResponseSchema } from '../../../shared/api/account-schemas';
import { API_ROUTES, findApiRoute, type ApiRoute } from '../../../shared/api/api-routes';
import { SITEMAP_KINDS } from '../../../shared/api/product-schemas';
import { SearchResponseSchema } from '../../../shared/api/search-schemas';
import { WishlistAddedSchema } from '../../../shared/api/wishlist-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { FILTER_TYPES } from '../../../shared/listing/vocabulary';
import { Accounts } from '../../../server/api/accounts/accounts';
import { createSession } from '../../../server/api/accounts/sessions';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { startSocialProviders } from '../../support/social-providers';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';

// Bad input gets a 4xx, never a 5xx: every route of the api contract (shared/api/api-routes.ts)
// is sent generated requests, straight to the api over loopback HTTP (no web, no XSRF), and
// every answer must be below 500. Requests are mostly valid-looking, with one or two hostile
// parts: NUL and other control characters, lone surrogates, ids beyond PostgreSQL's integer,
// negative and fractional numbers, very long text, arrays and objects where text belongs,
// odd Unicode, raw and broken percent-encoding, bodies that are not JSON, and, on personal
// routes, no identity, a live session, a guest key or a made-up token.
//
// FUZZ_RUNS sets the runs per route (default 100, fast-check's own: each run draws a new seed, so
// CI's runs add up to a longer hunt; 200 was 45 s more of CI, issue 26); FUZZ_SEED replays a failure.

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Social access tokens the stand-in providers know, each a person not seen before. */
const SOCIAL_TOKENS = 5_000;

let db: Database;
let accounts: Accounts;
let providers: Awaited<ReturnType<typeof startSocialProviders>>;
let api: Awaited<ReturnType<typeof startApi>>;
let agent: http.Agent;
/** The fuzzer's own account: its sessions may be ended, its name and password changed. */
let fuzzer: Awaited<ReturnType<typeof registerUser>>;
/** An account nobody changes, for valid-looking public profile addresses. */
let owner: Awaited<ReturnType<typeof registerUser>>;
let ownerPublicId: string;
let guestKey: string;
let sample: { guid: string; category: string; lastnode: string; slug: string };
/** A product of the catalogue, and a wishlist of the fuzzer's holding it. */
let sampleProductId: number;
let fuzzList: number;
/** Two size variants of the catalogue: the pieces of a valid-looking look. */
let lookGuids: string[];

beforeAll(async () => {
  providers = await startSocialProviders();
  for (let n = 0; n < SOCIAL_TOKENS; n++) {
    providers.facebookToken(`fb-${n}`, { id: `fb-user-${n}`, name: `Fuzz ${n}`, email: `fb${n}@example.com` });
    providers.googleToken(`gg-${n}`, { sub: `gg-user-${n}`, name: `Fuzz ${n}`, email: `gg${n}@example.com` });
  }
  db = await openDemoDatabase();
  accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings({ social: providers.settings() }) });
  api = await startApi(db, { accounts });
  agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  fuzzer = await registerUser(api);
  owner = await registerUser(api);
  guestKey = GuestKeyResponseSchema.parse((await send({ method: 'POST', path: ACCOUNT_API.guestKey, headers: {} })).json.data).key;
  const byName = await send({ method: 'GET', path: ACCOUNT_API.publicProfileByName(owner.userName), headers: {} });
  ownerPublicId = PublicProfileResponseSchema.parse(byName.json.data).userdetail.publicId;
  const card = SearchResponseSchema.parse((await send({ method: 'GET', path: `${SEARCH_API.list}?link=/dresses&perPage=1`, headers: {} })).json.data).products[0]!;
  const sv = card.variants[0]!.size_variants[0]!;
  sample = { guid: sv.guid, category: card.category_slug, lastnode: card.subcategory_slug, slug: sv.slug };
  sampleProductId = card.id;
  const token = (await createSession(db, fuzzer.userId, undefined)).token;
  const added = await send({
    method: 'POST',
    path: WISHLIST_API.add,
    headers: { [UPSTREAM_HEADER.token]: token, 'content-type': 'application/json' },
    body: JSON.stringify({ id: sampleProductId, listId: 0, listName: 'Fuzz' }),
  });
  fuzzList = WishlistAddedSchema.parse(added.json.data).lists[0]!.listId;
  lookGuids = (await db.query<{ guid: string }>('SELECT guid::text AS guid FROM size_variants ORDER BY id LIMIT 2')).map((r) => r.guid);
}, 120_000);

afterAll(async () => {
  agent?.destroy();
  await accounts?.settle();
  await api?.close();
  await providers?.close();
  await db?.close();
});

type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
type Answer = { status: number; text: string; json: { data?: unknown } };

/** One request on a kept-alive loopback connection, the path sent exactly as written. */
function send(request: FuzzRequest): Promise<Answer> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: request.method, path: request.path, headers: request.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Answer['json'] = {};
        try {
          json = JSON.parse(text) as Answer['json'];
        } catch {
          // Not every answer is JSON (profile pictures, the HTTP parser's own 4xx).
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

// ── what is generated ───────────────────────────────────────────────────────────────

const specials = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '2147483647',
  '2147483648',
  '4294967296',
  '9223372036854775808',
  '1'.repeat(40),
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  ' ',
  '',
  '.',
  '..',
  '/',
  '//evil.example',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '😀',
  'e\u0301',
  '\u202e',
  '\ufeff',
  'İ',
  'ß',
  '\u00a0',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
);

/** What made PostgreSQL fail before the edge rule, and its neighbours: sent often. */
const poison = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '2147483648', '9223372036854775808', '-1', '0', '1.5', '1e309', '%00');

/** Text a client could send: hostile characters, odd Unicode, numbers that are not ids, long runs. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: poison },
  { weight: 4, arbitrary: specials },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.oneof(poison, specials), fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A JSON value where the api expects something else. `undefined` drops the field. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 10, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -1, 0, 1.5, 1e308, -0) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), hostileText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** UTF-8 percent-encoding of everything but unreserved characters (lone surrogates become U+FFFD). */
function encodeAll(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** As written, escaping only what an HTTP request line cannot carry: broken escapes travel as they are. */
function encodeRaw(text: string, reserved: RegExp): string {
  let out = '';
  for (const char of text) {
    out += /[\u0021-\u007e]/.test(char) && !reserved.test(char) ? char : encodeAll(char);
  }
  return out;
}

const encoding = fc.constantFrom('all' as const, 'raw' as const);
const segment = (text: string, how: 'all' | 'raw') => (how === 'all' ? encodeAll(text) : encodeRaw(text, /[/?#]/));
const queryPart = (text: string, how: 'all' | 'raw') => (how === 'all' ? encodeAll(text) : encodeRaw(text, /[&=#+]/));

/** Valid-looking values of each path parameter (the rest of the time, hostile text). */
function pathSamples(name: string): string[] {
  const samples: Record<string, string[]> = {
    userName: [owner.userName, fuzzer.userName, 'nobody-by-this-name'],
    id: [ownerPublicId, randomUUID(), String(owner.userId), '1'],
    file: ['abcdefghijklmnop.webp', 'ABCDEFGHIJKLMNOPQRSTUVWX_-12.webp'],
    code: ['gb', 'US', 'in'],
    term: ['a', 'north', 'maison'],
    type: [...FILTER_TYPES, 'breadcrumb'],
    first: ['women', 'men', 'dre'],
    second: ['dre', 'kids', 'shirt'],
    text: ['dre', 'red dress', 'bag'],
    guid: [sample.guid, randomUUID()],
    category: [sample.category, 'clothing'],
    lastnode: [sample.lastnode, 'dresses'],
    slug: [sample.slug, 'no-such-slug'],
    kind: [...SITEMAP_KINDS],
    a: ['0', String(fuzzList), '1'],
    b: ['gb', 'US', 'xx'],
    c: ['added', 'price-asc', 'price-desc'],
    listId: [String(fuzzList), '1'],
    x: ['0', '1', 'shoes', 'tops'],
    productId: [String(sampleProductId), '1'],
    country: ['gb', 'US', 'xx'],
    alertId: ['1', '2147483647'],
  };
  const known = Object.hasOwn(samples, name) ? samples[name] : undefined;
  if (!known) throw new Error(`no valid-looking samples for the path parameter :${name}; add them here`);
  return known;
}

const QUERY_SAMPLES: Record<string, string[]> = {
  country: ['gb', 'US', 'in', ''],
  department: ['women', 'men', 'kids'],
  page: ['1', '2', '100000'],
  perPage: ['1', '20', '100', '50000'],
  q: ['dress', 'red shoes', ''],
  link: ['/dresses', '/brand/maison-harlow', '/sale', '/shop/red-dresses', '/editors-picks/summer'],
  find: ['a', 'north'],
  size: ['10', '500'],
  colour: ['red', 'black,white'],
  brand: ['maison-harlow'],
  storename: ['northlane'],
  category: ['clothing'],
  subcategory: ['dresses'],
  sort: ['asc', 'desc', 'sale', 'dropped', ''],
  priceRanges: ['10,100', '0,99999'],
  offers: ['51.0-70.0'],
  madein: ['gb,us'],
  internationaldelivery: ['true', 'gb'],
  sale: ['true'],
  coupons: ['1'],
  freedelivery: ['false'],
  pricedropped: ['true', '0'],
  care: ['machine-wash'],
  id: ['1', '42'],
  ids: ['1,2,3', '1'],
};

const queryArb: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...Object.keys(QUERY_SAMPLES)) }, { weight: 1, arbitrary: hostileText }),
      fc.boolean(),
      hostileText,
      encoding,
    ),
    { maxLength: 5 },
  )
  .chain((parts) =>
    fc.tuple(...parts.map(([key, valid, bad, how]) => (valid && Object.hasOwn(QUERY_SAMPLES, key) ? fc.constantFrom(...QUERY_SAMPLES[key]!) : fc.constant(bad)).map((value) => `${queryPart(key, how)}=${queryPart(value, how)}`))),
  )
  .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));

const pick = <T,>(...values: T[]) => fc.constantFrom(...values);
const freshEmail = fc.uuid().map((u) => `fuzz-${u.slice(0, 13)}@example.com`);
const secret = fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/);

/** Valid-looking fields of each route that takes a body; each field is hostile now and then. */
function bodyFields(route: string): Record<string, fc.Arbitrary<unknown>> {
  const fields: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    'POST /auth/login': { email: pick(fuzzer.email, owner.userName, 'nobody@example.com'), password: pick('wrong-password-1', fuzzer.password) },
    'POST /auth/facebook': { access_token: fc.nat(SOCIAL_TOKENS - 1).map((n) => `fb-${n}`), platform: pick('Vitrine Web'), location: pick('London, UK', null) },
    'POST /auth/google': { access_token: fc.nat(SOCIAL_TOKENS - 1).map((n) => `gg-${n}`), platform: pick('Vitrine Web'), location: pick('Leeds, UK', null) },
    'POST /api/account/register': {
      email: freshEmail,
      password: pick('velvet-sky-42'),
      confirm_password: pick('velvet-sky-42'),
      platform: pick('Vitrine Web'),
      location: pick('London, UK', null),
    },
    'DELETE /api/account/logout': {},
    'POST /api/account/forgot-password': { email: pick(fuzzer.email, 'nobody@example.com') },
    'POST /api/account/sign-in-link': { email: pick(fuzzer.email, owner.userName, 'nobody@example.com') },
    'POST /auth/sign-in-link': { tkn: secret, key: secret },
    'PUT /api/account/confirm-password': { tkn: secret, key: secret, password: pick('velvet-sky-43'), confirm_password: pick('velvet-sky-43') },
    'PUT /api/account/change-password': { old_password: pick(fuzzer.password, 'not-the-password'), password: pick('velvet-sky-44'), confirm_password: pick('velvet-sky-44') },
    'POST /api/account/guest-key': {},
    'PUT /api/account/edit-user-profile': { name: pick('Fuzz', 'Ana María'), userName: fc.uuid().map((u) => `fuzz${u.slice(0, 8)}`) },
    'PUT /api/account/upload-profile-image': {},
    'POST /api/account/subscribe': { email: freshEmail, source: pick('dialog', 'footer'), country: pick('gb', 'IN') },
    'PUT /api/account/confirm-subscription': { token: secret },
    'POST /api/products/add-csd': { id: pick(sample.guid), country: pick('GB', 'us'), source: pick('/dresses', '', '/search?q=red') },
    'POST /api/account/create-wishlist': { listName: fc.uuid().map((u) => `Fuzz ${u.slice(0, 8)}`) },
    'POST /api/account/wishlist': { id: pick(sampleProductId), listId: pick(0, fuzzList), listName: fc.uuid().map((u) => `Fuzz ${u.slice(0, 8)}`) },
    'PUT /api/account/wishlist': { listId: pick(fuzzList), listName: fc.uuid().map((u) => `Fuzz ${u.slice(0, 8)}`) },
    'PUT /api/account/wishlist-privacy': { listId: pick(fuzzList), isPublic: pick<number | boolean>(1, 0, true, false) },
    'PUT /api/account/wishlist-move-product': {
      id: pick(sampleProductId),
      s_listid: pick(fuzzList),
      d_listid: pick(0, fuzzList),
      d_listName: fc.uuid().map((u) => `Fuzz ${u.slice(0, 8)}`),
    },
    'POST /api/account/wishlist-default': { id: pick(sampleProductId) },
    'DELETE /api/account/wishlist-product/:listId/:productId': {},
    'DELETE /api/account/wishlist/:listId': {},
    'POST /api/account/editorspick-product': { id: pick(sampleProductId), listId: pick(1, 2), productName: pick('A dress') },
    'POST /api/account/save-set': {
      setName: pick('Fuzz Look', 'Summer Days'),
      setId: pick(0, 1),
      setPublic: pick<number | boolean>(1, 0, true),
      data: pick({ items: lookGuids.map((guid, i) => ({ guid, x: i * 500, y: 0, width: 400, height: 400, z: i })) }, undefined),
    },
    'DELETE /api/account/sets/:listId': {},
    'PUT /api/account/rename-lookbook': { listId: pick(1, 2), setName: pick('Fuzz Look', 'Fuzz!! Look'), setPublic: pick<number | boolean>(1, 0, false) },
    'POST /api/account/set-alerts': {
      id: pick(sample.guid, randomUUID()),
      email: freshEmail,
      alertPrice: pick<unknown>(null, '', '1', '1e1', 5, '1e400'),
      brandId: pick<unknown>(null, 1),
      storeId: pick<unknown>(null, 1),
      country: pick('gb', 'US'),
      kind: pick('sale', 'price'),
    },
    'POST /api/account/set-user-alerts': {
      id: pick(sample.guid, randomUUID()),
      alertPrice: pick<unknown>(null, '', '1', '1e1', 5, '1e400'),
      brandId: pick<unknown>(null, 1),
      storeId: pick<unknown>(null, 1),
      country: pick('gb', 'US'),
      kind: pick('sale', 'price'),
    },
    'DELETE /api/account/alerts/:alertId': {},
    'PUT /api/account/notifications-read': { upTo: pick<unknown>(1, '2147483647', 0) },
    'PUT /api/account/confirm-alerts': { token: secret },
    'POST /api/account/alert-unsubscribe': { token: pick(`v1.1.u1.${'A'.repeat(43)}`, 'v1.0.g1.x'), all: pick<unknown>(true, false, 1, '0') },
    'POST /api/account/product-rating': { id: pick(sampleProductId), star_rating: pick<unknown>(1, 5, 3, '4', 0, 6, 2.5) },
    'POST /api/account/giveaway-entry': {},
    'POST /api/account/brand-follow': { id: pick<unknown>(1, '2', 2147483647) },
    'DELETE /api/account/brand-unfollow/:id': {},
    'POST /api/account/store-follow': { id: pick<unknown>(1, '2', 2147483647) },
    'DELETE /api/account/store-unfollow/:id': {},
  };
  const known = Object.hasOwn(fields, route) ? fields[route] : undefined;
  if (!known) throw new Error(`no valid-looking body for ${route}; add its fields here`);
  return known;
}

function bodyArb(route: string): fc.Arbitrary<{ body: string; contentType: string | undefined }> {
  const fields = bodyFields(route);
  const names = Object.keys(fields);
  const valid = fc.record(fields);
  const extra = fc.dictionary(fc.string({ maxLength: 8 }), hostileJson, { maxKeys: 2 });
  // The deep paths need every other field right: one hostile field in a valid body, most of the time.
  const oneHostile = names.length
    ? fc.tuple(valid, fc.constantFrom(...names), hostileJson).map(([body, name, bad]) => ({ ...body, [name]: bad }))
    : fc.constant({});
  const someHostile = fc.record(Object.fromEntries(names.map((name) => [name, fc.oneof(fields[name]!, hostileJson)])));
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(oneHostile, extra).map(([known, more]) => JSON.stringify({ ...more, ...known })) },
    { weight: 2, arbitrary: someHostile.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: valid.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz', 'image/png', 'application/json; charset=latin1', undefined) },
  );
  return fc.record({ body, contentType });
}

const identityArb = fc.constantFrom('none' as const, 'session' as const, 'guest' as const, 'made-up' as const);
const clientArb = fc.option(fc.oneof(fc.ipV4(), fc.ipV6(), fc.stringMatching(/^[\x20-\x7e]{0,20}$/)), { nil: undefined });

type Generated = {
  params: Record<string, string>;
  encodings: ('all' | 'raw')[];
  query: string;
  body: { body: string; contentType: string | undefined } | undefined;
  identity: 'none' | 'session' | 'guest' | 'made-up';
  client: string | undefined;
};

function requestArb(route: ApiRoute): fc.Arbitrary<Generated> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const param = (name: string) => fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...pathSamples(name)) }, { weight: 2, arbitrary: hostileText });
  return fc.record({
    params: fc.record(Object.fromEntries(names.map((name) => [name, param(name)]))),
    encodings: fc.array(encoding, { minLength: names.length, maxLength: names.length }),
    query: queryArb,
    body: route.method === 'GET' ? fc.constant(undefined) : bodyArb(`${route.method} ${route.path}`),
    identity: identityArb,
    client: clientArb,
  });
}

async function build(route: ApiRoute, g: Generated): Promise<FuzzRequest> {
  let i = 0;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => segment(g.params[name]!, g.encodings[i++]!)) + g.query;
  const headers: Record<string, string> = {};
  if (g.identity === 'session') headers[UPSTREAM_HEADER.token] = (await createSession(db, fuzzer.userId, undefined)).token;
  if (g.identity === 'guest') headers[UPSTREAM_HEADER.guestKey] = guestKey;
  if (g.identity === 'made-up') headers[UPSTREAM_HEADER.token] = 'made-up-token-0123456789abcdef';
  if (g.client !== undefined) headers['x-forwarded-for'] = g.client;
  if (g.body?.contentType) headers['content-type'] = g.body.contentType;
  return { method: route.method, path, headers, ...(g.body ? { body: g.body.body } : {}) };
}

// ── what is asked of every answer ───────────────────────────────────────────────────

/** The default wordings of zod, Express's router and body-parser: none may reach a client. */
const LIBRARY_WORDING = /^Invalid input|expected .*, received|Too (big|small)|Invalid (option|string|number|key|element|union|type|format|value)|Unrecognized key|Failed to decode param|unsupported (charset|content encoding)|^bad request$/i;

/**
 * Words a person reads for a field besides its name: a link's secrets are the link, a
 * product's id the product (or item), the upload's body the image, and so on.
 */
const FIELD_WORDS: Record<string, string[]> = {
  token: ['link'],
  tkn: ['link'],
  key: ['link'],
  id: ['product', 'item'],
  alertPrice: ['price'],
  brandId: ['brand'],
  storeId: ['store'],
  setName: ['lookbook name'],
};

/** The fields a request to `route` may carry: path parameters, query parameters, body fields, the body itself. */
function routeFields(route: ApiRoute): string[] {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const body = route.method === 'GET' ? [] : [...Object.keys(bodyFields(`${route.method} ${route.path}`)), 'request body'];
  const upload = route.path === ACCOUNT_API.uploadProfileImage ? ['image'] : [];
  return [...params, ...Object.keys(QUERY_SAMPLES), ...body, ...upload];
}

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether `message` names one of `fields`, by name or by the words a person reads for it ("List Name" is listName). */
function namesAField(message: string, fields: string[]): boolean {
  return fields
    .flatMap((field) => [field, ...(FIELD_WORDS[field] ?? [])])
    .some((name) => new RegExp(`(^|[^a-z0-9_])${name.replace(/[^a-z0-9_ ]/gi, '')}($|[^a-z0-9_])`, 'i').test(message) || (name.length >= 4 && compact(message).includes(compact(name))));
}

/** What is wrong with an answer, if anything: a 5xx, a library's wording, a 400 that names no field. */
function problemWith(route: ApiRoute, answer: Answer): string | undefined {
  if (answer.status >= 500) return 'a 5xx';
  const { message, fields } = answer.json as { message?: unknown; fields?: Record<string, string> };
  // Not every 4xx is ours to word: the HTTP parser's own (a malformed request line, 431) has no body.
  if (answer.status < 400 || typeof message !== 'string') return undefined;
  if (LIBRARY_WORDING.test(message) || Object.values(fields ?? {}).some((text) => LIBRARY_WORDING.test(text))) return "a library's default wording";
  // The spec's own messages ('value is only whitespace') name their field in `fields`, as a form shows them.
  const named = namesAField(message, routeFields(route)) || Object.keys(fields ?? {}).some((field) => routeFields(route).includes(field));
  if (answer.status === 400 && !named) return 'a 400 that names no field';
  return undefined;
}

describe('every api route, under generated input', () => {
  for (const route of API_ROUTES) {
    it(`${route.method} ${route.path} never answers 5xx, and words every 4xx itself, naming the field of each 400`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (generated) => {
          const request = await build(route, generated);
          const answer = await send(request);
          // The route the api took (an empty last part makes /auto-suggest/x/ the one-part route).
          const problem = problemWith(findApiRoute(request.method, request.path) ?? route, answer);
          if (problem) {
            throw new Error(`${problem}: ${request.method} ${request.path} ${request.body ?? ''} → ${answer.status} ${answer.text.slice(0, 300)}`);
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  }
});
