import { Link, data } from 'react-router';
import { CacheNone } from '../../shared/http/cache-policy';
import { RouteErrorView } from '../components/shell/RouteErrorView';

// Every unknown path under every country prefix lands here, inside the shell, with 404.
export function loader() {
  return data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
}

export function Component() {
  return (
    <section className="not-found">
      <title>Page Not Found | Vitrine</title>
      <meta name="robots" content="noindex" />
      <h1>Page Not Found</h1>
      <p>Oops! We could not find the page you are looking for. Sorry!</p>
      <p>
        <Link to="/">Go to Home</Link>
      </p>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
