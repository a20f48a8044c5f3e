import { data } from 'react-router';
import { useShellMenu } from '../app/menu-wire';
import { CacheNone } from '../../shared/http/cache-policy';
import { useT } from '../app/i18n';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';

// Spec section 2 "Not-found page": every unknown path under every country prefix lands
// here, inside the shell, with status 404 and nothing cached.
export function loader() {
  return data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
}

const NOT_FOUND_TILES = [
  { label: 'shell.notFound.women', slug: 'clothing' },
  { label: 'shell.notFound.men', slug: 'men-clothing' },
  { label: 'shell.notFound.shoes', slug: 'shoes' },
] as const;

export function Component() {
  const menu = useShellMenu();
  const t = useT();
  const tileImage = (slug: string) => menu.find((item) => item.itemSlug === slug);
  return (
    <section className="not-found">
      <PageMeta title={t('shell.error.notFound.title')} description={t('shell.notFound.description')} path={null} noindex />
      <h1>{t('shell.error.notFound.title')}</h1>
      <p>{t('shell.error.notFound.message')}</p>
      <p>
        <ShellLink to="/" className="button button-primary">
          {t('shell.notFound.home')}
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
                {t(tile.label)}
              </ShellLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
