import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { categories } from '../../domain/categories';
import { getConfig } from '../lib/config';
import { paths } from '../../domain/routes';

// The menu opens by itself every 30,000 ms to remind shoppers of the categories (docs/storefront.md).
export const menuAutoOpenMs = 30_000;
/** On a phone the reminder is a small peek under the button, gone again after this long (docs/departures.md). */
export const menuPeekMs = 4_000;
/** Narrower than the `sm` breakpoint: a phone, where the open menu would cover most of the screen. */
export const narrowScreenQuery = '(max-width: 639.98px)';

/**
 * What the 30-second reminder shows now: the whole menu on a wide screen; on a phone a peek, only while
 * the page is at its top, where every page leaves a free strip for it; nothing on a phone scrolled down,
 * where anything it showed would sit over what the visitor is reading.
 */
function reminderNow(): 'menu' | 'peek' | 'none' {
  if (!window.matchMedia(narrowScreenQuery).matches) return 'menu';
  return window.scrollY > 8 ? 'none' : 'peek';
}

const entryClass =
  'block rounded-md px-3 py-2 text-slate-800 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * The floating menu at the top right (docs/storefront.md): a disclosure that opens on click or hover and
 * every 30 s (on a phone, a peek instead), and closes on an outside click, on Escape and when an entry is
 * chosen.
 */
export function FloatingMenu() {
  const [open, setOpen] = useState(false);
  // How many peeks have come (0: none showing), so each new one gets its full time.
  const [peeking, setPeeking] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const peekRef = useRef<HTMLButtonElement>(null);
  // A mouse reaching the button opens the menu before the click lands; that click must not close it.
  const openedByHover = useRef(false);
  const panelId = useId();

  useEffect(() => {
    const timer = window.setInterval(() => {
      const reminder = reminderNow();
      if (reminder === 'menu') setOpen(true);
      else if (reminder === 'peek') setPeeking((count) => count + 1);
    }, menuAutoOpenMs);
    return () => window.clearInterval(timer);
  }, []);

  const showPeek = peeking > 0 && !open;
  useEffect(() => {
    if (!showPeek) return undefined;
    // Closing by itself, the peek hands its focus (a keyboard user's) to the menu button.
    const hidePeek = () => {
      if (peekRef.current === document.activeElement) buttonRef.current?.focus();
      setPeeking(0);
    };
    const timer = window.setTimeout(hidePeek, menuPeekMs);
    window.addEventListener('scroll', hidePeek, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', hidePeek);
    };
  }, [showPeek, peeking]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusWasInside = rootRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusWasInside) buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onButtonClick = () => {
    setPeeking(0);
    if (openedByHover.current) {
      openedByHover.current = false;
      setOpen(true);
      return;
    }
    setOpen((wasOpen) => !wasOpen);
  };

  const onMouseEnter = () => {
    if (!open) {
      openedByHover.current = true;
      setOpen(true);
    }
  };

  const onMouseLeave = () => {
    openedByHover.current = false;
  };

  const close = () => {
    openedByHover.current = false;
    setOpen(false);
  };

  const openFromPeek = () => {
    setPeeking(0);
    setOpen(true);
  };

  return (
    <div ref={rootRef} className="fixed right-3 top-3 z-40" onMouseEnter={onMouseEnter} onMouseLeave={onMouseLeave}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-md ring-2 ring-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span className="sr-only">Menu</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {showPeek && (
        <button
          ref={peekRef}
          type="button"
          onClick={openFromPeek}
          className="absolute right-0 top-full mt-1 whitespace-nowrap rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-md ring-1 ring-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          Browse categories
        </button>
      )}
      <MenuPanel id={panelId} open={open} onChoose={close} />
    </div>
  );
}

/** The menu's entries: the company's site, the store's home, About, then every category. */
function MenuPanel({ id, open, onChoose }: { id: string; open: boolean; onChoose: () => void }) {
  const { productSiteUrl, aboutUrl } = getConfig().store;
  return (
    <nav
      id={id}
      aria-label="Site menu"
      hidden={!open}
      className="absolute right-0 mt-2 w-64 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200"
    >
      <ul>
        <li>
          <a className={entryClass} href={productSiteUrl} onClick={onChoose}>
            Home
          </a>
        </li>
        <li>
          <Link className={entryClass} to={paths.home} onClick={onChoose}>
            Digital Store Home
          </Link>
        </li>
        <li>
          <a className={entryClass} href={aboutUrl} onClick={onChoose}>
            About
          </a>
        </li>
      </ul>
      <h2 className="mt-2 border-t border-slate-200 px-3 pb-1 pt-3 text-xs font-semibold tracking-wider text-slate-600">
        PRODUCT CATEGORIES
      </h2>
      <ul>
        <li>
          <Link className={entryClass} to={paths.allProducts} onClick={onChoose}>
            All Products
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link className={entryClass} to={paths.category(category.id)} onClick={onChoose}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
