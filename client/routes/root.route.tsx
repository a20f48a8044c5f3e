import { useEffect } from 'react';
import { Outlet, data, useLoaderData, useRouteError, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { shellCalls } from '../../shared/api/shell-calls';
import { COUNTRIES } from '../../shared/countries';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, siteContext } from '../app/contexts';
import { sessionContext } from '../app/session-context';
import type { RootData } from '../app/root-data';
import { loadViewer } from '../app/viewer';
import { encodeMenu, useMenuWire } from '../app/menu-wire';
import { useT } from '../app/i18n';
import { describeRouteError } from '../app/route-error';
import { Document } from '../components/shell/Document';
import { Shell } from '../components/shell/Shell';

// The shell's data: menu and country. Spec section 8: "profile, home loading failures:
// silently ignored" — a failed call leaves its part empty and keeps the page out of caches.
export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const country = COUNTRIES[site.country];
  let degraded = false;
  // Who is signed in (the token cookie on the server, profile-type in the browser), for the header.
  const signedIn = context.get(sessionContext).signedIn();
  const calls = shellCalls(country);
  const [menu, countryInfo, viewer] = await Promise.all([
    api.get(calls.menu, 'MenuStructure').catch(() => {
      degraded = true;
      return { menuList: [] };
    }),
    api.get(calls.country, 'CountryResponse').catch(() => {
      degraded = true;
      return null;
    }),
    signedIn ? loadViewer(api) : null,
  ]);
  // Guests' pages carry no viewer at all (the same payload as before accounts existed).
  // The menu travels compact (client/app/menu-wire.ts): the api's answer itself is then not
  // referenced, so the payload does not carry it.
  const value: RootData = { menu: encodeMenu(menu.menuList), country: countryInfo, ...(viewer ? { viewer } : {}) };
  return degraded ? data(value, { headers: { 'Cache-Control': CacheNone.header } }) : value;
}

// Revalidating the shell on every navigation would refetch the menu for nothing.
export function shouldRevalidate() {
  return false;
}

/** Marks the document once React has hydrated it (tests and tools wait for this). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export function Component() {
  const { menu: wire, viewer } = useLoaderData<typeof loader>() as RootData;
  const menu = useMenuWire(wire);
  useHydratedMarker();
  return (
    <Document>
      <Shell menu={menu} viewer={viewer ?? null}>
        <Outlet />
      </Shell>
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const { title, message } = describeRouteError(error, useT());
  const menu = useMenuWire((root as RootData | undefined)?.menu);
  useHydratedMarker();
  return (
    <Document>
      <Shell menu={menu} viewer={(root as RootData | undefined)?.viewer ?? null}>
        <title>{`${title} | Vitrine`}</title>
        <section className="page-error">
          <h1>{title}</h1>
          <p>{message}</p>
        </section>
      </Shell>
    </Document>
  );
}
