// The one inline payload a server-rendered page carries (ARCHITECTURE.md "Web request flow", step 4): router state,
// the transfer cache and public config. Loaders often hand an upstream answer (or a part
// of it) straight to the page; such values are sent once, in the transfer cache, and the
// router state points at them, so no answer is sent twice (ARCHITECTURE.md "Decision log").
import type { CountryCode } from './countries';
import type { LanguageSegment } from './i18n/languages';
import type { IntlAnswers } from './i18n/intl-answers';
import type { CompiledCatalog } from './i18n/translator';
import type { SocialProviderId } from './social-sign-in';

export type ClientAssets = { entry: string; css: string[]; modulepreload: string[] };

/** Public configuration: what the browser may know. No secrets, no internal hosts. */
export type SiteConfig = {
  country: CountryCode;
  /** The site's language, as its URL segment: '' for English (shared/i18n/languages.ts). */
  language: LanguageSegment;
  /** The prefix React Router runs under: '' for GB, '/us' for the USA, '/ca/fr' for Canada in French. */
  basename: string;
  /** The language's whole compiled catalogue (content-hashed, immutable). */
  catalog: string;
  /** The public origin pages are served from, for canonical and alternate links. */
  siteUrl: string;
  assets: ClientAssets;
  isBot: boolean;
  /** Social sign-in providers configured for the browser; absent: none. */
  socialProviders?: SocialProviderId[];
};

export type SerializedRouteError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

export type RouterState = {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedRouteError> | null;
};

export type Payload = {
  config: SiteConfig;
  /**
   * The messages the server's render used, so the first render in the browser has them; absent
   * on a streamed page, whose browser fetches the whole catalogue before hydrating.
   */
  messages?: CompiledCatalog;
  /** What Intl answered the server's render (intl-answers.ts); absent on a streamed page. */
  intl?: IntlAnswers;
  router: RouterState;
  transfer: Record<string, unknown>;
};

export const PAYLOAD_GLOBAL = '__VITRINE__';

/** A pointer from router state into the transfer cache: [key, ...property path]. */
type TransferRef = { $transfer: [string, ...string[]] };

const MAX_REF_DEPTH = 2;
const MAX_WALK_DEPTH = 3;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Replaces values in `loaderData` that are the very objects held in the transfer cache. */
export function referenceTransferEntries(
  loaderData: Record<string, unknown>,
  transfer: ReadonlyMap<string, unknown>,
): Record<string, unknown> {
  if (transfer.size === 0) return loaderData;
  const known = new Map<object, TransferRef['$transfer']>();
  const register = (value: unknown, path: TransferRef['$transfer'], depth: number) => {
    if (!isObject(value) || known.has(value)) return;
    known.set(value, path);
    if (depth >= MAX_REF_DEPTH || Array.isArray(value)) return;
    for (const [k, v] of Object.entries(value)) register(v, [...path, k], depth + 1);
  };
  for (const [key, value] of transfer) register(value, [key], 0);

  const walk = (value: unknown, depth: number): unknown => {
    if (!isObject(value)) return value;
    const ref = known.get(value);
    if (ref) return { $transfer: ref } satisfies TransferRef;
    if (depth >= MAX_WALK_DEPTH) return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, depth + 1);
    return out;
  };
  const out: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(loaderData)) out[routeId] = walk(data, 0);
  return out;
}

function isTransferRef(value: unknown): value is TransferRef {
  return isObject(value) && Array.isArray((value as TransferRef).$transfer) && Object.keys(value).length === 1;
}

/** The inverse of `referenceTransferEntries`, run in the browser before hydration. */
export function resolveTransferEntries(
  loaderData: Record<string, unknown>,
  transfer: Record<string, unknown>,
): Record<string, unknown> {
  const resolve = (ref: TransferRef): unknown => {
    const [key, ...path] = ref.$transfer;
    let value: unknown = transfer[key];
    for (const step of path) value = isObject(value) ? value[step] : undefined;
    return value;
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (!isObject(value)) return value;
    if (isTransferRef(value)) return resolve(value);
    if (depth >= MAX_WALK_DEPTH) return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, depth + 1);
    return out;
  };
  const out: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(loaderData)) out[routeId] = walk(data, 0);
  return out;
}
