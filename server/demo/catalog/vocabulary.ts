import type { ColourKey } from '../../../shared/colours';

// Words the demo catalogue builds believable product titles and descriptions from
// ("Ruched Satin Midi Dress", "Relaxed Selvedge Denim Jeans", "Hydrating Rose Facial
// Serum 30ml"), one family per kind of product, keyed by category slug.

/** A title word and the sentence that describes what it is made of. */
export type Material = readonly [name: string, composition: string];

export type ApparelFamily = {
  type: 'apparel';
  nouns: readonly string[];
  styles: readonly string[];
  materials: readonly Material[];
  features: readonly string[];
  details: readonly string[];
  care: readonly string[] | null;
  /** Size scale; null means the feed gives no size (one item per colour). */
  sizes: readonly string[] | null;
  price: readonly [number, number];
  /** How common this family is within its part of the catalogue. */
  weight: number;
  palette: readonly (readonly [ColourKey, number])[];
};

export type BeautyFamily = {
  type: 'beauty';
  nouns: readonly string[];
  benefits: readonly string[];
  ingredients: readonly string[];
  volumes: readonly string[];
  claims: readonly string[];
  /** Shades: a lipstick comes in colours, a serum in none. */
  shaded: boolean;
  price: readonly [number, number];
  weight: number;
  palette: readonly (readonly [ColourKey, number])[];
};

export type Family = ApparelFamily | BeautyFamily;

// Merchant colour names for each of the 24 colour keys; every one of them maps back
// onto its key through shared/colours normaliseColour (a unit test holds us to it).
export const COLOUR_NAMES: Record<ColourKey, readonly string[]> = {
  white: ['White', 'Ivory', 'Cream', 'Off-White', 'Ecru'],
  silver: ['Silver', 'Metallic Silver'],
  nude: ['Nude', 'Beige', 'Camel', 'Sand', 'Stone', 'Taupe'],
  pink: ['Pink', 'Blush Pink', 'Dusty Rose', 'Coral Pink', 'Rose'],
  fuchsia: ['Fuchsia', 'Magenta'],
  yellow: ['Yellow', 'Lemon', 'Butter Yellow'],
  gold: ['Gold', 'Antique Gold'],
  mustard: ['Mustard', 'Ochre'],
  orange: ['Orange', 'Rust', 'Tangerine', 'Burnt Orange'],
  red: ['Red', 'Scarlet', 'Cherry Red'],
  maroon: ['Burgundy', 'Wine', 'Oxblood', 'Maroon'],
  brown: ['Brown', 'Tan', 'Chocolate', 'Cognac', 'Khaki'],
  lime: ['Lime'],
  green: ['Green', 'Emerald', 'Sage', 'Forest Green', 'Mint'],
  olive: ['Olive', 'Dark Olive'],
  aqua: ['Aqua', 'Cyan'],
  turquoise: ['Turquoise'],
  teal: ['Teal', 'Deep Teal'],
  blue: ['Blue', 'Cobalt', 'Sky Blue', 'Denim Blue', 'Indigo'],
  navy: ['Navy', 'Midnight Navy'],
  violet: ['Lilac', 'Lavender', 'Violet'],
  purple: ['Purple', 'Plum', 'Mauve'],
  grey: ['Grey', 'Charcoal', 'Slate Grey', 'Grey Marl'],
  black: ['Black', 'Jet Black', 'Onyx'],
};

/** Pattern names that map onto no colour key (the variant's colour is then null). */
export const PATTERN_NAMES = ['Multi', 'Leopard Print', 'Floral Print', 'Stripe', 'Check', 'Paisley'] as const;

// Palettes: how often each colour turns up in a family. Every key appears somewhere.
const NEUTRAL: readonly (readonly [ColourKey, number])[] = [
  ['black', 14], ['white', 9], ['navy', 7], ['grey', 7], ['nude', 6], ['brown', 4], ['blue', 4], ['red', 3],
  ['pink', 3], ['green', 3], ['olive', 2], ['maroon', 2], ['purple', 1], ['violet', 1], ['yellow', 1],
  ['orange', 1], ['mustard', 1], ['teal', 1], ['turquoise', 1], ['aqua', 1], ['fuchsia', 1], ['lime', 1],
  ['silver', 0.5], ['gold', 0.5],
];
const BRIGHT: readonly (readonly [ColourKey, number])[] = [
  ['black', 6], ['white', 5], ['pink', 5], ['red', 4], ['blue', 4], ['green', 3], ['yellow', 3], ['orange', 2],
  ['fuchsia', 2], ['lime', 2], ['aqua', 2], ['turquoise', 2], ['teal', 2], ['violet', 2], ['purple', 2],
  ['navy', 3], ['nude', 2], ['mustard', 1], ['maroon', 1], ['gold', 1], ['silver', 1], ['grey', 2],
  ['olive', 1], ['brown', 1],
];
const DENIM: readonly (readonly [ColourKey, number])[] = [['blue', 10], ['navy', 4], ['black', 5], ['grey', 2], ['white', 2]];
const LEATHER: readonly (readonly [ColourKey, number])[] = [
  ['black', 10], ['brown', 7], ['nude', 4], ['maroon', 2], ['white', 2], ['navy', 1], ['red', 1], ['silver', 1],
  ['gold', 1], ['green', 1], ['pink', 1],
];
const METAL: readonly (readonly [ColourKey, number])[] = [['gold', 8], ['silver', 7], ['black', 2], ['pink', 1], ['white', 1]];
const LIPS: readonly (readonly [ColourKey, number])[] = [
  ['red', 6], ['pink', 6], ['nude', 5], ['maroon', 3], ['fuchsia', 2], ['brown', 2], ['orange', 2], ['purple', 1],
];
const EYES: readonly (readonly [ColourKey, number])[] = [['black', 6], ['brown', 4], ['navy', 1], ['gold', 1], ['purple', 1], ['green', 1]];
const NAILS: readonly (readonly [ColourKey, number])[] = [
  ['red', 4], ['pink', 4], ['nude', 3], ['maroon', 2], ['fuchsia', 2], ['violet', 1], ['aqua', 1], ['turquoise', 1],
  ['lime', 1], ['gold', 1], ['silver', 1], ['black', 1], ['white', 1], ['navy', 1], ['teal', 1], ['yellow', 1],
];
const BOTTLE: readonly (readonly [ColourKey, number])[] = [['white', 4], ['nude', 2], ['pink', 2], ['gold', 1], ['black', 1], ['green', 1]];

// Size scales.
const ALPHA = ['XS', 'S', 'M', 'L', 'XL'];
const ALPHA_MEN = ['S', 'M', 'L', 'XL', 'XXL'];
const UK_DRESS = ['6', '8', '10', '12', '14', '16', '18'];
const WAIST = ['W24', 'W26', 'W28', 'W30', 'W32', 'W34'];
const WAIST_MEN = ['W28', 'W30', 'W32', 'W34', 'W36', 'W38'];
const COLLAR = ['15', '15.5', '16', '16.5', '17'];
const SUIT = ['36R', '38R', '40R', '42R', '44R'];
const BRA = ['32B', '34B', '34C', '36C', '36D'];
const SHOE_WOMEN = ['EU 36', 'EU 37', 'EU 38', 'EU 39', 'EU 40', 'EU 41'];
const SHOE_MEN = ['EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45'];
const SHOE_KIDS = ['EU 28', 'EU 29', 'EU 30', 'EU 31', 'EU 32', 'EU 33'];
const KIDS_AGE = ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y', '12-13Y'];
const ONE_SIZE = ['One Size'];

const WASH = ['Machine wash at 30°C', 'Machine wash cold, line dry', 'Hand wash only', 'Do not tumble dry'];
const DELICATE = ['Hand wash only', 'Dry clean only', 'Cool iron on the reverse'];
const WOOL = ['Hand wash cold, dry flat', 'Dry clean only'];
const WIPE = ['Wipe clean with a damp cloth', 'Spot clean only'];

const FITS = ['True to size.', 'Regular fit.', 'Fits true to size; size up for a looser fit.', 'Relaxed through the body.'];

type ApparelSpec = Omit<ApparelFamily, 'type' | 'weight' | 'palette' | 'details'> & {
  weight?: number;
  palette?: ApparelFamily['palette'];
  details?: readonly string[];
  /** Clothing says how it fits; a necklace does not. */
  fits?: boolean;
};

function apparel({ fits, ...spec }: ApparelSpec): ApparelFamily {
  return { type: 'apparel', weight: 1, palette: NEUTRAL, ...spec, details: [...(spec.details ?? []), ...(fits ? FITS : [])] };
}

// Shared word lists.
const DRESS_STYLES = [
  'Ruched', 'Wrap', 'Tiered', 'Pleated', 'Smocked', 'Button-Through', 'Cowl-Neck', 'Puff-Sleeve', 'Belted',
  'Cut-Out', 'Shirred', 'Square-Neck', 'One-Shoulder', 'Halterneck', 'Tie-Back', 'Ditsy Floral', 'Corset',
];
const DRESS_MATERIALS: readonly Material[] = [
  ['Satin', 'Made from fluid satin (100% polyester).'],
  ['Jersey', 'Made from soft stretch jersey (95% viscose, 5% elastane).'],
  ['Linen', 'Made from 100% linen.'],
  ['Cotton Poplin', 'Made from crisp cotton poplin (100% cotton).'],
  ['Crepe', 'Made from drapey crepe (100% polyester).'],
  ['Chiffon', 'Made from sheer chiffon over a jersey lining.'],
  ['Velvet', 'Made from plush velvet (92% polyester, 8% elastane).'],
  ['Silk', 'Made from 100% mulberry silk.'],
  ['Broderie', 'Made from broderie anglaise cotton (100% cotton).'],
  ['Lace', 'Made from corded lace over a satin lining.'],
  ['Seersucker', 'Made from textured seersucker (100% cotton).'],
];
const DRESS_FEATURES = [
  'with a square neckline', 'with puff sleeves', 'with a tie waist', 'with a thigh-high split',
  'with adjustable straps', 'with a tiered skirt', 'with covered buttons down the front',
  'with a flattering wrap front', 'with a cowl neckline', 'with shirred cuffs', 'with an open back',
];
const TOP_STYLES = ['Relaxed', 'Cropped', 'Oversized', 'Fitted', 'Boxy', 'Ribbed', 'Embroidered', 'Frill-Trim', 'Puff-Sleeve', 'Sleeveless', 'Long-Sleeve'];
const TOP_MATERIALS: readonly Material[] = [
  ['Cotton', 'Made from 100% organic cotton.'],
  ['Jersey', 'Made from soft jersey (95% cotton, 5% elastane).'],
  ['Linen', 'Made from 100% linen.'],
  ['Satin', 'Made from fluid satin (100% polyester).'],
  ['Poplin', 'Made from crisp cotton poplin.'],
  ['Modal', 'Made from silky modal (92% modal, 8% elastane).'],
  ['Silk', 'Made from 100% silk.'],
];
const KNIT_STYLES = ['Chunky', 'Cable-Knit', 'Fine-Knit', 'Ribbed', 'Fisherman', 'Crew-Neck', 'V-Neck', 'Roll-Neck', 'Fair Isle', 'Oversized'];
const KNIT_MATERIALS: readonly Material[] = [
  ['Merino Wool', 'Knitted from 100% extra-fine merino wool.'],
  ['Cashmere', 'Knitted from 100% Grade-A cashmere.'],
  ['Cotton', 'Knitted from 100% cotton.'],
  ['Lambswool', 'Knitted from 100% lambswool.'],
  ['Alpaca-Blend', 'Knitted from an alpaca blend (40% alpaca, 35% wool, 25% nylon).'],
];
const DENIM_STYLES = ['Relaxed', 'High-Rise', 'Mid-Rise', 'Vintage-Wash', 'Raw', 'Stretch', 'Ripped', 'Stonewash', 'Cropped', 'Organic'];
const DENIM_MATERIALS: readonly Material[] = [
  ['Selvedge Denim', 'Made from rigid selvedge denim (100% cotton).'],
  ['Stretch Denim', 'Made from stretch denim (98% cotton, 2% elastane).'],
  ['Organic Denim', 'Made from organic cotton denim.'],
  ['Denim', 'Made from mid-weight denim (99% cotton, 1% elastane).'],
];
const TROUSER_STYLES = ['Pleated', 'Tailored', 'Relaxed', 'High-Waisted', 'Drawstring', 'Cropped', 'Straight-Leg', 'Pull-On', 'Belted'];
const TROUSER_MATERIALS: readonly Material[] = [
  ['Linen', 'Made from 100% linen.'],
  ['Twill', 'Made from cotton twill (98% cotton, 2% elastane).'],
  ['Crepe', 'Made from fluid crepe (100% polyester).'],
  ['Wool-Blend', 'Made from a wool blend (60% wool, 40% polyester).'],
  ['Corduroy', 'Made from fine-wale corduroy (100% cotton).'],
  ['Ponte', 'Made from stretch ponte (70% viscose, 25% nylon, 5% elastane).'],
];
const OUTER_STYLES = ['Double-Breasted', 'Belted', 'Longline', 'Oversized', 'Quilted', 'Hooded', 'Collarless', 'Cropped', 'Funnel-Neck', 'Water-Resistant'];
const OUTER_MATERIALS: readonly Material[] = [
  ['Wool-Blend', 'Made from a wool blend (70% wool, 30% polyamide) with a satin lining.'],
  ['Cotton Gabardine', 'Made from water-repellent cotton gabardine.'],
  ['Recycled Nylon', 'Made from recycled nylon with a recycled down-alternative fill.'],
  ['Faux Shearling', 'Made from plush faux shearling (100% polyester).'],
  ['Leather', 'Made from soft lamb leather with a cotton lining.'],
  ['Denim', 'Made from rigid cotton denim.'],
  ['Suede', 'Made from goat suede.'],
  ['Tweed', 'Made from wool tweed.'],
];
const SHOE_MATERIALS: readonly Material[] = [
  ['Leather', 'Upper: 100% leather. Lining: leather. Sole: rubber.'],
  ['Suede', 'Upper: suede. Lining: leather. Sole: rubber.'],
  ['Patent', 'Upper: patent leather. Sole: leather.'],
  ['Canvas', 'Upper: cotton canvas. Sole: vulcanised rubber.'],
  ['Mesh', 'Upper: breathable mesh with suede overlays. Sole: EVA foam.'],
  ['Faux Leather', 'Upper: polyurethane. Sole: thermoplastic rubber.'],
];
const BAG_STYLES = ['Quilted', 'Structured', 'Slouchy', 'Mini', 'Oversized', 'Chain-Strap', 'Croc-Effect', 'Woven', 'Buckled', 'Top-Handle'];
const BAG_MATERIALS: readonly Material[] = [
  ['Leather', 'Made from smooth Italian leather with a cotton lining.'],
  ['Suede', 'Made from soft suede with a suede-feel lining.'],
  ['Canvas', 'Made from heavyweight cotton canvas with leather trims.'],
  ['Nylon', 'Made from recycled nylon.'],
  ['Raffia', 'Hand-woven from natural raffia.'],
  ['Faux Leather', 'Made from polyurethane faux leather.'],
];
const JEWELLERY_STYLES = ['Chunky', 'Delicate', 'Twisted', 'Hammered', 'Beaded', 'Pearl', 'Crystal', 'Engraved', 'Layered', 'Sculptural'];
const JEWELLERY_MATERIALS: readonly Material[] = [
  ['Gold-Plated', '18k gold plating over sterling silver.'],
  ['Sterling Silver', 'Solid 925 sterling silver.'],
  ['Vermeil', 'Gold vermeil: a thick layer of 18k gold over sterling silver.'],
  ['Brass', 'Polished brass with a protective coating.'],
];
const SWIM_STYLES = ['Ruched', 'Cut-Out', 'Halterneck', 'Bandeau', 'Tie-Side', 'High-Leg', 'Scoop-Back', 'Ribbed', 'Underwired'];
const SWIM_MATERIALS: readonly Material[] = [
  ['Recycled', 'Made from recycled polyamide (78%) and elastane (22%).'],
  ['Textured', 'Made from crinkle-textured stretch fabric.'],
  ['Ribbed', 'Made from ribbed recycled nylon.'],
];
const SPORT_STYLES = ['Seamless', 'High-Waisted', 'Sculpting', 'Quick-Dry', 'Racerback', 'Zip-Through', 'Reflective', 'Lightweight'];
const SPORT_MATERIALS: readonly Material[] = [
  ['Performance', 'Made from sweat-wicking recycled polyester (80%) and elastane (20%).'],
  ['Stretch', 'Made from four-way stretch nylon.'],
  ['Mesh-Panel', 'Made from technical jersey with breathable mesh panels.'],
];

const dress = (noun: string, length: string, weight: number) =>
  apparel({
    fits: true,
    nouns: [noun], styles: DRESS_STYLES, materials: DRESS_MATERIALS, features: DRESS_FEATURES,
    details: [length, 'Fully lined.', 'Concealed zip at the back.', 'Side pockets.'], care: DELICATE,
    sizes: UK_DRESS, price: [25, 260], weight, palette: BRIGHT,
  });

const jeans = (noun: string, sizes: readonly string[], weight: number) =>
  apparel({
    fits: true,
    nouns: [noun], styles: DENIM_STYLES, materials: DENIM_MATERIALS,
    features: ['with a five-pocket design', 'with raw hems', 'with a button fly', 'with contrast stitching', 'with a high waist'],
    details: ['Inside leg 30".', 'Sits at the natural waist.', 'Washed for a lived-in look.'],
    care: ['Machine wash cold, inside out', 'Wash with similar colours'], sizes, price: [35, 220], weight, palette: DENIM,
  });

const trousers = (noun: string, sizes: readonly string[], weight: number) =>
  apparel({
    fits: true,
    nouns: [noun], styles: TROUSER_STYLES, materials: TROUSER_MATERIALS,
    features: ['with pressed creases', 'with an elasticated back waist', 'with slanted side pockets', 'with a belted waist'],
    details: ['Full length.', 'Zip fly with hook-and-bar fastening.', 'Side and back pockets.'],
    care: WASH, sizes, price: [25, 180], weight,
  });

const top = (noun: string, sizes: readonly string[], weight: number, price: readonly [number, number] = [12, 120]) =>
  apparel({
    fits: true,
    nouns: [noun], styles: TOP_STYLES, materials: TOP_MATERIALS,
    features: ['with a round neck', 'with dropped shoulders', 'with a boxy shape', 'with a scalloped hem', 'with a patch pocket', 'with pintuck details'],
    details: ['Hip length.', 'Slightly cropped.', 'Pre-washed for softness.'], care: WASH, sizes, price, weight,
  });

const knit = (noun: string, sizes: readonly string[], weight: number) =>
  apparel({
    fits: true,
    nouns: [noun], styles: KNIT_STYLES, materials: KNIT_MATERIALS,
    features: ['with ribbed trims', 'with dropped shoulders', 'with balloon sleeves', 'with a relaxed neckline', 'with horn buttons'],
    details: ['Mid-weight knit.', 'Falls to the hip.'], care: WOOL, sizes, price: [30, 320], weight,
  });

const materialsNamed = (...names: string[]) => OUTER_MATERIALS.filter(([name]) => names.includes(name));
const TAILORING: readonly Material[] = [
  ['Wool', 'Made from 100% virgin wool with a viscose lining.'],
  ['Linen', 'Made from 100% linen, half-lined.'],
  ['Tweed', 'Made from wool tweed with a satin lining.'],
  ['Velvet', 'Made from cotton velvet with a satin lining.'],
];

const outer = (
  noun: string,
  sizes: readonly string[],
  weight: number,
  price: readonly [number, number] = [60, 450],
  materials: readonly Material[] = OUTER_MATERIALS,
) =>
  apparel({
    fits: true,
    nouns: [noun], styles: OUTER_STYLES, materials,
    features: ['with a storm flap', 'with notch lapels', 'with a detachable hood', 'with horn buttons', 'with a tie belt', 'with patch pockets'],
    details: ['Fully lined.', 'Two-way zip.', 'Falls below the hip.', 'Inside pocket.'], care: ['Dry clean only', 'Specialist clean'],
    sizes, price, weight,
  });

type ShoeType = 'trainer' | 'heeled' | 'flat' | 'boot';
const SHOE_WORDS: Record<ShoeType, { styles: readonly string[]; features: readonly string[]; details: readonly string[] }> = {
  trainer: {
    styles: ['Chunky', 'Retro', 'Minimal', 'Low-Top', 'High-Top', 'Platform', 'Runner', 'Court'],
    features: ['with a cushioned footbed', 'with a padded collar', 'with a grippy rubber sole', 'with contrast laces', 'with a suede toe cap'],
    details: ['Removable insole.', 'Lace-up fastening.', 'Lightweight EVA midsole.'],
  },
  heeled: {
    styles: ['Pointed', 'Square-Toe', 'Strappy', 'Slingback', 'Block-Heel', 'Platform', 'Mule'],
    features: ['with a block heel', 'with a stiletto heel', 'with an ankle strap', 'with a gold-tone buckle', 'with an almond toe'],
    details: ['Heel height 8cm.', 'Heel height 6cm.', 'Padded insole.', 'Comes with a dust bag.'],
  },
  flat: {
    styles: ['Pointed', 'Square-Toe', 'Buckled', 'Slip-On', 'Woven', 'Penny', 'Padded', 'Minimal'],
    features: ['with a cushioned footbed', 'with a gold-tone buckle', 'with an almond toe', 'with a flexible sole', 'with a metal trim'],
    details: ['Heel height 1cm.', 'Leather-lined.', 'Comes with a dust bag.'],
  },
  boot: {
    styles: ['Chunky', 'Western', 'Lace-Up', 'Pull-On', 'Lug-Sole', 'Square-Toe', 'Padded'],
    features: ['with a side zip', 'with a block heel', 'with elasticated side panels', 'with a lug sole', 'with a pull tab'],
    details: ['Heel height 4cm.', 'Shaft height 15cm.', 'Water-resistant finish.'],
  },
};

const shoe = (noun: string, type: ShoeType, sizes: readonly string[], weight: number, price: readonly [number, number] = [35, 280]) =>
  apparel({
    nouns: [noun], styles: SHOE_WORDS[type].styles, materials: type === 'trainer' ? SHOE_MATERIALS : SHOE_MATERIALS.filter(([m]) => m !== 'Mesh'),
    features: SHOE_WORDS[type].features, details: SHOE_WORDS[type].details,
    care: WIPE, sizes, price, weight, palette: LEATHER,
  });

const bag = (noun: string, weight: number, price: readonly [number, number] = [30, 450]) =>
  apparel({
    nouns: [noun], styles: BAG_STYLES, materials: BAG_MATERIALS,
    features: ['with a detachable shoulder strap', 'with a magnetic closure', 'with gold-tone hardware', 'with an inner zip pocket', 'with a padded laptop sleeve'],
    details: ['Fits a phone, wallet and keys.', 'Comes with a dust bag.', 'Adjustable strap.'],
    care: WIPE, sizes: null, price, weight, palette: LEATHER,
  });

const jewellery = (noun: string, weight: number) =>
  apparel({
    nouns: [noun], styles: JEWELLERY_STYLES, materials: JEWELLERY_MATERIALS,
    features: ['with a lobster clasp', 'with freshwater pearls', 'with cubic zirconia stones', 'on a fine chain'],
    details: ['Hypoallergenic and nickel-free.', 'Comes in a gift box.'],
    care: ['Keep away from water and perfume'], sizes: null, price: [15, 220], weight, palette: METAL,
  });

const accessory = (
  noun: string,
  materials: readonly Material[],
  weight: number,
  options: {
    sizes?: readonly string[] | null;
    price?: readonly [number, number];
    palette?: ApparelFamily['palette'];
    styles?: readonly string[];
  } = {},
) =>
  apparel({
    nouns: [noun], styles: options.styles ?? ['Classic', 'Oversized', 'Embroidered', 'Reversible', 'Monogram', 'Textured', 'Logo'],
    materials, features: ['with a polished buckle', 'with a raw-edge finish', 'with a contrast trim', 'with a ribbed edge'],
    details: ['Comes in a gift box.'], care: WIPE, sizes: options.sizes ?? null, price: options.price ?? [15, 150], weight,
    palette: options.palette ?? NEUTRAL,
  });

const swim = (noun: string, sizes: readonly string[], weight: number) =>
  apparel({
    fits: true,
    nouns: [noun], styles: SWIM_STYLES, materials: SWIM_MATERIALS,
    features: ['with removable padding', 'with adjustable straps', 'with a tie front', 'with a scoop back'],
    details: ['Fully lined.', 'Chlorine-resistant.'], care: ['Hand wash cold, rinse after use'], sizes, price: [20, 140], weight, palette: BRIGHT,
  });

const sport = (noun: string, sizes: readonly string[], weight: number) =>
  apparel({
    fits: true,
    nouns: [noun], styles: SPORT_STYLES, materials: SPORT_MATERIALS,
    features: ['with a hidden waistband pocket', 'with flatlock seams', 'with a built-in bra', 'with reflective details'],
    details: ['Squat-proof.', 'Made for high-intensity training.'], care: WASH, sizes, price: [20, 120], weight,
  });

const BELT_STYLES = ['Classic', 'Skinny', 'Western', 'Reversible', 'Braided', 'Wide', 'Buckled'];
const SCARF_STYLES = ['Oversized', 'Printed', 'Fringed', 'Checked', 'Lightweight', 'Blanket'];
const SUNGLASS_STYLES = ['Cat-Eye', 'Aviator', 'Round', 'Square', 'Oversized', 'Rectangular', 'D-Frame'];
const WATCH_STYLES = ['Classic', 'Chronograph', 'Minimal', 'Square-Face', 'Vintage', 'Skeleton'];
const GLOVE_STYLES = ['Touchscreen', 'Cashmere-Lined', 'Classic', 'Fingerless', 'Quilted'];
const HAT_STYLES = ['Wide-Brim', 'Packable', 'Reversible', 'Embroidered', 'Classic'];

const leather: readonly Material[] = [
  ['Leather', 'Made from full-grain leather.'],
  ['Suede', 'Made from soft suede.'],
  ['Woven Leather', 'Made from hand-woven leather.'],
];
const soft: readonly Material[] = [
  ['Cashmere', 'Made from 100% cashmere.'],
  ['Wool', 'Made from 100% wool.'],
  ['Silk', 'Made from 100% silk twill.'],
  ['Cotton', 'Made from 100% cotton.'],
];
const straw: readonly Material[] = [
  ['Straw', 'Made from natural paper straw.'],
  ['Wool Felt', 'Made from 100% wool felt.'],
  ['Cotton Canvas', 'Made from cotton canvas.'],
];
const frames: readonly Material[] = [
  ['Acetate', 'Handmade acetate frames with UV400 lenses.'],
  ['Metal', 'Lightweight metal frames with polarised UV400 lenses.'],
];
const watches: readonly Material[] = [
  ['Stainless Steel', 'Stainless steel case, sapphire-coated glass, Japanese quartz movement. Water-resistant to 50m.'],
  ['Leather-Strap', 'Leather strap, stainless steel case, Japanese quartz movement.'],
  ['Mesh-Strap', 'Mesh strap, gold-tone case, Japanese quartz movement.'],
];

type BeautySpec = Omit<BeautyFamily, 'type' | 'weight'> & { weight?: number };
const beauty = (spec: BeautySpec): BeautyFamily => ({ type: 'beauty', weight: 1, ...spec });

const SKIN_BENEFITS = ['Hydrating', 'Brightening', 'Soothing', 'Firming', 'Clarifying', 'Nourishing', 'Plumping', 'Smoothing', 'Renewing'];
const SKIN_INGREDIENTS = ['Rose', 'Vitamin C', 'Hyaluronic Acid', 'Niacinamide', 'Retinol', 'Peptide', 'Green Tea', 'Ceramide', 'Squalane', 'Bakuchiol'];
const SKIN_CLAIMS = [
  'Suitable for all skin types.', 'Dermatologically tested.', 'Fragrance-free and vegan.', 'Use morning and night on clean skin.',
  'Absorbs quickly without a greasy finish.',
];

// Category slug (men's and kids' without their prefix where the words are the same) →
// family. Men's and kids' sizes are swapped in by the generator.
export const FAMILIES: Record<string, Family> = {
  'maxi-dresses': dress('Maxi Dress', 'Falls to the ankle.', 3),
  'midi-dresses': dress('Midi Dress', 'Falls to mid-calf.', 4),
  'mini-dresses': dress('Mini Dress', 'Sits above the knee.', 3),
  'party-dresses': dress('Party Dress', 'Falls just above the knee.', 2),
  't-shirts': top('T-Shirt', ALPHA, 3, [8, 60]),
  'shirts-blouses': top('Blouse', ALPHA, 3, [18, 150]),
  'camis-vests': top('Cami Top', ALPHA, 2, [10, 90]),
  bodysuits: top('Bodysuit', ALPHA, 1, [12, 70]),
  jumpers: knit('Jumper', ALPHA, 3),
  cardigans: knit('Cardigan', ALPHA, 2),
  'sweatshirts-hoodies': top('Hoodie', ALPHA, 2, [25, 110]),
  'skinny-jeans': jeans('Skinny Jeans', WAIST, 2),
  'straight-jeans': jeans('Straight Jeans', WAIST, 2),
  'wide-leg-jeans': jeans('Wide-Leg Jeans', WAIST, 2),
  'mom-jeans': jeans('Mom Jeans', WAIST, 1),
  'wide-leg-trousers': trousers('Wide-Leg Trousers', UK_DRESS, 2),
  'tailored-trousers': trousers('Tailored Trousers', UK_DRESS, 2),
  leggings: sport('Leggings', ALPHA, 1),
  'mini-skirts': trousers('Mini Skirt', UK_DRESS, 1),
  'midi-skirts': trousers('Midi Skirt', UK_DRESS, 2),
  'maxi-skirts': trousers('Maxi Skirt', UK_DRESS, 1),
  shorts: trousers('Shorts', UK_DRESS, 1),
  'trench-coats': outer('Trench Coat', ALPHA, 1, [60, 450], materialsNamed('Cotton Gabardine')),
  'wool-coats': outer('Wool Coat', ALPHA, 1, [60, 450], materialsNamed('Wool-Blend')),
  'puffer-coats': outer('Puffer Coat', ALPHA, 1, [60, 450], materialsNamed('Recycled Nylon')),
  'denim-jackets': outer('Denim Jacket', ALPHA, 1, [40, 180], materialsNamed('Denim')),
  'leather-jackets': outer('Leather Jacket', ALPHA, 1, [90, 650], materialsNamed('Leather')),
  blazers: outer('Blazer', UK_DRESS, 2, [45, 350], TAILORING),
  jumpsuits: dress('Jumpsuit', 'Full length with a wide leg.', 2),
  bikinis: swim('Bikini', ALPHA, 1),
  swimsuits: swim('Swimsuit', ALPHA, 1),
  bras: swim('Bra', BRA, 1),
  knickers: swim('Brief', ALPHA, 1),
  nightwear: top('Pyjama Set', ALPHA, 1, [25, 140]),
  activewear: sport('Sports Bra', ALPHA, 1),
  sneakers: shoe('Trainers', 'trainer', SHOE_WOMEN, 4, [40, 220]),
  'ankle-boots': shoe('Ankle Boots', 'boot', SHOE_WOMEN, 2, [60, 380]),
  'knee-high-boots': shoe('Knee-High Boots', 'boot', SHOE_WOMEN, 1, [80, 520]),
  heels: shoe('Heeled Sandals', 'heeled', SHOE_WOMEN, 2, [45, 650]),
  flats: shoe('Ballet Flats', 'flat', SHOE_WOMEN, 2, [30, 260]),
  sandals: shoe('Sandals', 'flat', SHOE_WOMEN, 2, [25, 220]),
  loafers: shoe('Loafers', 'flat', SHOE_WOMEN, 2, [45, 340]),
  handbags: bag('Shoulder Bag', 4),
  'tote-bags': bag('Tote Bag', 3),
  backpacks: bag('Backpack', 2, [30, 250]),
  'clutch-bags': bag('Clutch Bag', 2, [25, 300]),
  'cross-body-bags': bag('Cross-Body Bag', 3),
  wallets: bag('Card Holder', 2, [15, 180]),
  belts: accessory('Belt', leather, 2, { styles: BELT_STYLES, sizes: ['S', 'M', 'L'], price: [15, 160], palette: LEATHER }),
  scarves: accessory('Scarf', soft, 2, { styles: SCARF_STYLES, price: [15, 260] }),
  hats: accessory('Bucket Hat', straw, 2, { styles: HAT_STYLES, sizes: ONE_SIZE, price: [15, 120] }),
  sunglasses: accessory('Sunglasses', frames, 2, { styles: SUNGLASS_STYLES, price: [20, 320] }),
  watches: accessory('Watch', watches, 1, { styles: WATCH_STYLES, price: [60, 650], palette: METAL }),
  necklaces: jewellery('Pendant Necklace', 2),
  earrings: jewellery('Hoop Earrings', 2),
  bracelets: jewellery('Chain Bracelet', 1),
  gloves: accessory('Gloves', leather, 1, { styles: GLOVE_STYLES, sizes: ['S', 'M', 'L'], price: [20, 120] }),
  lipstick: beauty({
    nouns: ['Lipstick'], benefits: ['Velvet Matte', 'Satin', 'Hydrating', 'Long-Wear', 'Sheer'],
    ingredients: ['Shea Butter', 'Vitamin E', 'Rosehip Oil', 'Jojoba'], volumes: ['3.5g', '4g'],
    claims: ['Glides on in one stroke.', 'Long-wearing and transfer-resistant.', 'Enriched with nourishing oils.'],
    shaded: true, price: [8, 45], weight: 3, palette: LIPS,
  }),
  'lip-gloss': beauty({
    nouns: ['Lip Gloss', 'Lip Oil'], benefits: ['Plumping', 'High-Shine', 'Tinted', 'Glossy'],
    ingredients: ['Cherry', 'Peptide', 'Hyaluronic Acid', 'Vanilla'], volumes: ['6ml', '8ml'],
    claims: ['Non-sticky, mirror-shine finish.', 'Cushions and conditions lips.'], shaded: true, price: [7, 32], weight: 2, palette: LIPS,
  }),
  mascara: beauty({
    nouns: ['Mascara'], benefits: ['Volumising', 'Lengthening', 'Curling', 'Waterproof'],
    ingredients: ['Castor Oil', 'Keratin', 'Bamboo'], volumes: ['8ml', '10ml'],
    claims: ['Builds buildable volume without clumps.', 'Smudge-proof for up to 24 hours.'], shaded: true, price: [8, 35], weight: 2, palette: EYES,
  }),
  'eyeshadow-palettes': beauty({
    nouns: ['Eyeshadow Palette'], benefits: ['Warm Neutral', 'Smoky', 'Sunset', 'Rose Gold', 'Everyday'],
    ingredients: ['Shimmer', 'Matte', 'Pearl'], volumes: ['12 x 1g', '9 x 1.2g'],
    claims: ['Blendable mattes and buttery shimmers.', 'Richly pigmented, crease-resistant shades.'], shaded: false, price: [12, 65], weight: 2, palette: EYES,
  }),
  foundation: beauty({
    nouns: ['Foundation', 'Skin Tint', 'Concealer'], benefits: ['Luminous', 'Matte', 'Weightless', 'Full-Coverage', 'Radiant'],
    ingredients: ['SPF 30', 'Hyaluronic Acid', 'Niacinamide'], volumes: ['30ml', '25ml'],
    claims: ['Blends seamlessly for a natural finish.', 'Available in 40 shades.'], shaded: false, price: [10, 48], weight: 2, palette: BOTTLE,
  }),
  'blush-bronzer': beauty({
    nouns: ['Blush', 'Bronzer', 'Highlighter'], benefits: ['Cream', 'Powder', 'Glow', 'Sun-Kissed'],
    ingredients: ['Squalane', 'Vitamin E', 'Pearl'], volumes: ['5g', '8g'],
    claims: ['Buildable, natural-looking colour.', 'Melts into skin.'], shaded: true, price: [8, 42], weight: 1, palette: LIPS,
  }),
  nails: beauty({
    nouns: ['Nail Polish', 'Gel Nail Colour'], benefits: ['Long-Wear', 'Quick-Dry', 'High-Gloss', 'Chip-Resistant'],
    ingredients: ['Vegan', 'Breathable', '10-Free'], volumes: ['11ml', '15ml'],
    claims: ['Two coats for full coverage.', 'Lasts up to ten days.'], shaded: true, price: [5, 22], weight: 2, palette: NAILS,
  }),
  fragrance: beauty({
    nouns: ['Eau de Parfum', 'Eau de Toilette'], benefits: ['Jasmine', 'Amber', 'Oud', 'Fig', 'Neroli', 'Vetiver', 'Peony'],
    ingredients: ['Noir', 'Blossom', 'Absolue', 'Intense', 'Bloom'], volumes: ['30ml', '50ml', '100ml'],
    claims: ['Top notes of bergamot and pink pepper.', 'A warm base of sandalwood and musk.', 'Long-lasting sillage.'],
    shaded: false, price: [25, 180], weight: 3, palette: BOTTLE,
  }),
  serums: beauty({
    nouns: ['Facial Serum', 'Face Oil'], benefits: SKIN_BENEFITS, ingredients: SKIN_INGREDIENTS, volumes: ['30ml', '15ml', '50ml'],
    claims: SKIN_CLAIMS, shaded: false, price: [10, 90], weight: 3, palette: BOTTLE,
  }),
  moisturisers: beauty({
    nouns: ['Moisturiser', 'Day Cream', 'Night Cream', 'Gel Cream'], benefits: SKIN_BENEFITS, ingredients: SKIN_INGREDIENTS,
    volumes: ['50ml', '30ml'], claims: SKIN_CLAIMS, shaded: false, price: [10, 95], weight: 3, palette: BOTTLE,
  }),
  cleansers: beauty({
    nouns: ['Cleansing Balm', 'Gel Cleanser', 'Micellar Water'], benefits: ['Gentle', 'Purifying', 'Balancing', 'Clarifying'],
    ingredients: ['Oat', 'Green Tea', 'Salicylic Acid', 'Chamomile'], volumes: ['150ml', '100ml', '200ml'],
    claims: SKIN_CLAIMS, shaded: false, price: [6, 40], weight: 2, palette: BOTTLE,
  }),
  'face-masks': beauty({
    nouns: ['Face Mask', 'Sheet Mask', 'Clay Mask'], benefits: SKIN_BENEFITS, ingredients: ['Kaolin', 'Honey', 'Charcoal', 'Rose', 'Aloe'],
    volumes: ['75ml', '50ml', '5 x 25ml'], claims: SKIN_CLAIMS, shaded: false, price: [5, 55], weight: 1, palette: BOTTLE,
  }),
  // Men's.
  'men-t-shirt': top('T-Shirt', ALPHA_MEN, 4, [10, 70]),
  'men-casual-shirts': top('Oxford Shirt', ALPHA_MEN, 3, [25, 140]),
  'men-formal-shirts': top('Formal Shirt', COLLAR, 2, [25, 160]),
  'men-polo-shirts': top('Polo Shirt', ALPHA_MEN, 2, [18, 110]),
  'men-knitwear': knit('Jumper', ALPHA_MEN, 3),
  'men-sweatshirts-hoodies': top('Sweatshirt', ALPHA_MEN, 3, [25, 120]),
  'men-slim-jeans': jeans('Slim Jeans', WAIST_MEN, 2),
  'men-straight-jeans': jeans('Straight Jeans', WAIST_MEN, 2),
  'men-tapered-jeans': jeans('Tapered Jeans', WAIST_MEN, 2),
  'men-chinos': trousers('Chinos', WAIST_MEN, 2),
  'men-joggers': sport('Joggers', ALPHA_MEN, 2),
  'men-shorts': trousers('Shorts', WAIST_MEN, 1),
  'men-denim-jackets': outer('Denim Jacket', ALPHA_MEN, 1, [40, 180], materialsNamed('Denim')),
  'men-bomber-jackets': outer('Bomber Jacket', ALPHA_MEN, 1, [50, 300], materialsNamed('Recycled Nylon', 'Suede', 'Leather')),
  'men-leather-jackets': outer('Leather Jacket', ALPHA_MEN, 1, [120, 700], materialsNamed('Leather')),
  'men-coats': outer('Overcoat', ALPHA_MEN, 2, [60, 450], materialsNamed('Wool-Blend', 'Cotton Gabardine', 'Tweed')),
  'men-blazers': outer('Blazer', SUIT, 1, [60, 400], TAILORING),
  'men-suits': outer('Two-Piece Suit', SUIT, 2, [120, 900], TAILORING),
  'men-swimwear': swim('Swim Shorts', ALPHA_MEN, 1),
  'men-nightwear': top('Pyjama Set', ALPHA_MEN, 1, [25, 120]),
  'men-activewear': sport('Training T-Shirt', ALPHA_MEN, 1),
  'men-sneakers': shoe('Trainers', 'trainer', SHOE_MEN, 4, [45, 240]),
  'men-boots': shoe('Chelsea Boots', 'boot', SHOE_MEN, 2, [70, 380]),
  'men-formal-shoes': shoe('Derby Shoes', 'flat', SHOE_MEN, 2, [60, 420]),
  'men-loafers': shoe('Loafers', 'flat', SHOE_MEN, 1, [55, 360]),
  'men-sandals': shoe('Sliders', 'flat', SHOE_MEN, 1, [20, 120]),
  'men-backpacks': bag('Backpack', 2, [35, 280]),
  'men-messenger-bags': bag('Messenger Bag', 1),
  'men-holdalls': bag('Holdall', 1, [50, 480]),
  'men-wallets': bag('Bifold Wallet', 2, [15, 160]),
  'men-belts': accessory('Belt', leather, 2, { styles: BELT_STYLES, sizes: ['M', 'L', 'XL'], price: [18, 140], palette: LEATHER }),
  'men-ties': accessory('Tie', soft, 1, { styles: ['Skinny', 'Classic', 'Knitted', 'Paisley', 'Polka-Dot', 'Striped'], price: [18, 110] }),
  'men-hats': accessory('Beanie', soft, 1, { styles: ['Ribbed', 'Fisherman', 'Chunky', 'Classic'], sizes: ONE_SIZE, price: [12, 70] }),
  'men-sunglasses': accessory('Sunglasses', frames, 1, { styles: SUNGLASS_STYLES, price: [25, 300] }),
  'men-watches': accessory('Watch', watches, 1, { styles: WATCH_STYLES, price: [70, 750], palette: METAL }),
  'men-scarves': accessory('Scarf', soft, 1, { styles: SCARF_STYLES, price: [18, 200] }),
  'men-gloves': accessory('Gloves', leather, 1, { styles: GLOVE_STYLES, sizes: ['M', 'L', 'XL'], price: [20, 110] }),
  'men-jewellery': jewellery('Signet Ring', 1),
  'men-fragrance': beauty({
    nouns: ['Eau de Parfum', 'Eau de Toilette', 'Aftershave Balm'], benefits: ['Cedar', 'Vetiver', 'Leather', 'Tobacco', 'Bergamot', 'Oud'],
    ingredients: ['Noir', 'Intense', 'Sport', 'Reserve'], volumes: ['50ml', '100ml'],
    claims: ['Top notes of grapefruit and cardamom.', 'A woody base of cedar and amber.'], shaded: false, price: [25, 150], weight: 2, palette: BOTTLE,
  }),
  'men-skincare': beauty({
    nouns: ['Face Moisturiser', 'Face Wash', 'Shave Gel', 'Beard Oil'], benefits: ['Energising', 'Hydrating', 'Soothing', 'Oil-Control'],
    ingredients: ['Charcoal', 'Caffeine', 'Aloe', 'Vitamin C'], volumes: ['100ml', '50ml', '30ml'],
    claims: SKIN_CLAIMS, shaded: false, price: [6, 45], weight: 2, palette: BOTTLE,
  }),
  // Kids'.
  'kids-dresses': dress('Dress', 'Falls to the knee.', 3),
  'kids-tops': top('T-Shirt', KIDS_AGE, 4, [6, 30]),
  'kids-knitwear': knit('Cardigan', KIDS_AGE, 2),
  'kids-sweatshirts-hoodies': top('Hoodie', KIDS_AGE, 2, [10, 45]),
  'kids-jeans': jeans('Jeans', KIDS_AGE, 2),
  'kids-trousers': trousers('Joggers', KIDS_AGE, 2),
  'kids-shorts': trousers('Shorts', KIDS_AGE, 1),
  'kids-skirts': trousers('Tutu Skirt', KIDS_AGE, 1),
  'kids-coats-jackets': outer('Puffer Jacket', KIDS_AGE, 2, [25, 140], materialsNamed('Recycled Nylon')),
  'kids-swimwear': swim('Swimsuit', KIDS_AGE, 1),
  'kids-nightwear': top('Pyjama Set', KIDS_AGE, 2, [10, 40]),
  'kids-sneakers': shoe('Trainers', 'trainer', SHOE_KIDS, 3, [20, 90]),
  'kids-boots': shoe('Ankle Boots', 'boot', SHOE_KIDS, 1, [18, 70]),
  'kids-sandals': shoe('Sandals', 'flat', SHOE_KIDS, 1, [15, 60]),
  'kids-school-shoes': shoe('School Shoes', 'flat', SHOE_KIDS, 1, [25, 70]),
  'kids-backpacks': bag('Backpack', 2, [15, 60]),
  'kids-hats': accessory('Sun Hat', straw, 1, { styles: HAT_STYLES, sizes: ONE_SIZE, price: [6, 30] }),
  'kids-gloves': accessory('Mittens', soft, 1, { styles: ['Fleece-Lined', 'Fair Isle', 'Pom-Pom', 'Waterproof'], sizes: ONE_SIZE, price: [6, 25] }),
  'kids-sunglasses': accessory('Sunglasses', frames, 1, { styles: SUNGLASS_STYLES, price: [8, 40] }),
};

// Name parts for brands and stores.
export const FIRST_NAMES = [
  'Ava', 'Isla', 'Mia', 'Nora', 'Elsie', 'Ruby', 'Clara', 'Iris', 'Hazel', 'Edith', 'Maeve', 'Lena', 'Sienna', 'Cleo',
  'Ines', 'Margot', 'Esme', 'Freya', 'Jude', 'Otis', 'Milo', 'Rafe', 'Theo', 'Arlo', 'Hugo', 'Felix', 'Jonah', 'Kit',
  'Priya', 'Anaya', 'Zara', 'Layla', 'Amira', 'Mei', 'Yuki', 'Sofia', 'Camille', 'Aurelie', 'Luca', 'Matteo',
];
export const SURNAMES = [
  'Marlowe', 'Ashby', 'Calloway', 'Vance', 'Harlow', 'Whitaker', 'Ellery', 'Sinclair', 'Rowe', 'Fairfax', 'Hale',
  'Lennox', 'Mercer', 'Quinn', 'Beaumont', 'Castell', 'Devereux', 'Everly', 'Finch', 'Greer', 'Holloway', 'Ivers',
  'Kingsley', 'Langford', 'Moreau', 'Novak', 'Oakes', 'Pemberton', 'Radcliffe', 'Sterling', 'Thorne', 'Vale',
  'Wren', 'Yardley', 'Kapoor', 'Mehta', 'Tan', 'Lim', 'Haddad', 'Okafor', 'Laurent', 'Rossi', 'Bianchi', 'Duval',
];
export const WORDS = [
  'Velvet', 'Linen', 'Indigo', 'Harbour', 'Willow', 'Magpie', 'Juniper', 'Sable', 'Marble', 'Saffron', 'Cobalt',
  'Ember', 'Fable', 'Gossamer', 'Heather', 'Ivy', 'Jasper', 'Kestrel', 'Lark', 'Meadow', 'Nettle', 'Opal', 'Pebble',
  'Quartz', 'Raven', 'Sorrel', 'Thistle', 'Umber', 'Vesper', 'Wild', 'Atlas', 'Birch', 'Cedar', 'Dune', 'Echo',
  'Flint', 'Garnet', 'Hollow', 'Isle', 'Kin', 'Lumen', 'Moss', 'North', 'Orchid', 'Pine', 'Rook', 'Solace', 'Tide',
  'Verde', 'Wolf', 'Aster', 'Bloom', 'Coral', 'Drift', 'Fern', 'Golden', 'Honey', 'Lotus', 'Mira', 'Nova', 'Petal',
  'Sage', 'Terra', 'Alba', 'Bay', 'Clove', 'Dawn', 'Elm', 'Fig', 'Grove', 'Haze', 'Iris', 'Loom', 'Maple', 'Oak',
];
export const SYLLABLES_START = ['Nor', 'Val', 'Ama', 'Ser', 'Lu', 'Kor', 'Bel', 'Cas', 'Dar', 'El', 'Fio', 'Gal', 'Hel', 'Isa', 'Jun', 'Ka', 'Lio', 'Mar', 'Oro', 'Pal', 'Ro', 'Sol', 'Tav', 'Ver', 'Zen'];
export const SYLLABLES_END = ['haven', 'ora', 'ette', 'ino', 'ara', 'elle', 'ova', 'ix', 'ena', 'ani', 'essa', 'ello', 'ane', 'ique', 'ari', 'eno', 'ia', 'oro'];
export const BRAND_SUFFIXES = ['Studio', 'Atelier', 'Collective', 'Label', 'London', 'Paris', 'Milano', 'Copenhagen', 'Goods', 'House', '& Co.', 'Editions', 'Club'];
export const BEAUTY_SUFFIXES = ['Beauty', 'Skin', 'Cosmetics', 'Botanicals', 'Apothecary', 'Lab', 'Naturals'];
export const STORE_NOUNS: Record<string, readonly string[]> = {
  department: ['Department Store', 'Emporium', 'House', 'Market', 'Store', 'Arcade'],
  womenswear: ['Boutique', 'Closet', 'Wardrobe', 'Edit', 'Atelier', 'Studio'],
  menswear: ['Outfitters', 'Tailors', 'Supply Co.', 'Menswear', 'Clothiers'],
  kidswear: ['Kids', 'Little Ones', 'Minis', 'Playhouse'],
  footwear: ['Shoe Co.', 'Footwear', 'Sole Society', 'Cobblers'],
  accessories: ['Bag Co.', 'Accessories', 'Leather Goods', 'Trinkets'],
  beauty: ['Beauty Bar', 'Apothecary', 'Beauty Hall', 'Skin Shop'],
};
export const CITIES: Record<string, readonly string[]> = {
  GB: ['London', 'Manchester', 'Bath', 'Bristol', 'Edinburgh', 'Leeds', 'Brighton'],
  US: ['Brooklyn', 'Austin', 'Portland', 'Chicago', 'Savannah', 'Denver', 'Soho'],
  IN: ['Mumbai', 'Jaipur', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata'],
  AE: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Jumeirah'],
  CA: ['Toronto', 'Montreal', 'Vancouver', 'Calgary', 'Ottawa'],
  AU: ['Sydney', 'Melbourne', 'Bondi', 'Perth', 'Brisbane'],
  HK: ['Kowloon', 'Central', 'Causeway Bay', 'Wan Chai'],
  SG: ['Orchard', 'Tiong Bahru', 'Marina', 'Raffles', 'Katong'],
};
