import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LookCategory } from '../../../shared/api/look-schemas';
import type { ProductCard } from '../../../shared/api/product-schemas';
import type { Filter } from '../../../shared/api/search-schemas';
import { browserApi } from '../../api/browser-api';
import { useSiteConfig } from '../../app/contexts';
import { LOOK_API } from './looks-common';
import type { BoardPiece } from './look-board-rules';
import { SEARCH_API } from '../../../shared/api/search-paths';

// Where the pieces come from: a look category (user-set-categs), narrowed by its Dress Me
// filters (department, colour, offers, brand, store: the listing's filter groups over that
// category, a signed-in call) and by words, searched with the listing's own /api/search. Each
// result is a button that puts the product's size variant on the board.

/** The dress-me filter groups and the listing parameter each one sets. */
const FILTER_PARAMS: Readonly<Record<string, string>> = { department: 'department', colours: 'colour', offers: 'offers', brand: 'brand', storename: 'storename' };
const FILTER_LABELS: Readonly<Record<string, string>> = { department: 'Department', colours: 'Colour', offers: 'Offers', brand: 'Brand', storename: 'Store' };
const RESULTS = 24;

export type PickedPiece = Pick<BoardPiece, 'guid' | 'name' | 'brand' | 'price' | 'image'>;

/** A card's piece: the variant the card shows (variant_index) and its cheapest size variant. */
export function pieceOf(card: ProductCard): PickedPiece | undefined {
  const variant = card.variants[card.variant_index] ?? card.variants[0];
  const size = variant?.size_variants[0];
  if (!variant || !size) return undefined;
  return { guid: size.guid, name: variant.title, brand: card.brand, price: size.saleprice, image: variant.images.productimage180_jpg };
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
  const id = useId();
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? '');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [words, setWords] = useState('');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Filter[]>([]);
  const [results, setResults] = useState<Results>('loading');
  const category = categories.find((c) => c.id === categoryId);

  useEffect(() => {
    if (!category) return;
    let live = true;
    setResults('loading');
    const params = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== '').map(([group, value]) => [FILTER_PARAMS[group] ?? group, value]));
    const api = browserApi();
    api.get(SEARCH_API.list, 'SearchResponse', { ...params, category: category.slugs, q: query || undefined, country: country.toLowerCase(), perPage: RESULTS }).then(
      (answer) => live && setResults({ products: answer.products, totalCount: answer.totalCount }),
      () => live && setResults('failed'),
    );
    if (signedIn)
      api.get(LOOK_API.filters(category.id), 'DressMeFilters', { ...params, country: country.toLowerCase() }).then(
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
      <h2 id={`${id}-title`}>Pieces</h2>
      <div className="look-categories" role="group" aria-label="Category">
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
            {c.name}
          </button>
        ))}
      </div>
      <form className="look-search" role="search" aria-label="Search pieces" onSubmit={search}>
        <label htmlFor={`${id}-q`}>Search {category?.name ?? ''}</label>
        <input id={`${id}-q`} type="search" value={words} onChange={(event) => setWords(event.target.value)} autoComplete="off" />
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </form>
      {filters.length > 0 && (
        <div className="look-filters">
          {filters
            .filter((filter) => FILTER_PARAMS[filter.filterName] && filter.buckets.length > 0)
            .map((filter) => (
              <div className="form-field" key={filter.filterName}>
                <label htmlFor={`${id}-${filter.filterName}`}>{FILTER_LABELS[filter.filterName]}</label>
                <select
                  id={`${id}-${filter.filterName}`}
                  value={chosen[filter.filterName] ?? ''}
                  onChange={(event) => setChosen({ ...chosen, [filter.filterName]: event.target.value })}
                >
                  <option value="">Any</option>
                  {filter.buckets.map((bucket) => (
                    <option key={bucket.id} value={bucket.id}>
                      {bucket.key} ({bucket.docCount})
                    </option>
                  ))}
                </select>
              </div>
            ))}
        </div>
      )}
      {results === 'loading' && <p role="status">Loading pieces…</p>}
      {results === 'failed' && (
        <p className="form-error" role="alert">
          The pieces could not be loaded. Please try again.
        </p>
      )}
      {typeof results === 'object' &&
        (results.products.length === 0 ? (
          <p>Nothing matches. Try another search or filter.</p>
        ) : (
          <ul className="look-results" aria-label={`${category?.name ?? ''} to add`}>
            {results.products.map((card) => {
              const piece = pieceOf(card);
              if (!piece) return null;
              return (
                <li key={card.id}>
                  <button type="button" className="look-result" onClick={() => onPick(piece)} aria-label={`Add ${piece.name} to the board`}>
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
