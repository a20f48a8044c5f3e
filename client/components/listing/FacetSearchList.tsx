import { useEffect, useId, useState } from 'react';
import type { ListingState } from '../../../shared/listing/listing-state';
import { hasValue, toggleValue } from '../../../shared/listing/transitions';
import { FILTER_PARAM } from '../../../shared/listing/vocabulary';
import { filterSearchText } from '../../../shared/validation/filter-search';
import { useT } from '../../app/i18n';
import { FilterLink } from './FilterLink';
import { findFilterValues } from '../../data/listing/listing-calls';
import type { FilterChoice, ListingData } from '../../data/listing/listing-data';

const FIND_DEBOUNCE_MS = 300;

// Brands with 'Find a Brand', Stores with 'Find a Store' (spec section 2): the box asks the
// search engine for matching names within this listing; whitespace-only is not a search
// (spec section 5). Selected values are always listed (the api returns them).
export function FacetSearchList({
  type,
  placeholder,
  buckets,
  listing,
  state,
  href,
  apply,
}: {
  type: 'brand' | 'store';
  placeholder: string;
  buckets: FilterChoice[];
  /** The listing whose values are searched: its filter call is narrowed and written only when a search is sent. */
  listing: Pick<ListingData, 'state' | 'link' | 'country'>;
  state: ListingState;
  href: (s: ListingState) => string;
  apply: (s: ListingState) => void;
}) {
  const id = useId();
  const t = useT();
  const [text, setText] = useState('');
  const [found, setFound] = useState<FilterChoice[] | null>(null);
  const find = filterSearchText(text);
  const param = FILTER_PARAM[type];

  useEffect(() => {
    if (!find) {
      setFound(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      findFilterValues(type, listing, find)
        .then((values) => live && setFound(values))
        .catch(() => live && setFound([]));
    }, FIND_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [find, type, listing]);

  const shown = found ?? buckets;
  return (
    <div className="facet-search">
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <input id={id} type="search" placeholder={placeholder} value={text} autoComplete="off" onChange={(e) => setText(e.target.value)} />
      {text && !find && <p className="field-error">{t('listing.facet.findEmpty')}</p>}
      {found && found.length === 0 && <p className="facet-none">{t('listing.facet.noMatches')}</p>}
      <ul className="filter-list">
        {shown.map((bucket) => {
          const selected = hasValue(state, param, bucket.id);
          return (
            <li key={bucket.id}>
              <FilterLink next={toggleValue(state, param, bucket.id)} href={href} apply={apply} selected={selected} mark="check">
                {bucket.key} <span className="filter-count">({bucket.docCount})</span>
              </FilterLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
