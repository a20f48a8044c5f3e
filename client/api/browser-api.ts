import type { ApiClient } from '../../shared/api/api-client';
import { BrowserTransferCache, createBrowserApiClient } from './browser-api-client';

// The API client components use for what they do on their own (subscribe, suggest): the
// same one the loaders get, set by entry.client. Components only call it from event
// handlers and effects, which never run on the server.
let instance: ApiClient | undefined;

export function setBrowserApi(api: ApiClient): void {
  instance = api;
}

export function browserApi(): ApiClient {
  instance ??= createBrowserApiClient(new BrowserTransferCache({}));
  return instance;
}
