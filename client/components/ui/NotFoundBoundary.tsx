import { Suspense, type ComponentType } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorView } from '../shell/RouteErrorView';

/**
 * The error boundary of a page whose subject the api may not know: its 404 is the not-found
 * page (`NotFound`, spec section 2), any other error the shell's error view. `lazy`: the
 * not-found page is a lazy part (client/app/lazy-part.ts), drawn inside a Suspense.
 */
export function notFoundBoundary(NotFound: ComponentType, { lazy = false } = {}): ComponentType {
  return function ErrorBoundary() {
    const error = useRouteError();
    if (!isRouteErrorResponse(error) || error.status !== 404) return <RouteErrorView />;
    return lazy ? (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    ) : (
      <NotFound />
    );
  };
}
