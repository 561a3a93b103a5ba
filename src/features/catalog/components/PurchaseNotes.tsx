import { Link } from 'react-router-dom';
import { paths } from '../../../../domain/routes';

/**
 * The four notes on buying with the 'HERE' link to the contact page, then where to get a lost order
 * e-mail again (docs/storefront.md).
 */
export function PurchaseNotes() {
  return (
    <section aria-labelledby="notes-heading" className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200">
      <h2 id="notes-heading" className="text-xl font-bold text-slate-900">
        Notes
      </h2>
      <ul aria-labelledby="notes-heading" className="mt-4 list-disc space-y-2 pl-6 text-slate-800">
        <li>
          To pay in Naira (₦), set the currency switch at the top of the page to NGN before you buy; otherwise switch it
          to USD to pay in US dollars ($).
        </li>
        <li>Enter your correct e-mail address when you pay.</li>
        <li>Check that e-mail inbox (and the spam folder) for access to your product after payment.</li>
        <li>
          If nothing arrives, contact us{' '}
          <Link to={paths.contact} className="font-semibold text-brand-800 underline hover:text-brand-900">
            HERE
            {/* Said to screen readers and search engines, for whom a bare 'HERE' names no destination. */}
            <span className="sr-only">: the contact page</span>
          </Link>
          .
        </li>
        <li>
          Lost the e-mail? Get the access links to everything you bought again on{' '}
          <Link to={paths.purchases} className="font-semibold text-brand-800 underline hover:text-brand-900">
            your purchases page
          </Link>
          .
        </li>
      </ul>
    </section>
  );
}
