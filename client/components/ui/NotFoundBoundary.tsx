import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorView } from '../shell/RouteErrorView';

/**
 * A page's error boundary when the api may not know what it shows: a 404 draws `children`
 * (the not-found page, spec section 2), any other error the shell's error view.
 */
export function NotFoundBoundary({ children }: { children: ReactNode }) {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? children : <RouteErrorView />;
}
