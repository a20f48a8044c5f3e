import { data, useParams, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { CacheNone } from '../../shared/http/cache-policy';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import * as add from './alert-add.route';
import * as confirm from './alert-confirm.route';
import * as unsubscribe from './alert-unsubscribe.route';
import * as userAlerts from './user-alerts.route';
import * as userSales from './user-sales.route';

// Every alert page as one lazy module: one chunk, and entries in the route table (which every
// page's first load carries) that differ in their names only. Each page is a module of its own:
//  - My Alerts and My Sales (user-alerts.route.tsx, user-sales.route.tsx), in the account area;
//  - /alerts/{page}/{key}, one route for three pages: add/{guid}, the Sale Alert / Price Alert
//    dialog as a page for a visitor without JavaScript (alert-add.route.tsx), and the pages
//    alert e-mails link to (shared/api/alert-paths.ts), confirm/{token} (alert-confirm.route.tsx)
//    and unsubscribe/{token} (alert-unsubscribe.route.tsx). Any other page under /alerts is
//    not found.

const PAGES = { add, confirm, unsubscribe } as const;

function pageOf(name: string | undefined): (typeof PAGES)[keyof typeof PAGES] {
  if (name === 'add' || name === 'confirm' || name === 'unsubscribe') return PAGES[name];
  throw data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
}

/** The page's own parameter names: add reads `guid`, the e-mails' pages `token`. */
function withParams<A extends LoaderFunctionArgs | ActionFunctionArgs>(args: A): A {
  const key = args.params.key;
  return { ...args, params: args.params.page === 'add' ? { guid: key } : { token: key } };
}

function PageComponent() {
  const Page = pageOf(useParams().page).Component;
  return <Page />;
}

const linkPages: Partial<RouteObject> = {
  loader: (args: LoaderFunctionArgs) => pageOf(args.params.page).loader(withParams(args)),
  action: (args: ActionFunctionArgs) => pageOf(args.params.page).action(withParams(args)),
  Component: PageComponent,
  ErrorBoundary: RouteErrorView,
};

export type AlertsRoute = 'pages' | 'alerts' | 'sales';

export function alertsRoute(name: AlertsRoute): Partial<RouteObject> {
  if (name === 'alerts') return { loader: userAlerts.loader, action: userAlerts.action, Component: userAlerts.Component, ErrorBoundary: RouteErrorView };
  if (name === 'sales') return { loader: userSales.loader, Component: userSales.Component, ErrorBoundary: RouteErrorView };
  return linkPages;
}
