import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuTile } from '../../../shared/api/home-schemas';
import type { Department } from '../../../shared/constants';
import type { Translate } from '../../../shared/i18n/translator';
import { useT } from '../../app/i18n';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { categoryName, departmentName } from '../../app/taxonomy-names';
import { ShellLink } from '../ui/ShellLink';

// The header menu (spec section 2 "Global shell"), in the order the menu structure gives.
// Women and Men open four-column panels; other items with children a simple list.
// Without JavaScript: desktop panels open on hover and focus (CSS); on small screens the
// top items are a row of plain links. Once hydrated, small screens get a drawer in which
// one nested menu is open at a time (spec section 4 "Shell").

const MEGA_MENUS = new Set(['clothing', 'men-clothing']);

// Names in the page's language (issue 29): Women and Men are departments, every other item a
// category named by its slug; an item the taxonomy catalogue lacks keeps the menu's name.
const DEPARTMENT_ITEMS: Readonly<Record<string, Department>> = { clothing: 'women', 'men-clothing': 'men' };

/** The menu's items that are no category: named by the pages they open (issue 29). */
const PAGE_ITEMS: Readonly<Record<string, MessageId>> = {
  sale: 'listing.title.sale',
  featured: 'listing.title.featured',
  designers: 'listing.sitemap.designers',
  'dress-me': 'looks.dressMe.title',
};

export function menuItemName(t: Translate, slug: string, name: string): string {
  const department = DEPARTMENT_ITEMS[slug];
  if (department) return departmentName(t, department, name);
  const page = PAGE_ITEMS[slug];
  return page ? t(page) : categoryName(t, slug, name);
}
const COLUMNS = 4;

function columnsOf(item: MenuTile): MenuTile['childItems'][] {
  const columns: MenuTile['childItems'][] = Array.from({ length: COLUMNS }, () => []);
  for (const child of item.childItems) columns[Math.min(Math.max(child.columnIdx, 0), COLUMNS - 1)]!.push(child);
  return columns.filter((column) => column.length > 0);
}

export function MainMenu({ menu }: { menu: readonly MenuTile[] }) {
  const [enhanced, setEnhanced] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [openItem, setOpenItem] = useState<number | null>(null);
  const drawerId = useId();
  const location = useLocation();
  const t = useT();

  // The drawer's button and the submenu toggles are drawn only in the browser, once hydrated;
  // their words are said on the server too (below, whether drawn or not), so they travel with
  // the first page's messages and the buttons need not wait for the whole catalogue (issue 29).
  useEffect(() => setEnhanced(true), []);
  const drawerLabel = t('shell.menu.toggle');
  // A navigation closes the drawer.
  useEffect(() => {
    setDrawerOpen(false);
    setOpenItem(null);
  }, [location.pathname, location.search]);

  return (
    <nav aria-label={t('shell.menu.label')} className={`main-menu${enhanced ? ' is-enhanced' : ''}${drawerOpen ? ' drawer-open' : ''}`}>
      {enhanced && (
        <button
          type="button"
          className="menu-drawer-toggle"
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <span aria-hidden="true" className="burger" />
          {drawerLabel}
        </button>
      )}
      <ul className="menu-list" id={drawerId}>
        {menu.map((item) => {
          const hasChildren = item.childItems.length > 0;
          const mega = MEGA_MENUS.has(item.itemSlug);
          const open = openItem === item.itemId;
          const panelId = `menu-panel-${item.itemId}`;
          const name = menuItemName(t, item.itemSlug, item.name);
          const toggleLabel = hasChildren ? t('shell.menu.categories', { name }) : '';
          return (
            <li
              key={item.itemId}
              className={`menu-item${hasChildren ? ' has-children' : ''}${mega ? ' is-mega' : ''}${open ? ' is-open' : ''}`}
            >
              <div className="menu-row">
                <ShellLink to={item.externalUrl ?? `/${item.itemSlug}`} className="menu-link">
                  {name}
                </ShellLink>
                {hasChildren && enhanced && (
                  <button
                    type="button"
                    className="submenu-toggle"
                    aria-expanded={open}
                    aria-controls={panelId}
                    aria-label={toggleLabel}
                    onClick={() => setOpenItem(open ? null : item.itemId)}
                  />
                )}
              </div>
              {hasChildren && (
                <div className="menu-panel" id={panelId}>
                  {mega ? (
                    <div className="menu-columns">
                      {columnsOf(item).map((column, index) => (
                        <ul key={index} className="menu-column">
                          {column.map((child) => (
                            <li key={child.itemId}>
                              <ShellLink to={`/${child.itemSlug}`}>{categoryName(t, child.itemSlug, child.itemName)}</ShellLink>
                            </li>
                          ))}
                        </ul>
                      ))}
                    </div>
                  ) : (
                    <ul className="menu-simple">
                      {item.childItems.map((child) => (
                        <li key={child.itemId}>
                          <ShellLink to={`/${child.itemSlug}`}>{categoryName(t, child.itemSlug, child.itemName)}</ShellLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
