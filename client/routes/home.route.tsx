import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useShellMenu } from '../app/menu-wire';
import type { MenuTile, PromoLink } from '../../shared/api/home-schemas';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, siteContext, useSiteConfig } from '../app/contexts';
import { useCountry } from '../app/site-hooks';
import { useT } from '../app/i18n';
import type { MessageId } from '../../shared/i18n/message-ids';
import type { MessageValues, Translate } from '../../shared/i18n/translator';
import { countryName } from '../components/ui/country-names';
import { menuItemName } from '../components/shell/MainMenu';
import { FashionTips } from '../components/home/FashionTips';
import { HomeCarousel, linkedSlides } from '../components/home/HomeCarousel';
import { HomeSection } from '../components/home/HomeSection';
import { homeStructuredData } from '../components/home/home-structured-data';
import { HowItWorks } from '../components/home/HowItWorks';
import { TileGrid, type Tile, type TileShape } from '../components/home/TileGrid';
import { JsonLd } from '../components/meta/JsonLd';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { HOME_API } from '../../shared/api/home-paths';

// The home page (spec section 2 "Home page", section 3 "Home data"). Seven calls, one per
// section, all with ?country=. Spec section 8: "home loading failures: silently ignored":
// a section whose call failed is left out, and the page is then not kept by any cache.
export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const { country } = context.get(siteContext);
  let degraded = false;
  const section = <T,>(call: Promise<T>): Promise<T | null> =>
    call.catch(() => {
      degraded = true;
      return null;
    });
  const query = { country };
  const [slides, topRated, blog, showcase, promoted, editorsPicks, tips] = await Promise.all([
    section(api.get(HOME_API.slides, 'Slides', query)),
    section(api.get(HOME_API.topRated, 'TopRated', query)),
    section(api.get(HOME_API.fashionBlog, 'Links', query)),
    section(api.get(HOME_API.showcase, 'Links', query)),
    section(api.get(HOME_API.promotedLinks, 'Links', query)),
    section(api.get(HOME_API.editorsPickLinks, 'Links', query)),
    section(api.get(HOME_API.fashionTips, 'FashionTips', query)),
  ]);
  // Answers are passed on as they came, so the page payload sends each once
  // (shared/payload.ts); filtering happens in the component.
  const value = {
    slides: slides?.sliders ?? null,
    topRated: topRated?.topRatedList ?? null,
    blog: blog?.links ?? null,
    showcase: showcase?.links ?? null,
    promoted: promoted?.links ?? null,
    editorsPicks: editorsPicks?.links ?? null,
    tips,
  };
  return degraded ? data(value, { headers: { 'Cache-Control': CacheNone.header } }) : value;
}

const toTiles = (links: readonly PromoLink[] | null | undefined): Tile[] =>
  (links ?? []).map((link) => ({ to: link.slug, title: link.linkTitle, image: link.image || null }));

/** The header's menu tiles as category links (spec: "hot-list menu links to /{itemSlug}"), named as the menu names them. */
function hotList(menu: readonly MenuTile[], t: Translate): Tile[] {
  // The Blog lives on another site; the hot list is for shopping here.
  return menu
    .filter((item) => !item.externalUrl)
    .map((item) => ({ to: `/${item.itemSlug}`, title: menuItemName(t, item.itemSlug, item.name), image: item.previewImage, alt: item.menuImageAlt }));
}

type TileSectionProps = { title: MessageId; intro?: MessageId; values?: MessageValues; tiles: Tile[]; shape: TileShape; className?: string };

/** A band of tiles; none, no band, and its words are not asked for, so the page does not carry them. */
function TileSection({ title, intro, values, tiles, shape, className }: TileSectionProps) {
  const t = useT();
  if (tiles.length === 0) return null;
  return (
    <HomeSection title={t(title)} intro={intro && t(intro, values)} className={className}>
      <TileGrid tiles={tiles} shape={shape} />
    </HomeSection>
  );
}

export function Component() {
  const home = useLoaderData<typeof loader>();
  const menu = useShellMenu();
  const site = useSiteConfig();
  const country = useCountry();
  const t = useT();
  const place = countryName(t, country.code);
  const slides = linkedSlides(home.slides ?? []);
  const [fashion, beauty] = home.topRated ?? [];
  return (
    <div className="home">
      <PageMeta title={t('home.meta.title')} description={t('home.meta.description')} path="/" images={slides.slice(0, 1).map((s) => s.image)} />
      <JsonLd data={homeStructuredData(site)} />
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {slides.length > 0 && <HomeCarousel slides={slides} label={t('home.carousel.label')} />}
      <TileSection title="home.hotList.title" intro="home.hotList.intro" tiles={hotList(menu, t)} shape="landscape" className="home-hot-list" />
      <TileSection title="home.promoted.title" tiles={toTiles(home.promoted)} shape="wide" className="home-promoted" />
      <TileSection title="home.brands.title" intro="home.brands.intro" tiles={toTiles(fashion?.brandSpotlight)} shape="square" className="home-spotlight home-brands" />
      <div className="home-duo">
        <TileSection title="home.designers.title" intro="home.designers.intro" tiles={toTiles(fashion?.designerSpotlight)} shape="square" className="home-spotlight" />
        <TileSection
          title="home.beautyStores.title"
          intro="home.beautyStores.intro"
          values={{ country: country.code.toLowerCase(), name: place }}
          tiles={toTiles(beauty?.beautyStoreSpotlight)}
          shape="square"
          className="home-spotlight"
        />
      </div>
      <TileSection title="home.editorsPicks.title" intro="home.editorsPicks.intro" tiles={toTiles(home.editorsPicks)} shape="square" className="home-editors-picks" />
      <TileSection title="home.blog.title" intro="home.blog.intro" tiles={toTiles(home.blog)} shape="landscape" className="home-blog" />
      <TileSection title="home.showcase.title" tiles={toTiles(home.showcase)} shape="portrait" className="home-showcase" />
      {home.tips && home.tips.length > 0 && (
        <HomeSection title={t('home.tips.title')} className="home-tips">
          <FashionTips tips={home.tips} />
        </HomeSection>
      )}
      <HowItWorks countryName={place} />
    </div>
  );
}

export { RouteErrorView as ErrorBoundary };
