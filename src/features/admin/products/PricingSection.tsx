import { useState, type FormEvent } from 'react';
import type { Product } from '../../../../domain/product';
import { oncePricing, type ProductPricing } from '../../../../domain/productPricing';
import { primaryButtonClass } from '../../../components/buttonClasses';
import { useReportUnsaved } from '../../../components/unsavedChanges';
import { toAppError } from '../../../lib/errors';
import { useSaveProductPricingMutation } from '../api/productPricingApi';
import { choiceOf, PricingFields, pricingOf } from './PricingFields';

const same = (a: ProductPricing, b: ProductPricing) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The product page's Pricing (docs/memberships.md): one payment, a membership that renews monthly,
 * quarterly or yearly, or the full price in 2 to 6 monthly instalments, with the price as the store
 * will show it in both currencies. Members keep the terms they agreed to.
 */
export function PricingSection({ product }: { product: Product }) {
  const [saved, setSaved] = useState<ProductPricing>(product.pricing ?? oncePricing);
  const [choice, setChoice] = useState(() => choiceOf(saved));
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [save, saving] = useSaveProductPricingMutation();
  const pricing = pricingOf(choice);
  useReportUnsaved(!same(pricing, saved));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.isLoading) return;
    setSaid(null);
    const result = await save({ id: product.id, pricing });
    if ('error' in result) {
      setSaid({ ok: false, text: `The pricing could not be saved. ${toAppError(result.error).message}` });
      return;
    }
    setSaved(pricing);
    setSaid({ ok: true, text: 'Pricing saved.' });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <PricingFields choice={choice} onChange={setChoice} prices={product} />
      <div className="flex justify-end">
        <button type="submit" disabled={saving.isLoading || same(pricing, saved)} className={primaryButtonClass}>
          {saving.isLoading ? 'Saving...' : 'Save pricing'}
        </button>
      </div>
      <p role={said && !said.ok ? 'alert' : 'status'} className={said?.ok === false ? 'text-red-700' : ''}>
        {said?.text}
      </p>
    </form>
  );
}
