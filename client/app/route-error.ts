import { data, isRouteErrorResponse } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { SERVER_ERROR_MESSAGE } from '../../shared/messages';

/** Loaders rethrow API failures as route error responses with the API's status. */
export function rethrowAsRouteError(error: unknown): never {
  if (error instanceof ApiError) {
    throw data({ message: error.message }, { status: error.status >= 400 ? error.status : 502 });
  }
  throw error;
}

/** What a person is told about a route error: never a stack trace or an internal detail. */
export function describeRouteError(error: unknown): { status: number; title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, title: 'Page Not Found', message: 'Oops! We could not find the page you are looking for. Sorry!' };
    }
    if (error.status < 500) {
      const message = (error.data as { message?: unknown } | null)?.message;
      return { status: error.status, title: 'Something is not right', message: typeof message === 'string' ? message : error.statusText };
    }
    return {
      status: error.status,
      title: 'Something went wrong',
      message: SERVER_ERROR_MESSAGE,
    };
  }
  return {
    status: 500,
    title: 'Something went wrong',
    message: SERVER_ERROR_MESSAGE,
  };
}
