// What every paths module builds on: the api's prefixes and mount points, and `pathTo`, which
// turns a route pattern ('/api/account/sets/:listId') into the function that fills it. A path
// is spelt once, in its area's shared/api/*-paths.ts: the api's routers and API_ROUTES read the
// pattern, the client and the tests call the function. A path literal anywhere else is a lint
// error (eslint.config.js). No zod here: page scripts import every paths module.

/** The prefixes the web's gateway forwards to the api (its calls and its sign-in). */
export const API_PREFIX = '/api/';
export const AUTH_PREFIX = '/auth/';
/** The payments base's calls, which the gateway forwards there rather than to the api. */
export const PAYMENTS_PREFIX = '/api/payments/';

/** Where each api area's router is mounted (server/api/routes/areas.ts). */
export const API_MOUNTS = {
  auth: '/auth',
  api: '/api',
  account: '/api/account',
  home: '/api/home',
  search: '/api/search',
  products: '/api/products',
} as const;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type ValuesFor<Names extends unknown[]> = { [K in keyof Names]: string | number };
type PathArgs<P extends string> = ValuesFor<ParamNames<P>>;

/** A route's pattern and the function that fills its parameters in order, each URI-encoded. */
export type PathTo<P extends string, Args extends unknown[] = PathArgs<P>> = ((...args: Args) => string) & { readonly pattern: P };

export function pathTo<P extends string>(pattern: P): PathTo<P>;
/** With `build`: the arguments a caller gives, turned into the pattern's values (a country lower-cased…). */
export function pathTo<P extends string, Args extends unknown[]>(pattern: P, build: (...args: Args) => PathArgs<P>): PathTo<P, Args>;
// Filling a pattern has no side effects: the annotation lets the bundler drop a path nobody calls.
/* @__NO_SIDE_EFFECTS__ */
export function pathTo(pattern: string, build?: (...args: unknown[]) => unknown[]) {
  const fill = (...args: unknown[]) => {
    const values = build ? build(...args) : args;
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(String(values[next++])));
  };
  return Object.assign(fill, { pattern });
}

/** A route's pattern, whether its paths module gives it as a fixed path or as a PathTo. */
export const patternOf = (path: string | { readonly pattern: string }): string => (typeof path === 'string' ? path : path.pattern);
