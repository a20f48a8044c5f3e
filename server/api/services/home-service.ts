import type { z } from 'zod';
import type { FashionTipsSchema, PromoLink, Slide, TopRatedSchema } from '../../../shared/api/home-schemas';
import type { CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';
import { RatingService } from './rating-service';

// Home-page content (spec section 3 "Home data"). Rows with no country show everywhere;
// a country's own rows come first. The top-rated spotlights are curated (each entry has its
// picture) and ordered by shoppers' ratings: entries whose brand or store has rated products
// come first, best average first (then most ratings); the rest keep the curated order, so
// with no ratings at all the spotlights are exactly the content.

export type HomeSection =
  | 'slide'
  | 'brand-spotlight'
  | 'designer-spotlight'
  | 'beauty-store-spotlight'
  | 'fashion-blog'
  | 'showcase'
  | 'promoted'
  | 'editors-pick'
  | 'fashion-tip';

type ContentRow = { section: HomeSection; title: string; link: string | null; image: string | null; body: string | null };

type TopRatedList = z.infer<typeof TopRatedSchema>['topRatedList'];
type FashionTip = z.infer<typeof FashionTipsSchema>[number];

export class HomeService {
  constructor(
    private readonly db: Queryable,
    private readonly ratings = new RatingService(db),
  ) {}

  private async rows(country: CountryCode, sections: readonly HomeSection[]): Promise<ContentRow[]> {
    return this.db.query<ContentRow>(
      `SELECT section, title, link, image, body
         FROM home_content
        WHERE section = ANY($1::text[]) AND (country_code = $2 OR country_code IS NULL)
        ORDER BY section, country_code NULLS LAST, position, id`,
      [sections, country],
    );
  }

  async slides(country: CountryCode): Promise<Slide[]> {
    const rows = await this.rows(country, ['slide']);
    return rows.map((r) => ({ link: r.link, image: r.image ?? '', linkTitle: r.title }));
  }

  async links(country: CountryCode, section: HomeSection): Promise<PromoLink[]> {
    return toLinks(await this.rows(country, [section]));
  }

  async topRated(country: CountryCode): Promise<TopRatedList> {
    const [rows, ranked] = await Promise.all([
      this.rows(country, ['brand-spotlight', 'designer-spotlight', 'beauty-store-spotlight']),
      this.ratings.rankedSellers(),
    ]);
    const of = (section: HomeSection) => byRating(toLinks(rows.filter((r) => r.section === section)), ranked);
    // Spec: the first element holds the brand and designer spotlights, the second the beauty stores.
    return [
      { brandSpotlight: of('brand-spotlight'), designerSpotlight: of('designer-spotlight') },
      { beautyStoreSpotlight: of('beauty-store-spotlight') },
    ];
  }

  async fashionTips(country: CountryCode): Promise<FashionTip[]> {
    const rows = await this.rows(country, ['fashion-tip']);
    return rows.map((r) => ({ title: r.title, body: r.body ?? '', link: r.link, image: r.image }));
  }
}

function toLinks(rows: ContentRow[]): PromoLink[] {
  return rows
    .filter((r) => r.link)
    .map((r) => ({ slug: r.link ?? '', image: r.image ?? '', linkTitle: r.title }));
}

/** Rated brands and stores first, by their rank; the rest after, in the curated order. */
function byRating(links: PromoLink[], ranked: { brands: Map<string, number>; stores: Map<string, number> }): PromoLink[] {
  const rank = (link: PromoLink) => {
    const [, kind, slug] = /^\/(brand|store)\/([^/?#]+)/.exec(link.slug) ?? [];
    const position = kind === 'brand' ? ranked.brands.get(slug!) : kind === 'store' ? ranked.stores.get(slug!) : undefined;
    return position ?? Number.MAX_SAFE_INTEGER;
  };
  // Array.prototype.sort is stable: equal ranks (the unrated) keep the curated order.
  return [...links].sort((a, b) => rank(a) - rank(b));
}
