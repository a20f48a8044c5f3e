import { data } from 'react-router';
import { useShellMenu } from '../app/menu-wire';
import { CacheNone } from '../../shared/http/cache-policy';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';

// Spec section 2 "Not-found page": every unknown path under every country prefix lands
// here, inside the shell, with status 404 and nothing cached.
export function loader() {
  return data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
}

export const NOT_FOUND_TILES = [
  { label: 'Shop Women', slug: 'clothing' },
  { label: 'Shop Men', slug: 'men-clothing' },
  { label: 'Shop Shoes', slug: 'shoes' },
] as const;

export function Component() {
  const menu = useShellMenu();
  const tileImage = (slug: string) => menu.find((item) => item.itemSlug === slug);
  return (
    <section className="not-found">
      <PageMeta title="Page Not Found" description="We could not find the page you are looking for." path={null} noindex />
      <h1>Page Not Found</h1>
      <p>Oops! We could not find the page you are looking for. Sorry!</p>
      <p>
        <ShellLink to="/" className="button button-primary">
          Go to Home
        </ShellLink>
      </p>
      <ul className="not-found-tiles">
        {NOT_FOUND_TILES.map((tile) => {
          const menuItem = tileImage(tile.slug);
          return (
            <li key={tile.slug}>
              <ShellLink to={`/${tile.slug}`}>
                {menuItem?.previewImage && (
                  <img src={menuItem.previewImage} alt={menuItem.menuImageAlt ?? ''} width={480} height={320} loading="lazy" />
                )}
                {tile.label}
              </ShellLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
