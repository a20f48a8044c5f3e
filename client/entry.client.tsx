import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterContextProvider, createBrowserRouter, matchRoutes, type DataStrategyFunction } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PAYLOAD_GLOBAL, resolveTransferEntries, type Payload } from '../shared/payload';
import { BrowserTransferCache, createBrowserApiClient } from './api/browser-api-client';
import { setBrowserApi } from './api/browser-api';
import { browserSession } from './api/browser-session';
import { sessionContext } from './app/session-context';
import { SiteConfigContext, apiContext, i18nContext, siteContext } from './app/contexts';
import { TranslatorProvider, browserTranslator, catalogReady, setCatalog } from './app/i18n';
import { siteLanguage } from '../shared/i18n/languages';
import { takeIntlAnswers } from '../shared/i18n/intl-answers';
import { deserializeRouteErrors } from './app/route-errors-codec';
import { routes } from './routes';
import './styles/main.css';

// ARCHITECTURE.md "Web request flow", in the browser: read the payload, seed the transfer cache, resolve lazy routes,
// hydrate. Navigations then run the same loaders here, against /api through the gateway.
const payload = (window as unknown as Record<string, Payload>)[PAYLOAD_GLOBAL];
if (!payload) throw new Error('The page payload is missing');
const { config, router: state, transfer } = payload;

// The page's language (decision 0080): the server's messages now, the whole catalogue when
// the browser is idle; a streamed page came without its messages, so they are fetched first.
const { locale } = siteLanguage(config.country, config.language);
const messages = payload.messages ?? {};
// What Intl answered the server's render: hydration formats from it (intl-answers.ts).
takeIntlAnswers(payload.intl);
const translator = browserTranslator(locale, messages);
setCatalog(messages, config.catalog);
if (!payload.messages) await catalogReady();

const api = createBrowserApiClient(new BrowserTransferCache(transfer), locale);
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

// Each step below is a task of its own, and hydration a transition, which React renders in
// slices of a few milliseconds that give way to input and paint: hydrating a listing of 48
// cards at the default priority was one task of 300-500 ms on a phone-class CPU, all of it
// counted as blocking time. What is rendered does not change, only when.
await yieldToBrowser();

const router = createBrowserRouter(routes, {
  basename: config.basename,
  hydrationData: {
    loaderData: resolveTransferEntries(state.loaderData, transfer),
    actionData: state.actionData,
    errors: deserializeRouteErrors(state.errors),
  },
  // A navigation's loaders and the page they lead to speak the whole catalogue.
  // Only the routes whose loaders run answer: a result for the others (the root, which never
  // revalidates) would replace their data with nothing.
  dataStrategy: (async ({ matches }) => {
    await catalogReady().catch(() => undefined);
    const loading = matches.filter((match) => match.shouldCallHandler());
    const results = await Promise.all(loading.map((match) => match.resolve()));
    return Object.fromEntries(loading.map((match, i) => [match.route.id, results[i]!]));
  }) satisfies DataStrategyFunction,
  getContext() {
    const context = new RouterContextProvider();
    context.set(i18nContext, translator);
    context.set(apiContext, api);
    context.set(siteContext, config);
    context.set(sessionContext, browserSession);
    return context;
  },
});

await yieldToBrowser();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteConfigContext.Provider value={config}>
        <TranslatorProvider translator={translator}>
          <RouterProvider router={router} />
        </TranslatorProvider>
      </SiteConfigContext.Provider>
    </StrictMode>,
    {
      // A hydration mismatch is a bug: say so where the e2e tests listen.
      onRecoverableError(error) {
        console.error('hydration error', error);
      },
    },
  );
});

// The rest of the catalogue, for navigations and parts drawn on demand, once the page is idle.
const idle = (globalThis as { requestIdleCallback?: (run: () => void) => void }).requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
idle(() => void catalogReady().catch(() => undefined));

/** Ends the current task so the browser can paint and handle input before the next step. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
