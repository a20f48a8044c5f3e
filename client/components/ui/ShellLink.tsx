import { createContext, memo, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSiteConfig } from '../../app/contexts';

// The shell renders a hundred and more links (menus, footer). React Router's <Link> runs
// several hooks per link, which showed in the SSR profile; these links read one context
// and navigate on the client the same way. Paths are site paths without the country
// prefix; external addresses open in a new window.

type Navigator = { prefix: string; navigate: (to: string) => void };
const NavigatorContext = createContext<Navigator | null>(null);

export function ShellLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { basename } = useSiteConfig();
  const value = useMemo<Navigator>(() => ({ prefix: basename, navigate: (to) => void navigate(to) }), [basename, navigate]);
  return <NavigatorContext.Provider value={value}>{children}</NavigatorContext.Provider>;
}

export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || /^(mailto|tel):/i.test(href);
}

/** "jeans" and "/jeans?colour=red" are site paths; a relative one gets its leading slash. */
export function sitePath(href: string): string {
  return href.startsWith('/') ? href : `/${href}`;
}

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A site link. Kept when its parent draws again with the same props (memo): a menu or a footer
 * drawn again once the page has hydrated (a button appearing beside its links) then leaves its
 * links alone (issue 31: the first load's main-thread work).
 */
export const ShellLink = memo(function ShellLink({ to, onClick, children, ...rest }: Props) {
  const nav = useContext(NavigatorContext);
  if (isExternal(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  const path = sitePath(to);
  const href = `${nav?.prefix ?? ''}${path === '/' && nav?.prefix ? '' : path}`;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !nav) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    nav.navigate(path);
  };
  return (
    <a href={href || '/'} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
});
