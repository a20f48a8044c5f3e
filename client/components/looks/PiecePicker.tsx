import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LookCategory } from '../../../shared/api/look-schemas';
import type { ProductCard } from '../../../shared/api/product-schemas';
import type { Filter, FilterBucket } from '../../../shared/api/search-schemas';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { Translate } from '../../../shared/i18n/translator';
import { say } from '../../../shared/validation/message';
import { LOOK_CATEGORY_NAMES, isLookCategoryId } from '../../../shared/validation/look-rules';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { colourName, departmentName } from '../../app/taxonomy-names';
import { dressMeFilters, searchPieces } from '../../data/looks/look-calls';
import type { BoardPiece } from './look-board-rules';

// Where the pieces come from: a look category (user-set-categs), narrowed by its Dress Me
// filters (department, colour, offers, brand, store: the listing's filter groups over that
// category, a signed-in call) and by words, searched with the listing's own /api/search. Each
// result is a button that puts the product's size variant on the board.

/** The dress-me filter groups and the listing parameter each one sets. */
const FILTER_PARAMS: Readonly<Record<string, string>> = { department: 'department', colours: 'colour', offers: 'offers', brand: 'brand', storename: 'storename' };
const FILTER_LABELS: Readonly<Record<string, MessageId>> = {
  department: 'looks.picker.filter.department',
  colours: 'looks.picker.filter.colours',
  offers: 'looks.picker.filter.offers',
  brand: 'looks.picker.filter.brand',
  storename: 'looks.picker.filter.storename',
};
const RESULTS = 24;

export type PickedPiece = Pick<BoardPiece, 'guid' | 'name' | 'brand' | 'price' | 'image'>;

/** A card's piece: the variant the card shows (variant_index) and its cheapest size variant. */
export function pieceOf(card: ProductCard): PickedPiece | undefined {
  const variant = card.variants[card.variant_index] ?? card.variants[0];
  const size = variant?.size_variants[0];
  if (!variant || !size) return undefined;
  return { guid: size.guid, name: variant.title, brand: card.brand, price: size.saleprice, image: variant.images.productimage180_jpg };
}

/** A look category's name in the page's language (the api's English for one the rules do not know). */
function categoryLabel(t: Translate, category: LookCategory): string {
  return isLookCategoryId(category.id) ? say(t, LOOK_CATEGORY_NAMES[category.id]) : category.name;
}

/** A filter value as the listing names it: departments and colours from the taxonomy catalogue, brands and stores as the feed gives them. */
function bucketLabel(t: Translate, group: string, bucket: FilterBucket): string {
  if (group === 'department') return departmentName(t, bucket.id, bucket.key);
  if (group === 'colours') return colourName(t, bucket.id, bucket.key);
  return bucket.key;
}

type Props = {
  categories: readonly LookCategory[];
  /** Filters are a personal call: a guest searches by category and words only. */
  signedIn: boolean;
  onPick(piece: PickedPiece): void;
};

type Results = { products: ProductCard[]; totalCount: number } | 'loading' | 'failed';

export function PiecePicker({ categories, signedIn, onPick }: Props) {
  const { country } = useSiteConfig();
  const t = useT();
  const id = useId();
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? '');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [words, setWords] = useState('');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Filter[]>([]);
  const [results, setResults] = useState<Results>('loading');
  const category = categories.find((c) => c.id === categoryId);
  const categoryName = category ? categoryLabel(t, category) : '';

  useEffect(() => {
    if (!category) return;
    let live = true;
    setResults('loading');
    const params = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== '').map(([group, value]) => [FILTER_PARAMS[group] ?? group, value]));
    searchPieces({ ...params, category: category.slugs, q: query || undefined, country: country.toLowerCase(), perPage: RESULTS }).then(
      (answer) => live && setResults({ products: answer.products, totalCount: answer.totalCount }),
      () => live && setResults('failed'),
    );
    if (signedIn)
      dressMeFilters(category.id, { ...params, country: country.toLowerCase() }).then(
        (answer) => live && setFilters(answer.filters),
        () => live && setFilters([]),
      );
    return () => {
      live = false;
    };
  }, [category, chosen, query, country, signedIn]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(words.trim());
  };

  return (
    <section className="look-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('looks.picker.title')}</h2>
      <div className="look-categories" role="group" aria-label={t('looks.picker.category')}>
        {categories.map((c) => (
          <button
            key={c.id}
            type="button"
            className={c.id === categoryId ? 'button' : 'button button-secondary'}
            aria-pressed={c.id === categoryId}
            onClick={() => {
              setCategoryId(c.id);
              setChosen({});
            }}
          >
            {categoryLabel(t, c)}
          </button>
        ))}
      </div>
      <form className="look-search" role="search" aria-label={t('looks.picker.searchLabel')} onSubmit={search}>
        <label htmlFor={`${id}-q`}>{t('looks.picker.searchIn', { category: categoryName })}</label>
        <input id={`${id}-q`} type="search" value={words} onChange={(event) => setWords(event.target.value)} autoComplete="off" />
        <button type="submit" className="button button-secondary">
          {t('looks.picker.search')}
        </button>
      </form>
      {filters.length > 0 && (
        <div className="look-filters">
          {filters
            .filter((filter) => FILTER_LABELS[filter.filterName] && filter.buckets.length > 0)
            .map((filter) => (
              <div className="form-field" key={filter.filterName}>
                <label htmlFor={`${id}-${filter.filterName}`}>{t(FILTER_LABELS[filter.filterName]!)}</label>
                <select
                  id={`${id}-${filter.filterName}`}
                  value={chosen[filter.filterName] ?? ''}
                  onChange={(event) => setChosen({ ...chosen, [filter.filterName]: event.target.value })}
                >
                  <option value="">{t('looks.picker.any')}</option>
                  {filter.buckets.map((bucket) => (
                    <option key={bucket.id} value={bucket.id}>
                      {bucketLabel(t, filter.filterName, bucket)} ({bucket.docCount})
                    </option>
                  ))}
                </select>
              </div>
            ))}
        </div>
      )}
      {results === 'loading' && <p role="status">{t('looks.picker.loading')}</p>}
      {results === 'failed' && (
        <p className="form-error" role="alert">
          {t('looks.picker.failed')}
        </p>
      )}
      {typeof results === 'object' &&
        (results.products.length === 0 ? (
          <p>{t('looks.picker.none')}</p>
        ) : (
          <ul className="look-results" aria-label={t('looks.picker.results', { category: categoryName })}>
            {results.products.map((card) => {
              const piece = pieceOf(card);
              if (!piece) return null;
              return (
                <li key={card.id}>
                  <button type="button" className="look-result" onClick={() => onPick(piece)} aria-label={t('looks.picker.add', { name: piece.name })}>
                    <img src={piece.image} alt="" width={90} height={90} loading="lazy" />
                    <span>{piece.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}
