import { useEffect, useState, type MouseEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { isGenuineUserEvent } from '../../../lib/genuineEvent';
import { currencyChosen, selectCurrency } from '../currencySlice';

/** Whether the page is scrolled down from its top, kept up to date as the shopper scrolls. */
function useScrolledDown(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 8);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

/**
 * The currency switch fixed at the top (docs/storefront.md): USD on the left, NGN on the right. Keyboard
 * users get it for free: Space or Enter on a button fires a click the browser marks as trusted. It shows
 * while the page is at its top, where every page leaves room for it, and fades out (taking no clicks)
 * once the page scrolls, so it never covers a control; tabbing to it shows it again.
 */
export function CurrencySwitch() {
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  const isNgn = currency === 'NGN';
  const scrolled = useScrolledDown();

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!isGenuineUserEvent(event)) return;
    dispatch(currencyChosen(isNgn ? 'USD' : 'NGN'));
  };

  return (
    <div
      data-scrolled={scrolled ? 'true' : undefined}
      className={`fixed left-1/2 top-3 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm font-semibold shadow-md ring-1 ring-slate-200 transition-opacity ${
        scrolled ? 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100' : ''
      }`}
    >
      <span aria-hidden="true" className={isNgn ? 'text-slate-600' : 'text-brand-800'}>
        USD
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={isNgn}
        aria-label="Currency: NGN"
        title={isNgn ? 'Prices in naira (NGN). Switch to US dollars.' : 'Prices in US dollars (USD). Switch to naira.'}
        onClick={onClick}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          isNgn ? 'bg-brand-700' : 'bg-slate-500'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${isNgn ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
      <span aria-hidden="true" className={isNgn ? 'text-brand-800' : 'text-slate-600'}>
        NGN
      </span>
      <span className="sr-only" aria-live="polite">
        {`Prices shown in ${currency}`}
      </span>
    </div>
  );
}
