import { useEffect, useId, useRef, useState } from 'react';
import type { PriceRange } from '../../../shared/listing/listing-state';
import type { PriceScale } from '../../data/listing/listing-data';
import { useT } from '../../app/i18n';
import { acceptPriceRange, canApplyPrice, hasPriceRange, priceFilterErrors, typedPriceInput } from '../../../shared/validation/price-filter';

// Spec section 2 "Price filter (slider with Min and Max inputs and an Apply button)",
// section 5 (messages), section 9 (slider step 1, navigation debounce 1000 ms). Shown only in
// a browser (the caller renders it after hydration) and only when a range exists.
// Loaded on its own when first shown (FilterPanel): it imports nothing of the listing's
// modules, so it stays out of the listing's chunk, and is handed what it needs.
export const SLIDER_DEBOUNCE_MS = 1000;

type Props = {
  price: PriceScale;
  /** The listing's price range, if it has one. */
  selected: PriceRange | undefined;
  /** Goes to the listing with this range (or none). */
  choose: (range: PriceRange | undefined) => void;
  /** On mobile, slider changes wait for Apply Filters like every other change. */
  immediate: boolean;
};

export function PriceFilter({ price, selected, choose, immediate }: Props) {
  const { min: rangeMinRaw, max: rangeMaxRaw } = price;
  const id = useId();
  const t = useT();
  const rangeMin = Math.floor(rangeMinRaw ?? 0);
  const rangeMax = Math.ceil(rangeMaxRaw ?? 0);
  const current = selected ?? { min: rangeMin, max: rangeMax };
  const [minText, setMinText] = useState(String(current.min));
  const [maxText, setMaxText] = useState(String(current.max));
  const [touched, setTouched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setMinText(String(current.min));
    setMaxText(String(current.max));
    setTouched(false);
  }, [current.min, current.max]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!hasPriceRange(rangeMinRaw, rangeMaxRaw)) return null;
  const bounds = { rangeMin, rangeMax };
  const errors = touched ? priceFilterErrors(minText, maxText, bounds, t) : [];
  const applicable = canApplyPrice(minText, maxText, bounds);

  const go = (min: number, max: number) => {
    const accepted = acceptPriceRange(min, max, bounds);
    if (accepted.ok) choose({ min: accepted.min, max: accepted.max });
  };

  // Slider: the inputs follow at once; navigation waits a second of stillness (not on mobile).
  const slide = (which: 'min' | 'max', value: number) => {
    const min = which === 'min' ? Math.min(value, Number(maxText) - 1) : Number(minText);
    const max = which === 'max' ? Math.max(value, Number(minText) + 1) : Number(maxText);
    setMinText(String(min));
    setMaxText(String(max));
    setTouched(true);
    clearTimeout(timer.current);
    if (immediate) timer.current = setTimeout(() => go(min, max), SLIDER_DEBOUNCE_MS);
    else go(min, max);
  };

  return (
    <div className="price-filter">
      <div className="price-slider">
        <label className="visually-hidden" htmlFor={`${id}-lo`}>
          {t('listing.price.lowest')}
        </label>
        <input
          id={`${id}-lo`}
          type="range"
          min={rangeMin}
          max={rangeMax}
          step={1}
          value={Number(minText) || rangeMin}
          onChange={(e) => slide('min', Number(e.target.value))}
        />
        <label className="visually-hidden" htmlFor={`${id}-hi`}>
          {t('listing.price.highest')}
        </label>
        <input
          id={`${id}-hi`}
          type="range"
          min={rangeMin}
          max={rangeMax}
          step={1}
          value={Number(maxText) || rangeMax}
          onChange={(e) => slide('max', Number(e.target.value))}
        />
      </div>
      <form
        className="price-inputs"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (applicable) go(Number(minText), Number(maxText));
        }}
      >
        <label>
          <span>{t('listing.price.min')}</span>
          <span className="price-field">
            <span aria-hidden="true">{price.symbol}</span>
            <input
              inputMode="numeric"
              name="min"
              value={minText}
              aria-invalid={errors.length > 0}
              aria-describedby={`${id}-errors`}
              onChange={(e) => {
                setMinText(typedPriceInput(e.target.value));
                setTouched(true);
              }}
            />
          </span>
        </label>
        <label>
          <span>{t('listing.price.max')}</span>
          <span className="price-field">
            <span aria-hidden="true">{price.symbol}</span>
            <input
              inputMode="numeric"
              name="max"
              value={maxText}
              aria-invalid={errors.length > 0}
              aria-describedby={`${id}-errors`}
              onChange={(e) => {
                setMaxText(typedPriceInput(e.target.value));
                setTouched(true);
              }}
            />
          </span>
        </label>
        <button type="submit" className="button button-primary price-apply" disabled={!applicable}>
          {t('listing.price.apply')}
        </button>
      </form>
      <div id={`${id}-errors`} className="price-errors" aria-live="polite">
        {errors.map((message) => (
          <p key={message} className="field-error">
            {message}
          </p>
        ))}
      </div>
      {selected && (
        <button type="button" className="link-button" onClick={() => choose(undefined)}>
          {t('listing.price.clear')}
        </button>
      )}
    </div>
  );
}
