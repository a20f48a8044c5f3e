import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterContextProvider, createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PAYLOAD_GLOBAL, resolveTransferEntries, type Payload } from '../shared/payload';
import { BrowserTransferCache, createBrowserApiClient } from './api/browser-api-client';
import { setBrowserApi } from './api/browser-api';
import { browserSession } from './api/browser-session';
import { sessionContext } from './app/session-context';
import { SiteConfigContext, apiContext, siteContext } from './app/contexts';
import { deserializeRouteErrors } from './app/route-errors-codec';
import { routes } from './routes';
import './styles/main.css';

// ARCHITECTURE.md "Web request flow", in the browser: read the payload, seed the transfer cache, resolve lazy routes,
// hydrate. Navigations then run the same loaders here, against /api through the gateway.
const payload = (window as unknown as Record<string, Payload>)[PAYLOAD_GLOBAL];
if (!payload) throw new Error('The page payload is missing');
const { config, router: state, transfer } = payload;

const api = createBrowserApiClient(new BrowserTransferCache(transfer));
setBrowserApi(api);

// Lazy route modules matched by this URL must be in place before hydrating, or the first
// render would not match the server's HTML.
const matches = matchRoutes(routes, window.location, config.basename) ?? [];
await Promise.all(
  matches.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const module = await route.lazy();
    Object.assign(route, module, { lazy: undefined });
  }),
);

const router = createBrowserRouter(routes, {
  basename: config.basename,
  hydrationData: {
    loaderData: resolveTransferEntries(state.loaderData, transfer),
    actionData: state.actionData,
    errors: deserializeRouteErrors(state.errors),
  },
  getContext() {
    const context = new RouterContextProvider();
    context.set(apiContext, api);
    context.set(siteContext, config);
    context.set(sessionContext, browserSession);
    return context;
  },
});

hydrateRoot(
  document,
  <StrictMode>
    <SiteConfigContext.Provider value={config}>
      <RouterProvider router={router} />
    </SiteConfigContext.Provider>
  </StrictMode>,
  {
    // A hydration mismatch is a bug: say so where the e2e tests listen.
    onRecoverableError(error) {
      console.error('hydration error', error);
    },
  },
);
