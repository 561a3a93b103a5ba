import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CoverImage } from '../../../components/CoverImage';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { usePageMeta } from '../../../components/usePageMeta';
import { productCoverSizes, productCoverWidths } from '../../../../domain/images';
import { priceIn } from '../../../../domain/money';
import { productPriceText } from '../../../../domain/productPricing';
import type { Product } from '../../../../domain/product';
import { paths } from '../../../../domain/routes';
import { metaDescription } from '../../../../domain/text';
import { LazyPaymentDialog, type CustomerDraft, type PaymentRequest } from '../../checkout';
import { currencyChosen, selectCurrency, useGeoCurrencyDefault } from '../../currency';
import { ProductRating, ProductReviewsSection } from '../../reviews';
import { useGetOutlinesQuery, useGetProductQuery } from '../api/catalogApi';
import { OutlineSection } from './OutlineSection';
import { PurchaseNotes } from './PurchaseNotes';
import { WhatYouGetSection } from './WhatYouGetSection';

const buttonClass =
  'rounded-lg px-6 py-3 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export function ProductDetailPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, isError, refetch } = useGetProductQuery(id);
  // Started beside the product read rather than after it: one round trip less on slow networks.
  useGetOutlinesQuery(id);
  useGeoCurrencyDefault();

  if (isLoading) {
    return (
      <p role="status" className="px-6 py-32 text-center text-lg text-slate-600">
        Loading...
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-6 py-32 text-center">
        <p className="text-lg text-slate-900">Something went wrong while fetching this product.</p>
        <button
          type="button"
          onClick={() => void refetch()}
          className={`mt-6 bg-brand-700 text-white hover:bg-brand-800 ${buttonClass}`}
        >
          Try again
        </button>
      </div>
    );
  }
  // A missing product says so instead of loading forever (docs/departures.md).
  if (!product) {
    return <NotFoundPage title="Product not found" message="This product does not exist or is no longer for sale." />;
  }
  return <ProductDetails key={product.id} product={product} />;
}

function ProductDetails({ product }: { product: Product }) {
  const currency = useAppSelector(selectCurrency);
  // A link with `?code=SPRING` (a seller's promotion) or `?checkout=` (the reminder e-mail) opens
  // the payment dialog at once, with the code applied or the checkout resumed.
  const [searchParams] = useSearchParams();
  const linkCode = searchParams.get('code')?.trim().slice(0, 64) || undefined;
  const linkCheckout = searchParams.get('checkout') ?? '';
  const checkoutId = /^[0-9a-f]{20}$/.test(linkCheckout) ? linkCheckout : undefined;
  const [buying, setBuying] = useState(Boolean(linkCode ?? checkoutId));
  // What the buyer typed before paying in the other currency from the dialog, kept for the dialog reopened in it.
  const [draft, setDraft] = useState<CustomerDraft | undefined>();
  const dispatch = useAppDispatch();
  usePageMeta({ title: product.title, description: metaDescription(product.description) });

  const request: PaymentRequest = {
    amount: priceIn(product, currency),
    currency,
    productName: product.title,
    productId: product.id,
    prices: { NGN: product.priceInNgn, USD: product.priceInUsd },
    ...(product.pricing ? { pricing: product.pricing } : {}),
    ...(draft ? { customer: draft } : {}),
    ...(linkCode ? { code: linkCode } : {}),
    ...(checkoutId ? { checkoutId } : {}),
  };

  return (
    <article className="mx-auto max-w-5xl px-4 pb-12 pt-24">
      <BackButton />
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <CoverImage
          src={product.coverImageUrl}
          alt={`Cover of ${product.title}`}
          width={800}
          height={600}
          widths={productCoverWidths}
          sizes={productCoverSizes}
          priority
          className="aspect-[4/3] w-full rounded-2xl bg-slate-100 object-cover shadow-sm"
        />
        <div className="flex flex-col gap-4">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{product.title.toUpperCase()}</h1>
          <p className="text-3xl font-bold text-brand-700">{productPriceText(product, currency)}</p>
          <ProductRating productId={product.id} />
          <p className="whitespace-pre-line text-slate-700">{product.description}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => setBuying(true)}
              className={`bg-brand-700 text-white hover:bg-brand-800 ${buttonClass}`}
            >
              Buy Now
            </button>
          </div>
          <WhatYouGetSection productId={product.id} />
        </div>
      </div>
      <div className="mt-12 grid gap-8 md:grid-cols-2">
        <OutlineSection productId={product.id} />
        <PurchaseNotes />
      </div>
      <ProductReviewsSection productId={product.id} />
      <div className="mt-10 text-center">
        <button
          type="button"
          onClick={() => setBuying(true)}
          className={`bg-brand-700 text-white hover:bg-brand-800 ${buttonClass}`}
        >
          Get Yours Now
        </button>
      </div>
      {/* Keyed by currency: the visitor's default currency may arrive (geo-IP) after a ?code= link
          opened the dialog, whose price and code are then worked out again in that currency. */}
      {buying && (
        <LazyPaymentDialog
          key={currency}
          request={request}
          onClose={() => {
            setDraft(undefined);
            setBuying(false);
          }}
          onSwitchCurrency={(next, customer) => {
            setDraft(customer);
            dispatch(currencyChosen(next));
          }}
        />
      )}
    </article>
  );
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // A shopper who landed here from a shared link has no page to go back to: take them home instead.
  const onBack = () => void (location.key === 'default' ? navigate(paths.home) : navigate(-1));
  return (
    <button type="button" onClick={onBack} className={`bg-slate-200 text-slate-900 hover:bg-slate-300 ${buttonClass}`}>
      Back
    </button>
  );
}
