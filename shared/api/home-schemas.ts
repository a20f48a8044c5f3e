import { z } from 'zod';

// Upstream payloads of spec section 7 "Home" and "Account" (menu, countries), parsed
// wherever they cross into the web server or the browser.

export const MenuChildSchema = z.object({
  itemName: z.string(),
  itemId: z.number(),
  columnIdx: z.number(),
  itemSlug: z.string(),
});

export const MenuTileSchema = z.object({
  itemId: z.number(),
  name: z.string(),
  itemSlug: z.string(),
  columnIdx: z.number(),
  previewImage: z.string().nullable(),
  menuImageAlt: z.string().nullable(),
  externalUrl: z.string().nullable(),
  childItems: z.array(MenuChildSchema),
});
export type MenuTile = z.infer<typeof MenuTileSchema>;

export const MenuStructureSchema = z.object({ menuList: z.array(MenuTileSchema) });

export const CountryInfoSchema = z.object({
  countryId: z.number(),
  currencyCode: z.string(),
  currencyName: z.string(),
  symbol: z.string(),
});

export const CountryResponseSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  countryInfo: CountryInfoSchema,
});
export type CountryResponse = z.infer<typeof CountryResponseSchema>;

export const SlideSchema = z.object({ link: z.string().nullable(), image: z.string(), linkTitle: z.string() });
export type Slide = z.infer<typeof SlideSchema>;
export const SlidesSchema = z.object({ sliders: z.array(SlideSchema) });

export const PromoLinkSchema = z.object({ slug: z.string(), image: z.string(), linkTitle: z.string() });
export type PromoLink = z.infer<typeof PromoLinkSchema>;
export const LinksSchema = z.object({ links: z.array(PromoLinkSchema) });

export const TopRatedSchema = z.object({
  topRatedList: z.tuple([
    z.object({ brandSpotlight: z.array(PromoLinkSchema), designerSpotlight: z.array(PromoLinkSchema) }),
    z.object({ beautyStoreSpotlight: z.array(PromoLinkSchema) }),
  ]),
});

export const FashionTipsSchema = z.array(
  z.object({ title: z.string(), body: z.string(), link: z.string().nullable(), image: z.string().nullable() }),
);
