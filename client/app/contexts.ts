import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';
import type { ApiClient } from '../../shared/api/api-client';
import type { SiteConfig } from '../../shared/payload';
import type { Translator } from '../../shared/i18n/translator';

// What loaders receive in `context` on both sides: the API client (direct on the
// server, through the gateway in the browser) and the public site config.
export const apiContext = createContext<ApiClient>();
export const siteContext = createContext<SiteConfig>();
/** The page language's messages, for what loaders and actions say (titles, errors). */
export const i18nContext = createContext<Translator>();

// What components read: the same public site config.
export const SiteConfigContext = createReactContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('SiteConfigContext is missing');
  return config;
}
