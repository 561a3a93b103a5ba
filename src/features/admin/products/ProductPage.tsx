// A product's page in the dashboard (docs/admin.md, 'The product page'): its sections as tabs, each
// with its own Save; every section stays mounted (hidden when another is shown), so unsaved changes
// survive switching, and leaving the page with some asks first, naming the sections.
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '../../../../domain/product';
import { toAppError } from '../../../lib/errors';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { UnsavedSection, unsavedSections, type UnsavedReporter } from '../../../components/unsavedChanges';
import { useGetAdminProductsByIdsQuery } from '../api/productsApi';
import { CourseContentSection } from '../courses/CourseContentSection';
import { DeliverableFilesSection } from '../files/DeliverableFilesSection';
import { LicenseKeysSection } from '../licenses/LicenseKeysSection';
import { PricingSection } from './PricingSection';
import { SequenceSection } from '../mailings/SequenceSection';
import { manageProductsPath, ProductDetailsSection } from './ProductDetailsSection';
import { useLeavePrompt } from './useLeavePrompt';

/** One section of the page: a tab and what it shows. A new section (Pricing, Reviews) is one more entry. */
export interface ProductSection {
  id: string;
  label: string;
  render: (product: Product) => ReactNode;
}

export const productSections: readonly ProductSection[] = [
  { id: 'details', label: 'Details', render: (product) => <ProductDetailsSection product={product} /> },
  { id: 'pricing', label: 'Pricing', render: (product) => <PricingSection product={product} /> },
  {
    id: 'files',
    label: 'Files and delivery',
    render: (product) => <DeliverableFilesSection productId={product.id} withLicenseKeys={false} />,
  },
  { id: 'licenses', label: 'License keys', render: (product) => <LicenseKeysSection productId={product.id} /> },
  {
    id: 'course',
    label: 'Course',
    render: (product) => <CourseContentSection productId={product.id} categoryId={product.categoryId} />,
  },
  { id: 'emails', label: 'E-mails after purchase', render: (product) => <SequenceSection productId={product.id} /> },
];

/** /admindashboard/products/{id}: the product, loaded, then its sections. */
export function ProductPage({ productId }: { productId: string }) {
  const ids = useMemo(() => [productId], [productId]);
  const query = useGetAdminProductsByIdsQuery(ids);
  const product = query.data?.[0];
  if (query.isLoading) {
    return (
      <p role="status" className="text-slate-700">
        Loading...
      </p>
    );
  }
  if (query.error || !product) {
    return (
      <section aria-labelledby="product-page-heading" className="space-y-3">
        <h2 id="product-page-heading" className="text-2xl font-bold text-slate-900">
          Product
        </h2>
        <p role="alert" className="text-red-700">
          {query.error ? toAppError(query.error).message : 'This product does not exist (it may have been deleted).'}
        </p>
        <div className="flex flex-wrap gap-3">
          {query.error ? (
            <button type="button" className={secondaryButtonClass} onClick={() => void query.refetch()}>
              Try again
            </button>
          ) : null}
          <Link to={manageProductsPath} className={secondaryButtonClass}>
            Back to Manage Products
          </Link>
        </div>
      </section>
    );
  }
  return <ProductSections product={product} />;
}

function ProductSections({ product }: { product: Product }) {
  const baseId = useId();
  const [current, setCurrent] = useState(productSections[0]?.id ?? '');
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  // Which form holds unsaved changes, by the section it is in.
  const [reports, setReports] = useState<Record<string, string>>({});
  const report = useCallback<UnsavedReporter>((key, section, unsaved) => {
    setReports((known) => {
      if (unsaved ? known[key] === section : !(key in known)) return known;
      const next = { ...known };
      if (unsaved) next[key] = section;
      else delete next[key];
      return next;
    });
  }, []);
  const unsaved = useMemo(
    () =>
      unsavedSections(
        reports,
        productSections.map((section) => section.label),
      ),
    [reports],
  );
  useLeavePrompt(unsaved);

  // Arrow keys move between tabs, Home and End to the first and last (the ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = productSections.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (index + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const section = to === null ? undefined : productSections[to];
    if (!section) return;
    event.preventDefault();
    setCurrent(section.id);
    tabs.current[section.id]?.focus();
  };

  return (
    <section aria-labelledby={`${baseId}-heading`} className="w-full min-w-0 space-y-4">
      <Link to={manageProductsPath} className="font-medium text-brand-700 underline">
        Back to Manage Products
      </Link>
      <h2 id={`${baseId}-heading`} className="break-words text-2xl font-bold text-slate-900">
        {product.title}
      </h2>
      <p role="status" className="font-medium text-amber-800">
        {unsaved.length > 0 ? `Not saved yet: ${unsaved.join(', ')}.` : ''}
      </p>
      <div role="tablist" aria-label="Product sections" className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        {productSections.map((section, index) => {
          const selected = section.id === current;
          return (
            <button
              key={section.id}
              ref={(element) => {
                tabs.current[section.id] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${section.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${section.id}`}
              tabIndex={selected ? 0 : -1}
              className={`min-h-11 rounded-lg px-4 py-2 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ${
                selected ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-brand-50'
              }`}
              onClick={() => setCurrent(section.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {section.label}
              {unsaved.includes(section.label) ? (
                <>
                  {' '}
                  <span aria-hidden="true">•</span>
                  <span className="sr-only">(not saved)</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      {productSections.map((section) => (
        <div
          key={section.id}
          role="tabpanel"
          id={`${baseId}-panel-${section.id}`}
          aria-labelledby={`${baseId}-tab-${section.id}`}
          hidden={section.id !== current}
          tabIndex={0}
          className="min-w-0"
        >
          <UnsavedSection name={section.label} report={report}>
            {section.render(product)}
          </UnsavedSection>
        </div>
      ))}
    </section>
  );
}
