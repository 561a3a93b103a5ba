// A storefront card's price (docs/memberships.md, 'Pricing a product'): a single payment as before, a
// membership per period and instalments as their payments, in the shopper's currency.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '../../../src/components/ProductCard';
import { buildProduct } from '../../support/factories';
import { renderWithProviders } from '../../support/renderWithProviders';

describe('a product card', () => {
  it('shows a single payment as the price', () => {
    renderWithProviders(<ProductCard product={buildProduct({ priceInNgn: 7500, priceInUsd: 9 })} currency="NGN" />);
    expect(screen.getByText('₦7,500')).toBeInTheDocument();
  });

  it("shows a membership's price per period in either currency", () => {
    const signals = buildProduct({
      priceInNgn: 5000,
      priceInUsd: 4,
      pricing: { kind: 'membership', interval: 'monthly' },
    });
    const { rerender } = renderWithProviders(<ProductCard product={signals} currency="NGN" />);
    expect(screen.getByText('₦5,000 / month')).toBeInTheDocument();
    rerender(<ProductCard product={signals} currency="USD" />);
    expect(screen.getByText('$4 / month')).toBeInTheDocument();
  });

  it('shows instalments as their number times each payment', () => {
    const course = buildProduct({ priceInNgn: 150000, priceInUsd: 120, pricing: { kind: 'instalments', count: 3 } });
    renderWithProviders(<ProductCard product={course} currency="NGN" />);
    expect(screen.getByText('3 × ₦50,000')).toBeInTheDocument();
  });
});
