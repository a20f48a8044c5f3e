import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import type { SerializedRouteError } from '../../shared/payload';

// Route errors cross from server to browser as plain data. An Error's message may hold
// internals (hosts, queries), so in production only its generic text travels.
export function serializeRouteErrors(
  errors: Record<string, unknown> | null | undefined,
  production: boolean,
): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedRouteError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      out[routeId] = { kind: 'response', status: error.status, statusText: error.statusText, data: error.data };
    } else {
      out[routeId] = {
        kind: 'error',
        message: production ? 'Unexpected Server Error' : error instanceof Error ? error.message : String(error),
      };
    }
  }
  return out;
}

export function deserializeRouteErrors(errors: Record<string, SerializedRouteError> | null): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] =
      error.kind === 'response' ? new ErrorResponseImpl(error.status, error.statusText, error.data) : new Error(error.message);
  }
  return out;
}
