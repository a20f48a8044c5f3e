import type { Request, Response } from 'express';
import { RouterContextProvider } from 'react-router';
import { apiContext, i18nContext, siteContext } from '../../../client/app/contexts';
import { sessionContext, type SessionControl } from '../../../client/app/session-context';
import { sitePrefix } from '../../../shared/i18n/languages';
import { createTranslator, type Translator } from '../../../shared/i18n/translator';
import { compiledCatalog } from '../../lib/catalogs';
import type { ClientAssets, SiteConfig } from '../../../shared/payload';
import { clearSessionCookies, cookieSaysAdmin, isSecureRequest, writeSessionCookies } from '../http/session-cookies';
import { publicSession, signInCallerOf, signInError, signInUpstream, signOutUpstream } from '../http/session-routes';
import { callerOf, type CallOptions } from '../upstream/api-upstream';
import { createServerApiClient, type ServerApiDeps } from '../upstream/server-api-client';
import { TransferCache, type TransferLimits } from '../upstream/transfer-cache';

// What one page's loaders and actions get in their context on the server: the api client
// (per-call scope, api-upstream.ts), the public site config and the session. The browser
// sets the same three contexts in entry.client.tsx.

export type PageContextDeps = {
  api: ServerApiDeps;
  assets: ClientAssets;
  siteUrl: string;
  /** Each catalogue's address as the browser loads it (the build's manifest). */
  catalogs: Readonly<Record<string, string>>;
  /** Providers the sign-in buttons may use (public: no ids, no secrets). */
  socialProviders: SiteConfig['socialProviders'];
  transferLimits: TransferLimits;
};

export type PageContext = {
  context: RouterContextProvider;
  config: SiteConfig;
  transfer: TransferCache;
  /** The page's messages, in its language; `used` is every id its render asked for. */
  translator: Translator;
  used: Set<string>;
  /** Whether anything of the shopper's went into this page: its cookies or a personal call. */
  personal(): boolean;
};

/** `calls`: the page's abort signal and its one deadline, shared by every api call it makes. */
export function createPageContext(deps: PageContextDeps, req: Request, res: Response, calls: CallOptions): PageContext {
  const info = res.locals.requestInfo;
  const caller = callerOf(req, res);
  const secure = isSecureRequest(req, deps.siteUrl);
  // Spec section 8: an 'UnAuthorized Access!' answer to a loader clears the session cookies
  // on this very response; the account loaders then send the shopper home.
  let sessionEnded = false;
  const endSession = () => {
    sessionEnded = true;
    if (!res.headersSent) clearSessionCookies(res, secure);
  };
  const signedIn = () => Boolean(caller.token) && !sessionEnded;
  // The profile-type cookie only decides what the page asks for; the api decides who is an admin.
  const isAdmin = () => signedIn() && cookieSaysAdmin(req);
  const transfer = new TransferCache(deps.transferLimits);
  const api = createServerApiClient(deps.api, {
    caller,
    transfer,
    calls,
    onUnauthorized: endSession,
    admin: isAdmin,
    revalidating: res.locals.pageCacheRevalidation === true,
    // A page kept by the page cache goes when what it shows is purged.
    onPurgeKeys: (keys) => {
      res.locals.purgeKeys ??= new Set();
      for (const key of keys) res.locals.purgeKeys.add(key);
    },
  });

  // Page actions (forms posted without JavaScript) sign in and out here; the cookies go on
  // this response, before the redirect that follows.
  const session: SessionControl = {
    signedIn,
    isAdmin,
    async signIn(path, body) {
      const result = await signInUpstream(deps.api.upstream, path, body, signInCallerOf(req, res), calls);
      if (!result.ok) throw signInError(result);
      writeSessionCookies(res, result, secure);
      return publicSession(result.session);
    },
    async signOut() {
      await signOutUpstream(deps.api.upstream, caller, calls);
      endSession();
    },
  };

  const language = info.language;
  const config: SiteConfig = {
    country: info.country,
    language: language.segment,
    basename: sitePrefix(info.country, language.segment),
    catalog: deps.catalogs[language.catalog] ?? '',
    siteUrl: deps.siteUrl,
    assets: deps.assets,
    isBot: info.isBot,
    ...(deps.socialProviders?.length ? { socialProviders: deps.socialProviders } : {}),
  };
  const used = new Set<string>();
  const translator = createTranslator(language.locale, compiledCatalog(language.catalog), (id) => used.add(id));
  const context = new RouterContextProvider();
  context.set(apiContext, api.client);
  context.set(i18nContext, translator);
  context.set(siteContext, config);
  context.set(sessionContext, session);

  return {
    context,
    config,
    transfer,
    translator,
    used,
    personal: () => Boolean(caller.token || caller.guestKey) || api.madePersonalCall(),
  };
}
