import { Link } from 'react-router-dom';
import { getConfig } from '../lib/config';
import { paths } from '../../domain/routes';
import { useAffiliateProgramOn } from '../lib/affiliateRef';

// What every page's footer carries (docs/storefront.md): contact e-mail and phone, Contact us, the
// company site's legal pages (same window),
// and the year, company name and 'All rights reserved.'
export function Footer() {
  const { contactEmail, contactPhone, companyName, productSiteUrl } = getConfig().store;
  const year = new Date().getFullYear();
  const affiliatesOn = useAffiliateProgramOn();
  return (
    <footer className="mt-16 bg-slate-900 px-6 py-10 text-slate-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 md:flex-row md:justify-between">
        <address className="not-italic">
          <p>
            Email:{' '}
            <a className="underline hover:text-white" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
          </p>
          <p>
            Phone:{' '}
            <a className="underline hover:text-white" href={`tel:${contactPhone.replace(/\s+/g, '')}`}>
              {contactPhone}
            </a>
          </p>
        </address>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-2 md:flex-row md:gap-6">
            <li>
              <Link className="underline hover:text-white" to={paths.contact}>
                Contact us
              </Link>
            </li>
            <li>
              <Link className="underline hover:text-white" to={paths.library}>
                Your library
              </Link>
            </li>
            <li>
              <Link className="underline hover:text-white" to={paths.purchases}>
                Get my purchases again
              </Link>
            </li>
            {affiliatesOn && (
              <li>
                <Link className="underline hover:text-white" to={paths.affiliates}>
                  Become an affiliate
                </Link>
              </li>
            )}
            <li>
              <a className="underline hover:text-white" href={`${productSiteUrl}/termsandconditions`}>
                Terms and Conditions
              </a>
            </li>
            <li>
              <a className="underline hover:text-white" href={`${productSiteUrl}/privacypolicy`}>
                Privacy Policy
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-8 max-w-6xl text-sm text-slate-300">
        © {year} {companyName}. All rights reserved.
      </p>
    </footer>
  );
}
