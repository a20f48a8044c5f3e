import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { SuggestionsSchema } from '../../../shared/api/search-schemas';
import { cleanSearchText, typedSearchText } from '../../../shared/validation/search-text';
import { useSiteConfig } from '../../app/contexts';
import { useDepartment } from '../../app/department';
import { useT } from '../../app/i18n';
import { searchSuggestions } from '../../data/search/suggestions';

// The header search field (spec section 5 "Search text"). A real GET form, so it works
// without JavaScript; with it, the text is cleaned as typed and an empty search does
// nothing. Suggestions (spec section 4 "Shell"): asked for only when the text is not empty,
// arrow keys move through them and fill the query with the highlighted one, and they hide
// 5 seconds after the field loses focus.
//
// The field follows the ARIA 1.2 combobox pattern: an <input type="text"> with role="combobox",
// aria-expanded, aria-controls and aria-autocomplete="list", its options named by
// aria-activedescendant. type="text" because HTML allows neither role="combobox" nor
// aria-expanded on <input type="search"> (the Nu checker rejects every page otherwise); the
// form's role="search" landmark and enterKeyHint keep what type="search" gave.

export const SUGGESTIONS_HIDE_MS = 5000;
const SUGGEST_DEBOUNCE_MS = 200;

type Suggestion = z.infer<typeof SuggestionsSchema>['suggestions'][number];

export function SearchForm() {
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const navigate = useNavigate();
  const t = useT();
  const { basename } = useSiteConfig();
  const { department } = useDepartment();
  const listId = useId();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** What the shopper typed, as opposed to a suggestion the arrow keys filled in. */
  const [typed, setTyped] = useState('');
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const q = cleanSearchText(typed);
    if (!q) {
      setSuggestions([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      searchSuggestions(q, department)
        .then((found) => {
          if (!live) return;
          setSuggestions(found);
          setActive(-1);
        })
        // Suggestions are a convenience: a failure leaves the field working as before.
        .catch(() => live && setSuggestions([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed, department]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  // Another search (or a listing without one) shows its own text.
  const urlQuery = params.get('q') ?? '';
  useEffect(() => {
    setText(urlQuery);
    setTyped('');
  }, [urlQuery]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (suggestion: Suggestion) => {
    close();
    setText(suggestion.key);
    void navigate(`/${suggestion.canonicalUrl.replace(/^\/+/, '')}`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = active >= 0 ? suggestions[active] : undefined;
    if (chosen && open) return go(chosen);
    const q = cleanSearchText(text);
    if (!q) return;
    setText(q);
    close();
    void navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (!suggestions.length) return;
    event.preventDefault();
    setOpen(true);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // Past either end comes back to what was typed.
    let next = active + step;
    if (next >= suggestions.length) next = -1;
    if (next < -1) next = suggestions.length - 1;
    setActive(next);
    setText(next >= 0 ? suggestions[next]!.key : typed);
  };

  const shown = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    // A name of its own: a page may hold another search landmark (Dress Me's piece search), and
    // landmarks of one role need names that tell them apart (axe landmark-unique, issue 25).
    <form role="search" aria-label={t('shell.search.landmark')} className="search-form" action={`${basename}/search`} method="get" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('shell.search.placeholder')}
      </label>
      <input
        id="site-search"
        name="q"
        type="text"
        role="combobox"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={t('shell.search.placeholder')}
        value={text}
        maxLength={100}
        onChange={(event) => {
          const value = typedSearchText(event.target.value);
          setText(value);
          setTyped(value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(hideTimer.current);
          hideTimer.current = setTimeout(close, SUGGESTIONS_HIDE_MS);
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('shell.search.suggestions')} className="search-suggestions" hidden={!shown}>
        {suggestions.map((suggestion, index) => (
          // Options of a combobox never take focus: the keys are the input's (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${suggestion.type}:${suggestion.canonicalUrl}:${suggestion.key}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            // Before the input's blur, so the click lands on the option.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(suggestion)}
          >
            <span>{suggestion.key}</span>
            {suggestion.type === 'category' && <span className="suggestion-type">{t('shell.search.type.category')}</span>}
            {suggestion.type === 'brand' && <span className="suggestion-type">{t('shell.search.type.brand')}</span>}
          </li>
        ))}
      </ul>
      <button type="submit" className="search-submit" aria-label={t('shell.search.submit')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
