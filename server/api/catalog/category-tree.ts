import type { Department } from '../../../shared/constants';
import type { ProductKind } from '../../../shared/images';

// The category tree, one per department (spec section 1: clothing, shoes, bags,
// accessories, beauty; section 2: the header menu and the footer's tag pages).
// Every category is also a single-segment listing page (/dresses, /men-jeans), so slugs
// are unique across the whole site: women's categories use plain slugs, men's are
// prefixed `men-` and kids' `kids-` (so women's trainers are /sneakers and men's are
// /men-sneakers, without exception).

export type CategoryNode = {
  slug: string;
  name: string;
  /** The product picture drawn for this category (shared/images.ts); every leaf has one. */
  kind: ProductKind;
  /** Other names merchants give this category in product_type (singular forms are automatic). */
  aliases?: readonly string[];
  children?: readonly CategoryNode[];
};

export type DepartmentTree = { department: Department; roots: readonly CategoryNode[] };

function node(
  slug: string,
  name: string,
  kind: ProductKind,
  aliases: readonly string[] = [],
  children: readonly CategoryNode[] = [],
): CategoryNode {
  return { slug, name, kind, ...(aliases.length ? { aliases } : {}), ...(children.length ? { children } : {}) };
}

const WOMEN: readonly CategoryNode[] = [
  node('clothing', 'Clothing', 'dress', ['apparel'], [
    node('dresses', 'Dresses', 'dress', [], [
      node('maxi-dresses', 'Maxi Dresses', 'dress'),
      node('midi-dresses', 'Midi Dresses', 'dress'),
      node('mini-dresses', 'Mini Dresses', 'dress'),
      node('party-dresses', 'Party Dresses', 'dress', ['evening dresses', 'cocktail dresses', 'occasion dresses']),
    ]),
    node('tops', 'Tops', 'top', [], [
      node('t-shirts', 'T-Shirts', 't-shirt', ['tees', 't-shirts & vests']),
      node('shirts-blouses', 'Shirts & Blouses', 'blouse', ['shirts', 'blouses']),
      node('camis-vests', 'Camis & Vests', 'top', ['camisoles', 'cami tops', 'vests', 'tank tops']),
      node('bodysuits', 'Bodysuits', 'top'),
    ]),
    node('knitwear', 'Knitwear', 'knitwear', ['knits'], [
      node('jumpers', 'Jumpers', 'knitwear', ['sweaters', 'pullovers']),
      node('cardigans', 'Cardigans', 'knitwear'),
    ]),
    node('sweatshirts-hoodies', 'Sweatshirts & Hoodies', 'hoodie', ['hoodies', 'sweatshirts']),
    node('jeans', 'Jeans', 'jeans', ['denim'], [
      node('skinny-jeans', 'Skinny Jeans', 'jeans'),
      node('straight-jeans', 'Straight Jeans', 'jeans', ['straight leg jeans']),
      node('wide-leg-jeans', 'Wide-Leg Jeans', 'jeans', ['flared jeans']),
      node('mom-jeans', 'Mom Jeans', 'jeans', ['boyfriend jeans']),
    ]),
    node('trousers', 'Trousers', 'trousers', ['pants'], [
      node('wide-leg-trousers', 'Wide-Leg Trousers', 'trousers', ['palazzo trousers']),
      node('tailored-trousers', 'Tailored Trousers', 'trousers', ['cigarette trousers']),
      node('leggings', 'Leggings', 'trousers'),
    ]),
    node('skirts', 'Skirts', 'skirt', [], [
      node('mini-skirts', 'Mini Skirts', 'skirt'),
      node('midi-skirts', 'Midi Skirts', 'skirt'),
      node('maxi-skirts', 'Maxi Skirts', 'skirt'),
    ]),
    node('shorts', 'Shorts', 'shorts'),
    node('coats', 'Coats', 'coat', [], [
      node('trench-coats', 'Trench Coats', 'coat', ['macs', 'raincoats']),
      node('wool-coats', 'Wool Coats', 'coat', ['overcoats']),
      node('puffer-coats', 'Puffer Coats', 'coat', ['padded coats', 'puffer jackets']),
    ]),
    node('jackets', 'Jackets', 'jacket', [], [
      node('denim-jackets', 'Denim Jackets', 'jacket'),
      node('leather-jackets', 'Leather Jackets', 'jacket', ['biker jackets']),
    ]),
    node('blazers', 'Blazers', 'blazer', ['suit jackets']),
    node('jumpsuits', 'Jumpsuits & Playsuits', 'jumpsuit', ['jumpsuits', 'playsuits']),
    node('swimwear', 'Swimwear', 'swimwear', ['beachwear', 'swim'], [
      node('bikinis', 'Bikinis', 'swimwear'),
      node('swimsuits', 'Swimsuits', 'swimwear', ['one-piece swimsuits', 'bathing suits']),
    ]),
    node('lingerie', 'Lingerie', 'lingerie', ['underwear'], [
      node('bras', 'Bras', 'lingerie'),
      node('knickers', 'Knickers', 'lingerie', ['briefs', 'panties']),
    ]),
    node('nightwear', 'Nightwear', 'nightwear', ['pyjamas', 'sleepwear', 'loungewear']),
    node('activewear', 'Activewear', 'activewear', ['sportswear', 'gym wear']),
  ]),
  node('shoes', 'Shoes', 'heels', ['footwear'], [
    node('sneakers', 'Sneakers', 'sneakers', ['trainers']),
    node('boots', 'Boots', 'boots', [], [
      node('ankle-boots', 'Ankle Boots', 'boots'),
      node('knee-high-boots', 'Knee-High Boots', 'boots', ['long boots']),
    ]),
    node('heels', 'Heels', 'heels', ['high heels', 'pumps', 'court shoes']),
    node('flats', 'Flats', 'flats', ['ballet flats', 'ballerinas', 'flat shoes']),
    node('sandals', 'Sandals', 'sandals', ['sliders']),
    node('loafers', 'Loafers', 'loafers'),
  ]),
  node('bags', 'Bags', 'handbag', [], [
    node('handbags', 'Handbags', 'handbag', ['shoulder bags']),
    node('tote-bags', 'Tote Bags', 'tote', ['totes', 'shopper bags']),
    node('backpacks', 'Backpacks', 'backpack', ['rucksacks']),
    node('clutch-bags', 'Clutch Bags', 'clutch', ['clutches', 'evening bags']),
    node('cross-body-bags', 'Cross-Body Bags', 'crossbody', ['crossbody bags', 'cross body']),
    node('wallets', 'Purses & Wallets', 'wallet', ['purses', 'wallets']),
  ]),
  node('accessories', 'Accessories', 'scarf', [], [
    node('belts', 'Belts', 'belt'),
    node('scarves', 'Scarves', 'scarf', ['scarf']),
    node('hats', 'Hats', 'hat', ['caps', 'hats & caps']),
    node('sunglasses', 'Sunglasses', 'sunglasses', ['eyewear']),
    node('watches', 'Watches', 'watch'),
    node('jewellery', 'Jewellery', 'necklace', ['jewelry'], [
      node('necklaces', 'Necklaces', 'necklace', ['pendants']),
      node('earrings', 'Earrings', 'earrings'),
      node('bracelets', 'Bracelets', 'bracelet', ['bangles']),
    ]),
    node('gloves', 'Gloves', 'gloves'),
  ]),
  node('health-and-beauty', 'Beauty', 'lipstick', ['health & beauty', 'beauty & personal care'], [
    node('makeup', 'Makeup', 'palette', ['make-up', 'cosmetics'], [
      node('lips', 'Lips', 'lipstick', ['lip makeup'], [
        node('lipstick', 'Lipstick', 'lipstick'),
        node('lip-gloss', 'Lip Gloss', 'lipstick'),
      ]),
      node('eyes', 'Eyes', 'mascara', ['eye makeup'], [
        node('mascara', 'Mascara', 'mascara'),
        node('eyeshadow-palettes', 'Eyeshadow Palettes', 'palette', ['eyeshadow', 'eye shadow', 'palettes']),
      ]),
      node('face', 'Face', 'palette', ['face makeup'], [
        node('foundation', 'Foundation', 'skincare', ['concealer']),
        node('blush-bronzer', 'Blush & Bronzer', 'palette', ['blush', 'bronzer', 'highlighter']),
      ]),
    ]),
    node('nails', 'Nails', 'nail-polish', ['nail polish', 'nail care']),
    node('fragrance', 'Fragrance', 'perfume', ['perfume', 'fragrances']),
    node('skincare', 'Skincare', 'skincare', ['skin care'], [
      node('serums', 'Serums', 'skincare', ['face serums']),
      node('moisturisers', 'Moisturisers', 'skincare', ['moisturizers', 'face creams']),
      node('cleansers', 'Cleansers', 'skincare', ['face wash']),
      node('face-masks', 'Face Masks', 'skincare'),
    ]),
  ]),
];

const MEN: readonly CategoryNode[] = [
  node('men-clothing', 'Clothing', 't-shirt', ['apparel'], [
    node('men-t-shirt', 'T-Shirts', 't-shirt', ['tees', 't-shirts & vests']),
    node('men-shirts', 'Shirts', 'shirt', [], [
      node('men-casual-shirts', 'Casual Shirts', 'shirt', ['oxford shirts', 'linen shirts']),
      node('men-formal-shirts', 'Formal Shirts', 'shirt', ['dress shirts']),
    ]),
    node('men-polo-shirts', 'Polo Shirts', 't-shirt', ['polos']),
    node('men-knitwear', 'Knitwear', 'knitwear', ['jumpers', 'sweaters', 'cardigans']),
    node('men-sweatshirts-hoodies', 'Sweatshirts & Hoodies', 'hoodie', ['hoodies', 'sweatshirts']),
    node('men-jeans', 'Jeans', 'jeans', ['denim'], [
      node('men-slim-jeans', 'Slim Jeans', 'jeans', ['skinny jeans']),
      node('men-straight-jeans', 'Straight Jeans', 'jeans', ['regular jeans']),
      node('men-tapered-jeans', 'Tapered Jeans', 'jeans', ['relaxed jeans']),
    ]),
    node('men-trousers', 'Trousers', 'trousers', ['pants'], [
      node('men-chinos', 'Chinos', 'trousers'),
      node('men-joggers', 'Joggers', 'trousers', ['sweatpants', 'track pants']),
    ]),
    node('men-shorts', 'Shorts', 'shorts'),
    node('men-jackets', 'Jackets', 'jacket', [], [
      node('men-denim-jackets', 'Denim Jackets', 'jacket'),
      node('men-bomber-jackets', 'Bomber Jackets', 'jacket', ['bombers']),
      node('men-leather-jackets', 'Leather Jackets', 'jacket', ['biker jackets']),
    ]),
    node('men-coats-blazers', 'Coats & Blazers', 'coat', [], [
      node('men-coats', 'Coats', 'coat', ['overcoats', 'parkas']),
      node('men-blazers', 'Blazers', 'blazer', ['sports jackets']),
    ]),
    node('men-suits', 'Suits', 'suit', ['tailoring']),
    node('men-swimwear', 'Swimwear', 'swimwear', ['swim shorts']),
    node('men-nightwear', 'Nightwear & Loungewear', 'nightwear', ['pyjamas', 'loungewear']),
    node('men-activewear', 'Activewear', 'activewear', ['sportswear', 'gym wear']),
  ]),
  node('men-shoes', 'Shoes', 'sneakers', ['footwear'], [
    node('men-sneakers', 'Sneakers', 'sneakers', ['trainers']),
    node('men-boots', 'Boots', 'boots', ['chelsea boots']),
    node('men-formal-shoes', 'Formal Shoes', 'loafers', ['brogues', 'oxfords', 'derby shoes']),
    node('men-loafers', 'Loafers', 'loafers'),
    node('men-sandals', 'Sandals', 'sandals', ['sliders', 'flip flops']),
  ]),
  node('men-bags', 'Bags', 'backpack', [], [
    node('men-backpacks', 'Backpacks', 'backpack', ['rucksacks']),
    node('men-messenger-bags', 'Messenger Bags', 'crossbody', ['cross-body bags', 'crossbody bags']),
    node('men-holdalls', 'Holdalls & Totes', 'tote', ['holdalls', 'weekend bags', 'tote bags']),
    node('men-wallets', 'Wallets', 'wallet', ['card holders']),
  ]),
  node('men-accessories', 'Accessories', 'belt', [], [
    node('men-belts', 'Belts', 'belt'),
    node('men-ties', 'Ties', 'tie', ['bow ties']),
    node('men-hats', 'Hats', 'hat', ['caps', 'beanies']),
    node('men-sunglasses', 'Sunglasses', 'sunglasses', ['eyewear']),
    node('men-watches', 'Watches', 'watch'),
    node('men-scarves', 'Scarves', 'scarf'),
    node('men-gloves', 'Gloves', 'gloves'),
    node('men-jewellery', 'Jewellery', 'bracelet', ['jewelry', 'bracelets', 'necklaces']),
  ]),
  node('men-grooming', 'Grooming', 'skincare', ['beauty', 'health & beauty', 'toiletries'], [
    node('men-fragrance', 'Fragrance', 'perfume', ['aftershave', 'cologne', 'perfume']),
    node('men-skincare', 'Skincare', 'skincare', ['skin care', 'shaving']),
  ]),
];

const KIDS: readonly CategoryNode[] = [
  node('kids-clothing', 'Clothing', 't-shirt', ['apparel'], [
    node('kids-dresses', 'Dresses', 'dress'),
    node('kids-tops', 'Tops & T-Shirts', 't-shirt', ['tops', 't-shirts', 'tees']),
    node('kids-knitwear', 'Knitwear', 'knitwear', ['jumpers', 'cardigans']),
    node('kids-sweatshirts-hoodies', 'Sweatshirts & Hoodies', 'hoodie', ['hoodies', 'sweatshirts']),
    node('kids-jeans', 'Jeans', 'jeans'),
    node('kids-trousers', 'Trousers & Leggings', 'trousers', ['trousers', 'leggings', 'joggers']),
    node('kids-shorts', 'Shorts', 'shorts'),
    node('kids-skirts', 'Skirts', 'skirt'),
    node('kids-coats-jackets', 'Coats & Jackets', 'jacket', ['coats', 'jackets']),
    node('kids-swimwear', 'Swimwear', 'swimwear'),
    node('kids-nightwear', 'Pyjamas', 'nightwear', ['nightwear']),
  ]),
  node('kids-shoes', 'Shoes', 'sneakers', ['footwear'], [
    node('kids-sneakers', 'Sneakers', 'sneakers', ['trainers']),
    node('kids-boots', 'Boots', 'boots', ['wellies']),
    node('kids-sandals', 'Sandals', 'sandals'),
    node('kids-school-shoes', 'School Shoes', 'loafers'),
  ]),
  node('kids-accessories', 'Accessories & Bags', 'hat', ['accessories', 'bags'], [
    node('kids-backpacks', 'Backpacks', 'backpack', ['school bags']),
    node('kids-hats', 'Hats', 'hat', ['caps']),
    node('kids-gloves', 'Gloves & Mittens', 'gloves', ['gloves', 'mittens']),
    node('kids-sunglasses', 'Sunglasses', 'sunglasses'),
  ]),
];

export const CATEGORY_TREE: readonly DepartmentTree[] = [
  { department: 'women', roots: WOMEN },
  { department: 'men', roots: MEN },
  { department: 'kids', roots: KIDS },
];

/** One category with its place in the tree, as stored in `categories`. */
export type FlatCategory = {
  department: Department;
  slug: string;
  name: string;
  kind: ProductKind;
  parentSlug: string | null;
  depth: number;
  /** Slugs from the top down, joined by '/'. */
  path: string;
  /** Order among siblings, as listed. */
  position: number;
  isLeaf: boolean;
  aliases: readonly string[];
};

function flatten(): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (department: Department, nodes: readonly CategoryNode[], parent: FlatCategory | null) => {
    nodes.forEach((n, position) => {
      const flat: FlatCategory = {
        department,
        slug: n.slug,
        name: n.name,
        kind: n.kind,
        parentSlug: parent?.slug ?? null,
        depth: (parent?.depth ?? 0) + 1,
        path: parent ? `${parent.path}/${n.slug}` : n.slug,
        position,
        isLeaf: !n.children?.length,
        aliases: n.aliases ?? [],
      };
      out.push(flat);
      if (n.children) walk(department, n.children, flat);
    });
  };
  for (const tree of CATEGORY_TREE) walk(tree.department, tree.roots, null);
  return out;
}

/** Every category, parents before children. */
export const CATEGORIES: readonly FlatCategory[] = flatten();

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export function categoryBySlug(slug: string): FlatCategory | undefined {
  return bySlug.get(slug);
}
