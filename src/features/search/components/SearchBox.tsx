import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { paths } from '../../../../domain/routes';
import { asyncHandler } from '../../../lib/alerts';
import { useProductSearch } from '../useProductSearch';

/** The query parameter a search box posts when it works as a plain form (before the script runs). */
export const searchTermParam = 'q';

/**
 * The product search box (docs/catalog-and-search.md): Enter or the Search button starts a search. It is a
 * real GET form to /searchresults?q=..., so on a prerendered page a search typed before the script has run
 * still goes somewhere (the results page reads the term from the address); once the script runs,
 * the search happens in place.
 */
export function SearchBox({ tone = 'light', initialTerm = '' }: { tone?: 'light' | 'dark'; initialTerm?: string }) {
  const [term, setTerm] = useState(initialTerm);
  const [busy, setBusy] = useState(false);
  const search = useProductSearch();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  // Text typed into the prerendered box before hydration is in the field but not in the state.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setTerm(typed);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // What the field shows is what the visitor searches for.
    const typed = new FormData(event.currentTarget).get(searchTermParam);
    setBusy(true);
    try {
      await search(typeof typed === 'string' ? typed : term);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      role="search"
      action={paths.searchResults}
      method="get"
      onSubmit={asyncHandler(onSubmit)}
      className="flex w-full max-w-xl gap-2"
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        id={inputId}
        ref={input}
        type="search"
        name={searchTermParam}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search ebooks, courses and tools"
        autoComplete="off"
        className={`min-w-0 flex-1 rounded-lg px-4 py-2.5 text-slate-900 placeholder:text-slate-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 ${
          tone === 'dark' ? 'focus-visible:outline-white' : 'ring-1 ring-slate-300 focus-visible:outline-brand-700'
        }`}
      />
      <button
        type="submit"
        className={`rounded-lg px-5 py-2.5 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 ${
          tone === 'dark'
            ? 'bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white'
            : 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700'
        }`}
      >
        Search
      </button>
    </form>
  );
}
