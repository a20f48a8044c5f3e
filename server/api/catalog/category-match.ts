import type { Department } from '../../../shared/constants';
import { CATEGORIES, type FlatCategory } from './category-tree';

// Places a feed item in our tree from its product_type ("Women > Clothing > Dresses >
// Maxi Dresses") or, failing that, its google_product_category ("Apparel & Accessories >
// Clothing > Dresses"). Merchants name things their own way, so matching is on
// normalised words, skips levels they leave out ("Women > Dresses") and ignores levels
// we do not have ("Summer Edit"); the deepest category matched wins.

const DEPARTMENT_WORDS: Record<string, Department> = {
  women: 'women', womens: 'women', woman: 'women', ladies: 'women', female: 'women',
  men: 'men', mens: 'men', man: 'men', male: 'men', gents: 'men',
  kids: 'kids', kid: 'kids', children: 'kids', childrens: 'kids', child: 'kids', girls: 'kids',
  boys: 'kids', baby: 'kids', babies: 'kids', junior: 'kids', juniors: 'kids', toddler: 'kids',
};

/** Singular form of one lower-case word, so "Dresses", "Dress" and "dress" all meet. */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * A comparable key for a category name: lower case, '&' as 'and', punctuation as
 * spaces, singular words, without department words ("Men's Jeans" is "jean").
 */
export function categoryKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !(w in DEPARTMENT_WORDS))
    .map(singular)
    .join(' ');
}

/** The department a product_type segment names ("Women", "Men's", "Girls"), if any. */
export function departmentFromSegment(segment: string): Department | undefined {
  const words = segment.toLowerCase().replace(/['’]/g, '').split(/[^a-z]+/).filter(Boolean);
  return words.length === 1 ? DEPARTMENT_WORDS[words[0]!] : undefined;
}

type TreeNode = { category: FlatCategory; keys: Set<string>; children: TreeNode[] };

function buildIndex(): Map<Department, TreeNode[]> {
  const nodes = new Map<string, TreeNode>();
  const roots = new Map<Department, TreeNode[]>([['women', []], ['men', []], ['kids', []]]);
  for (const category of CATEGORIES) {
    const bare = category.slug.replace(/^(men|kids)-/, '').replace(/-/g, ' ');
    const keys = new Set([category.name, bare, ...category.aliases].map(categoryKey).filter(Boolean));
    const treeNode: TreeNode = { category, keys, children: [] };
    nodes.set(category.slug, treeNode);
    if (category.parentSlug) nodes.get(category.parentSlug)?.children.push(treeNode);
    else roots.get(category.department)?.push(treeNode);
  }
  return roots;
}

const INDEX = buildIndex();

/** The nearest node below `under` (breadth first, so the shallowest wins) matching `key`. */
function findBelow(under: readonly TreeNode[], key: string): TreeNode | undefined {
  let level = under;
  while (level.length) {
    const hit = level.find((n) => n.keys.has(key));
    if (hit) return hit;
    level = level.flatMap((n) => n.children);
  }
  return undefined;
}

/** Splits a taxonomy path on '>' (Google's separator), dropping empty segments. */
export function taxonomySegments(path: string | undefined): string[] {
  if (!path) return [];
  return path.split('>').map((s) => s.trim()).filter(Boolean);
}

/** The deepest category of `department` the segments lead to, or undefined. */
export function matchCategory(department: Department, segments: readonly string[]): FlatCategory | undefined {
  let under = INDEX.get(department) ?? [];
  let found: TreeNode | undefined;
  for (const segment of segments) {
    const key = categoryKey(segment);
    if (!key) continue;
    const hit = findBelow(under, key);
    if (hit) {
      found = hit;
      under = hit.children;
      if (!under.length) break;
    }
  }
  return found?.category;
}

export type Placement = { department: Department; category: FlatCategory };

export type PlacementInput = {
  productType?: string | undefined;
  googleProductCategory?: string | undefined;
  gender?: 'male' | 'female' | 'unisex' | undefined;
  ageGroup?: string | undefined;
};

/**
 * Department from product_type's first segment (Women, Men, Kids), else from age_group
 * (anything but adult is kids) and gender; unisex adult goods go to women, the spec's
 * default department. Category from product_type, else google_product_category.
 */
export function placeItem(input: PlacementInput): Placement | { error: string } {
  const segments = taxonomySegments(input.productType);
  const fromType = segments.length ? departmentFromSegment(segments[0]!) : undefined;
  const department: Department =
    fromType ??
    (input.ageGroup && input.ageGroup !== 'adult' ? 'kids' : input.gender === 'male' ? 'men' : 'women');
  const rest = fromType ? segments.slice(1) : segments;
  const category =
    matchCategory(department, rest) ?? matchCategory(department, taxonomySegments(input.googleProductCategory));
  if (category) return { department, category };
  const described = [input.productType, input.googleProductCategory].filter(Boolean).map((s) => `"${s}"`);
  return {
    error: described.length
      ? `no ${department} category matches product_type/google_product_category ${described.join(' / ')}`
      : 'product_type (or google_product_category) is missing, so the item cannot be placed in a category',
  };
}
