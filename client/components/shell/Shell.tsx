import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { MenuTile } from '../../../shared/api/home-schemas';

/** Header, content and footer: every page has them, error pages included. */
export function Shell({ menu, children }: { menu: readonly MenuTile[]; children: ReactNode }) {
  return (
    <div className="shell">
      <header className="site-header">
        <Link to="/" className="site-logo" aria-label="Vitrine home">
          Vitrine
        </Link>
        <nav aria-label="Main menu">
          <ul className="site-menu">
            {menu.map((item) => (
              <li key={item.itemId}>
                {item.externalUrl ? (
                  <a href={item.externalUrl} target="_blank" rel="noopener noreferrer">
                    {item.name}
                  </a>
                ) : (
                  <NavLink to={`/${item.itemSlug}`}>{item.name}</NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <p>Vitrine helps you discover, compare and shop fashion and beauty from hundreds of stores.</p>
        <p>
          <Link to="/about-us">About Us</Link>
        </p>
      </footer>
    </div>
  );
}
