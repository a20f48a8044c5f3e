import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { cleanSearchText, typedSearchText } from '../../../shared/validation/search-text';
import { useSiteConfig } from '../../app/contexts';

// The header search field (spec section 5 "Search text"). A real GET form, so it works
// without JavaScript; with it, the text is cleaned as typed and an empty search does
// nothing. Suggestions come with the search engine (issue 4).
export function SearchForm() {
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const navigate = useNavigate();
  const { basename } = useSiteConfig();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = cleanSearchText(text);
    if (!q) return;
    setText(q);
    void navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <form role="search" className="search-form" action={`${basename}/search`} method="get" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search for products, brands and stores
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        autoComplete="off"
        placeholder="Search for products, brands and stores"
        value={text}
        maxLength={100}
        onChange={(event) => setText(typedSearchText(event.target.value))}
      />
      <button type="submit" className="search-submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
