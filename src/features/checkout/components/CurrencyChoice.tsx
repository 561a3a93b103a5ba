import type { MouseEvent } from 'react';
import { formatPrice, type Currency } from '../../../../domain/money';
import { isGenuineUserEvent } from '../../../lib/genuineEvent';
import { secondaryButtonClass } from './secondaryButtonClass';

const switchLabel: Record<Currency, string> = {
  NGN: 'Pay in naira (Paystack)',
  USD: 'Pay in dollars (PayPal)',
};

/**
 * Both prices, and a switch to pay in the other currency (docs/storefront.md, 'Payment dialog'): it
 * changes the store's currency as the top switch does, and the dialog then follows it. Like the top
 * switch it takes only a person's click or key press.
 */
export function CurrencyChoice({
  currency,
  prices,
  onSwitch,
}: {
  currency: Currency;
  prices: Record<Currency, number>;
  onSwitch: (currency: Currency) => void;
}) {
  const other: Currency = currency === 'NGN' ? 'USD' : 'NGN';
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isGenuineUserEvent(event)) onSwitch(other);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <p>{`Price: ${formatPrice(prices.NGN, 'NGN')} or ${formatPrice(prices.USD, 'USD')}`}</p>
      <button type="button" className={secondaryButtonClass} onClick={onClick}>
        {switchLabel[other]}
      </button>
    </div>
  );
}
