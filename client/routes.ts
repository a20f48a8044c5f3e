import type { RouteObject } from 'react-router';
import * as root from './routes/root.route';

// Country-agnostic routes: the country prefix is React Router's basename ('' or '/us'),
// so every <Link> keeps the current country (spec section 2 "Country prefix").
// Pages are lazy: each is its own chunk, resolved before hydration on first load.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: root.loader,
    shouldRevalidate: root.shouldRevalidate,
    Component: root.Component,
    ErrorBoundary: root.ErrorBoundary,
    children: [
      { id: 'home', index: true, lazy: () => import('./routes/home.route') },
      { id: 'about-us', path: 'about-us', lazy: () => import('./routes/about-us.route') },
      { id: 'not-found', path: '*', lazy: () => import('./routes/not-found.route') },
    ],
  },
];
