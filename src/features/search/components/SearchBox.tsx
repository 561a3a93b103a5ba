import { useId, useState, type FormEvent } from 'react';
import { useProductSearch } from '../useProductSearch';

/** The product search box (SPEC §2): Enter or the Search button starts a search. */
export function SearchBox({ tone = 'light', initialTerm = '' }: { tone?: 'light' | 'dark'; initialTerm?: string }) {
  const [term, setTerm] = useState(initialTerm);
  const [busy, setBusy] = useState(false);
  const search = useProductSearch();
  const inputId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await search(term);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form role="search" onSubmit={onSubmit} className="flex w-full max-w-xl gap-2">
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
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
