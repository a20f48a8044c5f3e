import type { NextFunction, Request, Response } from 'express';
import { createStaticHandler, type RouteObject, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { COUNTRY_CODES } from '../../../shared/countries';
import { SITE_LANGUAGES, sitePrefix } from '../../../shared/i18n/languages';
import { CacheNone, documentCachePolicy } from '../../../shared/http/cache-policy';
import { pageDeadline } from '../upstream/api-upstream';
import type { TransferMetrics } from '../upstream/transfer-cache';
import { documentPayload } from './document-payload';
import { pageAssets, type ClientManifest } from './page-assets';
import { toFetchRequest } from './fetch-request';
import { sendFetchResponse } from './fetch-response';
import { createPageContext, type PageContextDeps } from './page-context';
import { renderDocument, type RenderOptions } from './render-document';
import { renderTurn } from './render-turns';

// GET/HEAD of any page (and POST of a page's form), in React Router's order: query() runs the
// action and loaders with this request's context (page-context.ts); a Response they return is
// sent as it is; otherwise status and headers are settled, then the payload is sealed
// (document-payload.ts) and React renders (render-document.tsx).

export type DocumentDeps = PageContextDeps &
  Omit<RenderOptions, 'entry'> & {
    assets: ClientManifest;
    routes: RouteObject[];
    transferMetrics: TransferMetrics;
    production: boolean;
  };

function loaderCacheControls(context: StaticHandlerContext): string[] {
  return Object.values(context.loaderHeaders)
    .map((headers) => headers.get('Cache-Control'))
    .filter((v): v is string => Boolean(v));
}

export function createDocumentHandler(deps: DocumentDeps) {
  // One static handler per site basename (a country and a language), made once: the routes are
  // the same, the prefix differs (spec section 2 "Country prefix", decision 0080).
  const handlers = new Map<string, StaticHandler>(
    COUNTRY_CODES.flatMap((code) =>
      SITE_LANGUAGES[code].map((language) => {
        const prefix = sitePrefix(code, language.segment);
        return [prefix, createStaticHandler(deps.routes, { basename: prefix })] as const;
      }),
    ),
  );
  const renderOptions: RenderOptions = {
    streamTimeoutMs: deps.streamTimeoutMs,
    renderMode: deps.renderMode,
    onRenderError: deps.onRenderError,
  };

  return async function handleDocument(req: Request, res: Response, next: NextFunction) {
    res.locals.routeLabel = 'document';
    // One deadline for every api call the page makes, from its start: a loader that calls in
    // steps (a search's list, then Recommended Products) gets no more time than one call.
    const deadline = pageDeadline(deps.api.upstream);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const { country, language } = res.locals.requestInfo;
    const prefix = sitePrefix(country, language.segment);
    const handler = handlers.get(prefix)!;
    const page = createPageContext(deps, req, res, { signal: controller.signal, deadline });

    let result: StaticHandlerContext | globalThis.Response;
    try {
      result = await handler.query(toFetchRequest(req, res.locals.address, deps.siteUrl, controller.signal, res.locals.formBody), { requestContext: page.context });
    } catch (error) {
      if (controller.signal.aborted) return;
      return next(error);
    }
    if (controller.signal.aborted) return;
    if (result instanceof globalThis.Response) return sendFetchResponse(res, result, prefix || '/');

    // Final before the first byte. A form post's answer is about that one submission: nobody
    // keeps it. Anything of the shopper's in the page keeps it out of shared caches.
    const policy = req.method === 'POST' ? CacheNone : documentCachePolicy(result.statusCode, page.personal(), loaderCacheControls(result));
    res.status(result.statusCode);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', policy.header);
    // A guest's copy of an address and a shopper's differ by the session's cookie: a browser
    // that kept the guest's copy (CacheShort) must not show it once they have signed in.
    res.vary('Cookie');
    if (req.method === 'HEAD') {
      res.end();
      return;
    }

    // Its render takes a turn of the event loop of its own (render-turns.ts).
    await renderTurn();
    if (controller.signal.aborted) return;
    // The page preloads the modules of the routes it matched (page-assets.ts).
    const payload = documentPayload(result, page.transfer, { ...page.config, assets: pageAssets(deps.assets, result.matches) }, deps);
    renderDocument(req, res, renderOptions, {
      dataRoutes: handler.dataRoutes,
      result,
      payload,
      translator: page.translator,
      used: page.used,
      signal: controller.signal,
    });
  };
}
