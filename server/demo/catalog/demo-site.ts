import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { SALE_BANDS } from '../../../shared/constants';
import { bannerImageUrl, type BannerTheme } from '../../../shared/images';
import type { SiteContent } from '../../api/catalog/site-content';
import type { DemoWorld } from './demo-world';
import { Prng } from './prng';

// The demo's site.json: the header menu in the spec's order (section 2 "Global shell")
// and home-page content for each of the eight countries (section 3 "Home data"). Some
// rows are country-specific and some (country null) show everywhere; some slides have no
// link (the home page drops them), some links carry query strings and some are relative
// (the page prefixes those with the country).

export const BLOG_URL = 'https://blog.vitrine.example';

type Child = [name: string, slug: string, column: number];

const WOMEN_CHILDREN: Child[] = [
  ['Dresses', 'dresses', 0], ['Tops', 'tops', 0], ['T-Shirts', 't-shirts', 0], ['Shirts & Blouses', 'shirts-blouses', 0],
  ['Knitwear', 'knitwear', 0], ['Jeans', 'jeans', 0],
  ['Trousers', 'trousers', 1], ['Skirts', 'skirts', 1], ['Coats', 'coats', 1], ['Jackets', 'jackets', 1],
  ['Jumpsuits & Playsuits', 'jumpsuits', 1], ['Swimwear', 'swimwear', 1], ['Activewear', 'activewear', 1],
  ['Sneakers', 'sneakers', 2], ['Boots', 'boots', 2], ['Heels', 'heels', 2], ['Handbags', 'handbags', 2],
  ['Tote Bags', 'tote-bags', 2], ['Jewellery', 'jewellery', 2],
  ['Beauty', 'health-and-beauty', 3], ['Fragrance', 'fragrance', 3], ['Skincare', 'skincare', 3], ['Brands A-Z', 'brands/a-to-z', 3],
];

const MEN_CHILDREN: Child[] = [
  ['T-Shirts', 'men-t-shirt', 0], ['Shirts', 'men-shirts', 0], ['Polo Shirts', 'men-polo-shirts', 0], ['Knitwear', 'men-knitwear', 0],
  ['Sweatshirts & Hoodies', 'men-sweatshirts-hoodies', 0],
  ['Jeans', 'men-jeans', 1], ['Trousers', 'men-trousers', 1], ['Shorts', 'men-shorts', 1], ['Suits', 'men-suits', 1],
  ['Jackets', 'men-jackets', 2], ['Coats & Blazers', 'men-coats-blazers', 2], ['Sneakers', 'men-sneakers', 2], ['Shoes', 'men-shoes', 2],
  ['Accessories', 'men-accessories', 3], ['Bags', 'men-bags', 3], ['Grooming', 'men-grooming', 3], ['Brands A-Z', 'brands/a-to-z', 3],
];

const simple = (children: [string, string][]): Child[] => children.map(([name, slug]) => [name, slug, 0]);

type Top = { name: string; slug: string; theme: BannerTheme; alt: string; externalUrl?: string; children: Child[] };

const TOPS: Top[] = [
  { name: 'Featured', slug: 'featured', theme: 'editorial', alt: 'Featured: the edit of the week', children: [] },
  { name: 'Women', slug: 'clothing', theme: 'women', alt: "Shop women's clothing", children: WOMEN_CHILDREN },
  { name: 'Men', slug: 'men-clothing', theme: 'men', alt: "Shop men's clothing", children: MEN_CHILDREN },
  {
    name: 'Shoes', slug: 'shoes', theme: 'shoes', alt: 'Shop shoes',
    children: simple([['Sneakers', 'sneakers'], ['Boots', 'boots'], ['Heels', 'heels'], ['Flats', 'flats'], ['Sandals', 'sandals'], ['Loafers', 'loafers'], ["Men's Shoes", 'men-shoes'], ["Kids' Shoes", 'kids-shoes']]),
  },
  {
    name: 'Bags', slug: 'bags', theme: 'bags', alt: 'Shop bags',
    children: simple([['Handbags', 'handbags'], ['Tote Bags', 'tote-bags'], ['Backpacks', 'backpacks'], ['Clutch Bags', 'clutch-bags'], ['Cross-Body Bags', 'cross-body-bags'], ['Purses & Wallets', 'wallets'], ["Men's Bags", 'men-bags']]),
  },
  {
    name: 'Accessories', slug: 'accessories', theme: 'accessories', alt: 'Shop accessories',
    children: simple([['Belts', 'belts'], ['Scarves', 'scarves'], ['Hats', 'hats'], ['Sunglasses', 'sunglasses'], ['Watches', 'watches'], ['Jewellery', 'jewellery'], ['Ties', 'men-ties'], ['Gloves', 'gloves']]),
  },
  {
    name: 'Beauty', slug: 'health-and-beauty', theme: 'beauty', alt: 'Shop beauty',
    children: simple([['Makeup', 'makeup'], ['Skincare', 'skincare'], ['Fragrance', 'fragrance'], ['Nails', 'nails'], ["Men's Grooming", 'men-grooming']]),
  },
  { name: 'Sale', slug: 'sale', theme: 'sale', alt: 'Shop the sale', children: simple(SALE_BANDS.map((b) => [b.label, b.slug])) },
  { name: 'Dress Me', slug: 'dress-me', theme: 'showcase', alt: 'Dress Me: put a look together', children: [] },
  { name: 'Blog', slug: 'blog', theme: 'blog', alt: 'Read the Vitrine blog', externalUrl: BLOG_URL, children: [] },
];

export function buildDemoSite(world: DemoWorld): SiteContent {
  const rng = new Prng(world.options.seed).fork('site');
  const menu = TOPS.map((top, i) => ({
    name: top.name,
    slug: top.slug,
    externalUrl: top.externalUrl ?? null,
    columnIdx: 0,
    previewImage: bannerImageUrl(top.theme, i + 1, 480, 320),
    imageAlt: top.alt,
    children: top.children.map(([name, slug, columnIdx]) => ({ name, slug, columnIdx })),
  }));

  type Row = NonNullable<SiteContent['home']>[number];
  const home: Row[] = [];
  const add = (section: Row['section'], country: CountryCode | null, rows: Omit<Row, 'section' | 'country' | 'position'>[]) =>
    rows.forEach((row, position) => home.push({ section, country, position, ...row }));
  const banner = (theme: BannerTheme, w: number, h: number) => bannerImageUrl(theme, rng.int(1, 9999), w, h);

  const fashionBrands = world.brands.filter((b) => b.focus !== 'beauty' && !b.designer).slice(0, 6);
  const designers = world.brands.filter((b) => b.designer).slice(0, 4);

  // Shown on every country site.
  add('slide', null, [
    { title: "Men's tailoring, sharpened", link: '/men-coats-blazers', image: banner('men', 1200, 420), body: null },
    { title: 'Beauty bestsellers', link: '/health-and-beauty?sort=desc', image: banner('beauty', 1200, 420), body: null },
  ]);
  add('brand-spotlight', null, fashionBrands.map((b) => ({ title: b.name, link: `/brand/${b.slug}`, image: banner('brand', 400, 400), body: null })));
  add('designer-spotlight', null, (designers.length ? designers : world.brands.slice(0, 4)).map((b) => ({
    title: b.name, link: `/brand/${b.slug}`, image: banner('designer', 400, 400), body: null,
  })));
  add('fashion-blog', null, [
    { title: 'How to wear a slip dress in winter', link: `${BLOG_URL}/2025/11/slip-dress-in-winter`, image: banner('blog', 600, 400), body: null },
    { title: 'Ten trench coats that will outlast the trends', link: `${BLOG_URL}/2025/10/trench-coats`, image: banner('blog', 600, 400), body: null },
    { title: 'Our skincare editor on serums that earn their place', link: `${BLOG_URL}/2025/09/serums`, image: banner('blog', 600, 400), body: null },
    { title: 'The denim fits to know this season', link: `${BLOG_URL}/2025/08/denim-fits`, image: banner('blog', 600, 400), body: null },
  ]);
  add('editors-pick', null, [
    { title: 'Wedding guest edit', link: '/editors-picks/wedding-guest', image: banner('editorial', 600, 600), body: null },
    { title: 'Workwear that works', link: '/editors-picks/workwear', image: banner('editorial', 600, 600), body: null },
    { title: 'Weekend off-duty', link: '/editors-picks/off-duty', image: banner('editorial', 600, 600), body: null },
    { title: 'Holiday packing list', link: '/editors-picks/holiday', image: banner('editorial', 600, 600), body: null },
  ]);
  add('fashion-tip', null, [
    { title: 'Balance proportions', body: 'Pair a voluminous top with slim trousers, or a fitted knit with a full midi skirt.', link: '/midi-skirts', image: null },
    { title: 'Invest in outerwear', body: 'A well-cut coat is worn more than anything else you own: buy the best you can.', link: '/coats', image: null },
  ]);

  for (const country of COUNTRY_CODES) {
    const name = COUNTRIES[country].name;
    const local = world.stores.filter((s) => s.sellsTo.includes(country));
    const beautyStores = local.filter((s) => s.spec === 'beauty');
    add('slide', country, [
      { title: `${name} summer sale: up to 70% off`, link: '/sale', image: banner('sale', 1200, 420), body: null },
      { title: 'Red dresses for every occasion', link: '/dresses?colour=red', image: banner('women', 1200, 420), body: null },
      { title: 'The denim edit', link: 'jeans', image: banner('women', 1200, 420), body: null },
      // No link: the home page drops this slide (spec section 2).
      { title: `Free delivery from selected stores in ${name}`, link: null, image: banner('showcase', 1200, 420), body: null },
    ]);
    add('beauty-store-spotlight', country, (beautyStores.length ? beautyStores : local).slice(0, 4).map((s) => ({
      title: s.name, link: `/store/${s.slug}`, image: banner('store', 400, 400), body: null,
    })));
    add('showcase', country, [
      { title: 'Midi dresses', link: '/midi-dresses', image: banner('showcase', 600, 800), body: null },
      { title: 'Fresh sneakers', link: '/men-sneakers?sort=desc', image: banner('shoes', 600, 800), body: null },
      { title: 'Everyday totes', link: 'tote-bags', image: banner('bags', 600, 800), body: null },
      { title: 'Gold jewellery', link: '/jewellery?colour=gold', image: banner('accessories', 600, 800), body: null },
    ]);
    add('promoted', country, [
      { title: 'Half price and more', link: '/sale?offers=51.0-70.0', image: banner('sale', 600, 300), body: null },
      { title: 'Free delivery', link: '/shoes?freedelivery=true', image: banner('shoes', 600, 300), body: null },
      ...local.slice(0, 2).map((s) => ({ title: `Shop ${s.name}`, link: `/store/${s.slug}`, image: banner('store', 600, 300), body: null })),
    ]);
    add('fashion-tip', country, [
      {
        title: `Dressing for ${name}'s weather`,
        body: country === 'AE' || country === 'SG' || country === 'IN' || country === 'HK'
          ? 'Linen and cotton breathe in the heat; keep a light layer for air-conditioned rooms.'
          : 'Layer a fine knit under a trench and you are ready for whatever the day does.',
        link: country === 'AE' || country === 'SG' || country === 'IN' || country === 'HK' ? '/shirts-blouses' : '/knitwear',
        image: null,
      },
    ]);
  }
  return { version: 1, menu, home };
}
