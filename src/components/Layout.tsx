import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FloatingMenu } from './FloatingMenu';
import { Footer } from './Footer';
import { Logo } from './Logo';

/**
 * The path the document opened on, until the app first goes elsewhere. The browser placed that page: at
 * its top, where a reload left it, or where the visitor scrolled a prerendered page while the app was
 * still loading. Moving it when the app starts would yank a reader back to the top and send a tap in
 * flight to whatever is under the finger then (docs/performance.md).
 */
let landingPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/** A new page starts at its top; the page the document opened on stays where the browser put it. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === landingPath) return;
    landingPath = null;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The shell every storefront page shares (docs/storefront.md). The currency switch belongs to the currency
 * feature, which shared components may not import, so the app layer passes it in.
 */
export function Layout({ currencySwitch }: { currencySwitch?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-16 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        Skip to content
      </a>
      <Logo />
      {currencySwitch}
      <FloatingMenu />
      {/* At least a screen tall, so the footer starts below the fold and content arriving later
          does not push it around in view (CLS budget, docs/performance.md). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
