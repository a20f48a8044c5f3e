import type { NextFunction, Request, Response } from 'express';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  RouterContextProvider,
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { SiteConfigContext, apiContext, siteContext } from '../../../client/app/contexts';
import { NonceContext } from '../../../client/app/nonce';
import { sessionContext, type SessionControl } from '../../../client/app/session-context';
import { serializeRouteErrors } from '../../../client/app/route-errors-codec';
import { COUNTRY_CODES, countryPrefix, type CountryCode } from '../../../shared/countries';
import { CacheNone, CachePrivate, CacheShort, type CachePolicy } from '../../../shared/http/cache-policy';
import { PAYLOAD_GLOBAL, referenceTransferEntries, type ClientAssets, type Payload, type SiteConfig } from '../../../shared/payload';
import { serializeForInlineScript } from '../../../shared/serialize-for-inline-script';
import { COOKIE } from '../../../shared/constants';
import { isAdminProfileType } from '../../../shared/api/account-schemas';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';
import type { RequestInfo } from '../http/request-info';
import { clearSessionCookies, isSecureRequest, writeSessionCookies } from '../http/session-cookies';
import { publicSession, signInError, signInUpstream, signOutUpstream } from '../http/session-routes';
import { createServerApiClient, type ServerApiDeps } from '../upstream/server-api-client';
import { TransferCache, type TransferLimits, type TransferMetrics } from '../upstream/transfer-cache';
import { CoalescingWritable } from './coalescing-writable';
import { toFetchRequest } from './fetch-request';

export type DocumentDeps = {
  routes: RouteObject[];
  assets: ClientAssets;
  siteUrl: string;
  /** Providers the sign-in buttons may use (public: no ids, no secrets). */
  socialProviders?: SiteConfig['socialProviders'];
  upstream: ServerApiDeps;
  transferLimits: TransferLimits;
  transferMetrics: TransferMetrics;
  streamTimeoutMs: number;
  production: boolean;
  /** 'string' exists for the benchmark: the same page through renderToString. */
  renderMode?: 'stream' | 'string';
  onRenderError: (error: unknown, req: Request) => void;
};

/** Decides the Cache-Control of a rendered page (design.md step 3: final before rendering). */
export function documentCachePolicy(status: number, personal: boolean, loaderCacheControl: string[]): CachePolicy {
  if (status === 404 || status >= 500) return CacheNone;
  if (personal) return CachePrivate;
  if (loaderCacheControl.some((v) => /no-store/.test(v))) return CacheNone;
  if (loaderCacheControl.some((v) => /private/.test(v))) return CachePrivate;
  return CacheShort;
}

function loaderCacheControls(context: StaticHandlerContext): string[] {
  return Object.values(context.loaderHeaders)
    .map((headers) => headers.get('Cache-Control'))
    .filter((v): v is string => Boolean(v));
}

/**
 * GET/HEAD of any page (and POST of a page's form): React Router's query() runs the loaders with a per-request
 * context, the status and headers are settled, then React streams the document.
 */
export function createDocumentHandler(deps: DocumentDeps) {
  // One static handler per country basename, made once: the routes are the same, the
  // prefix differs (spec section 2 "Country prefix").
  const handlers = new Map<CountryCode, StaticHandler>(
    COUNTRY_CODES.map((code) => [code, createStaticHandler(deps.routes, { basename: countryPrefix(code) })]),
  );

  return async function handleDocument(req: Request, res: Response, next: NextFunction) {
    const info = res.locals.requestInfo as RequestInfo;
    res.locals.routeLabel = 'document';
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });

    const transfer = new TransferCache(deps.transferLimits);
    const token: string | undefined = req.cookies?.[COOKIE.token] || undefined;
    const guestKey: string | undefined = req.cookies?.[COOKIE.guestKey];
    const secure = isSecureRequest(req, deps.siteUrl);
    // Spec section 8: an 'UnAuthorized Access!' answer to a loader clears the session cookies
    // on this very response; the account loaders then send the shopper home.
    let sessionEnded = false;
    const endSession = () => {
      sessionEnded = true;
      if (!res.headersSent) clearSessionCookies(res, secure);
    };
    const api = createServerApiClient(
      deps.upstream,
      {
        token,
        guestKey,
        geoCountry: info.geoCountry,
        bot: info.isBot,
        requestId: info.requestId,
        onUnauthorized: endSession,
      },
      transfer,
      controller.signal,
    );
    // Page actions (forms posted without JavaScript) sign in and out here; the cookies go
    // on this response, before the redirect that follows.
    const session: SessionControl = {
      signedIn: () => Boolean(token) && !sessionEnded,
      isAdmin: () => Boolean(token) && !sessionEnded && isAdminProfileType(Number(req.cookies?.[COOKIE.profileType])),
      async signIn(path, body) {
        const result = await signInUpstream(deps.upstream, path, body, { guestKey, info }, controller.signal);
        if (!result.ok) throw signInError(result);
        writeSessionCookies(res, result.session, secure);
        return publicSession(result.session);
      },
      async signOut() {
        await signOutUpstream(deps.upstream, { token, guestKey, info }, controller.signal);
        endSession();
      },
    };
    const config: SiteConfig = {
      country: info.country,
      basename: countryPrefix(info.country),
      siteUrl: deps.siteUrl,
      assets: deps.assets,
      isBot: info.isBot,
      ...(deps.socialProviders?.length ? { socialProviders: deps.socialProviders } : {}),
    };
    const context = new RouterContextProvider();
    context.set(apiContext, api);
    context.set(siteContext, config);
    context.set(sessionContext, session);

    let result: StaticHandlerContext | globalThis.Response;
    try {
      result = await handlers.get(info.country)!.query(toFetchRequest(req, deps.siteUrl, controller.signal), {
        requestContext: context,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      return next(error);
    }
    if (controller.signal.aborted) return;

    if (result instanceof globalThis.Response) {
      return sendFetchResponse(res, result);
    }

    const status = result.statusCode;
    const personal = Boolean(token);
    // A form post's answer is about that one submission: nobody keeps it.
    const policy = req.method === 'POST' ? CacheNone : documentCachePolicy(status, personal, loaderCacheControls(result));
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', policy.header);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }

    const transferred = transfer.seal();
    deps.transferMetrics.record(transfer.stats.entries, transfer.stats.bytes, transfer.stats.refused);
    const payload: Payload = {
      config,
      router: {
        loaderData: referenceTransferEntries(result.loaderData, transferred),
        actionData: result.actionData,
        errors: serializeRouteErrors(result.errors, deps.production),
      },
      transfer: Object.fromEntries(transferred),
    };

    const router = createStaticRouter(handlers.get(info.country)!.dataRoutes, result);
    const nonce = info.nonce;
    const tree = (
      <SiteConfigContext.Provider value={config}>
        <NonceContext.Provider value={nonce}>
          <StaticRouterProvider router={router} context={result} hydrate={false} nonce={nonce} />
        </NonceContext.Provider>
      </SiteConfigContext.Provider>
    );
    const payloadScript = `self.${PAYLOAD_GLOBAL}=${serializeForInlineScript(payload)};`;
    if (deps.renderMode === 'string') {
      const html = renderToString(tree);
      res.end(
        `<!DOCTYPE html>${html.replace(
          '</body>',
          `<script nonce="${nonce}">${payloadScript}</script><script type="module" src="${deps.assets.entry}" nonce="${nonce}" async=""></script></body>`,
        )}`,
      );
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const writable = new CoalescingWritable(res);
    const stream = renderToPipeableStream(
      tree,
      {
        nonce,
        bootstrapScriptContent: payloadScript,
        bootstrapModules: [deps.assets.entry],
        // Humans get the shell as soon as it is ready; crawlers get the whole page at once.
        onShellReady() {
          if (!info.isBot) stream.pipe(writable as unknown as NodeJS.WritableStream);
        },
        onAllReady() {
          if (info.isBot) stream.pipe(writable as unknown as NodeJS.WritableStream);
        },
        onShellError(error) {
          deps.onRenderError(error, req);
          clearTimeout(timer);
          if (!res.headersSent) {
            res.status(500).setHeader('Cache-Control', CacheNone.header);
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
          }
          res.end(FALLBACK_ERROR_PAGE);
        },
        onError(error) {
          if (!controller.signal.aborted) deps.onRenderError(error, req);
        },
      },
    );
    // A render that hangs must not hold the connection forever; React then sends what it
    // has and lets the client finish (React Router's entry.server does the same).
    timer = setTimeout(() => stream.abort(new Error('render timed out')), deps.streamTimeoutMs);
    const clear = () => clearTimeout(timer);
    res.once('finish', clear);
    res.once('close', () => {
      clear();
      if (!res.writableFinished) stream.abort(new Error('client disconnected'));
    });
  };
}

/** A redirect (or other Response) a loader returned; only same-site locations leave here. */
function sendFetchResponse(res: Response, response: globalThis.Response): void {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'location' && !isSameSitePath(value)) return;
    res.setHeader(name, value);
  });
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', CacheNone.header);
  if (response.status >= 300 && response.status < 400 && !isSameSitePath(response.headers.get('location') ?? '')) {
    res.setHeader('Location', '/');
  }
  void response.text().then((body) => res.end(body));
}

/** True for "/path" but not for "//host" or "/\host" (open-redirect tricks). */
export function isSameSitePath(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\');
}

// When even the shell cannot render: a plain page that still has a header and a way home.
const FALLBACK_ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong | Vitrine</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><header><a href="/">VITRINE</a></header><main><h1>Something went wrong</h1><p>${SERVER_ERROR_MESSAGE}</p><p><a href="/">Go to Home</a></p></main><footer><p>Vitrine helps you discover, compare and shop fashion.</p></footer></body></html>`;
