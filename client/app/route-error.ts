import { data, isRouteErrorResponse } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import type { Translate } from '../../shared/i18n/translator';

/** Loaders rethrow API failures as route error responses with the API's status. */
export function rethrowAsRouteError(error: unknown): never {
  if (error instanceof ApiError) {
    throw data({ message: error.message }, { status: error.status >= 400 ? error.status : 502 });
  }
  throw error;
}

/**
 * What a person is told about a route error, in the page's language (issue 29): never a stack
 * trace or an internal detail. A 4xx's own message is the api's, which speaks the page's
 * language already (the x-locale header).
 */
export function describeRouteError(error: unknown, t: Translate): { status: number; title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, title: t('shell.error.notFound.title'), message: t('shell.error.notFound.message') };
    }
    if (error.status < 500) {
      const message = (error.data as { message?: unknown } | null)?.message;
      return { status: error.status, title: t('shell.error.client.title'), message: typeof message === 'string' ? message : error.statusText };
    }
    return { status: error.status, title: t('common.error.title'), message: t('common.error.server') };
  }
  return { status: 500, title: t('common.error.title'), message: t('common.error.server') };
}
