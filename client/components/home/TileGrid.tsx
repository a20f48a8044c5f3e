import { editorialLang } from '../../../shared/i18n/languages';
import { useLocale, useT } from '../../app/i18n';
import { isExternal, ShellLink } from '../ui/ShellLink';
import { imageSize, type ImageSize } from './image-size';

// Picture links in a grid (promoted links, spotlights, editor's picks, the blog, the
// showcase, the hot list). Links are site paths, relative paths ("jeans") or addresses
// elsewhere; ShellLink adds the country prefix or opens a new window. Everything here is
// below the fold: images load lazily and always carry their size.

export type Tile = {
  to: string;
  title: string;
  image: string | null;
  /** Alt text when the picture says more than the title; the title names the link otherwise. */
  alt?: string | null;
  kicker?: string;
};

export type TileShape = 'wide' | 'landscape' | 'square' | 'portrait';

const SLOT: Record<TileShape, ImageSize> = {
  wide: { width: 600, height: 300 },
  landscape: { width: 600, height: 400 },
  square: { width: 400, height: 400 },
  portrait: { width: 600, height: 800 },
};

export function TileGrid({ tiles, shape, className }: { tiles: readonly Tile[]; shape: TileShape; className?: string }) {
  const t = useT();
  const lang = editorialLang(useLocale());
  return (
    <ul className={`tile-grid tile-grid-${shape}${className ? ` ${className}` : ''}`}>
      {tiles.map((tile, i) => {
        const size = tile.image ? imageSize(tile.image, SLOT[shape]) : SLOT[shape];
        const external = isExternal(tile.to);
        return (
          <li key={`${i}-${tile.to}`} className="tile">
            <ShellLink to={tile.to} className="tile-link">
              <span className="tile-media">
                {tile.image && <img src={tile.image} alt={tile.alt ?? ''} width={size.width} height={size.height} loading="lazy" />}
              </span>
              <span className="tile-text">
                {tile.kicker && (
                  <span className="tile-kicker" lang={lang}>
                    {tile.kicker}
                  </span>
                )}
                <span className="tile-title" lang={lang}>
                  {tile.title}
                  {external && (
                    <>
                      <span className="tile-external" aria-hidden="true">
                        {'\u00a0↗'}
                      </span>
                      <span className="visually-hidden"> {t('home.tile.newWindow')}</span>
                    </>
                  )}
                </span>
              </span>
            </ShellLink>
          </li>
        );
      })}
    </ul>
  );
}
