import type { RouteObject } from 'react-router';
import * as root from './routes/root.route';

/** The help pages (spec section 2 route table), one lazy module for all six. */
export const HELP_SLUGS = [
  'about-us',
  'contact-us',
  'faqs',
  'terms-and-conditions',
  'privacy-policy',
  'general-data-protection-notice',
] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

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
      ...HELP_SLUGS.map(
        (slug): RouteObject => ({ id: `help-${slug}`, path: slug, lazy: () => import('./routes/help.route').then((m) => m.helpRoute(slug)) }),
      ),
      { id: 'not-found', path: '*', lazy: () => import('./routes/not-found.route') },
    ],
  },
];
