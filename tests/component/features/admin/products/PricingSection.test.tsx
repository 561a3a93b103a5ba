// The product page's Pricing (docs/memberships.md): one payment, a membership or instalments, the price
// as buyers will see it in both currencies, the note that members keep their terms, and the save. The
// Firestore write is mocked at its boundary.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveProductPricing } from '../../../../../src/features/admin/api/productPricingQueries';
import { PricingSection } from '../../../../../src/features/admin/products/PricingSection';
import { buildProduct } from '../../../../support/factories';
import { resetProductPricingQueries } from '../../../../support/productPricingQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productPricingQueries',
  () => import('../../../../support/productPricingQueries.mock'),
);

const signals = buildProduct({ id: 'signals', title: 'Signals Club', priceInNgn: 5000, priceInUsd: 4 });

beforeEach(() => {
  resetProductPricingQueries();
});

describe('the Pricing section', () => {
  it('starts at one payment and saves a monthly membership, shown per month in both currencies', async () => {
    const { user } = renderWithProviders(<PricingSection product={signals} />);
    expect(screen.getByRole('radio', { name: 'One payment' })).toBeChecked();
    expect(screen.getByText(/Shown to buyers as/)).toHaveTextContent('Shown to buyers as ₦5,000 and $4.');
    expect(screen.getByRole('button', { name: 'Save pricing' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Membership' }));
    expect(screen.getByRole('radio', { name: 'Membership' })).toHaveAccessibleDescription(
      'The price in Details is charged every period until cancelled.',
    );
    expect(screen.getByLabelText('Renews')).toHaveValue('monthly');
    expect(screen.getByText(/Shown to buyers as/)).toHaveTextContent(
      'Shown to buyers as ₦5,000 / month and $4 / month.',
    );
    expect(
      screen.getByText(/A price change applies to new members only: existing members keep what they agreed to\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pricing saved.');
    expect(saveProductPricing).toHaveBeenCalledWith('signals', { kind: 'membership', interval: 'monthly' });
    expect(screen.getByRole('button', { name: 'Save pricing' })).toBeDisabled();
  });

  it('sells in 2 to 6 monthly instalments, each a share of the full price', async () => {
    const course = buildProduct({ id: 'course', priceInNgn: 150000, priceInUsd: 120 });
    const { user } = renderWithProviders(<PricingSection product={course} />);
    await user.click(screen.getByRole('radio', { name: 'Instalments' }));
    const count = screen.getByLabelText('Number of monthly payments');
    expect(
      within(count)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2', '3', '4', '5', '6']);
    expect(screen.getByText(/Shown to buyers as/)).toHaveTextContent('Shown to buyers as 3 × ₦50,000 and 3 × $40.');
    await user.selectOptions(count, '6');
    expect(screen.getByText(/Shown to buyers as/)).toHaveTextContent('Shown to buyers as 6 × ₦25,000 and 6 × $20.');
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    await screen.findByText('Pricing saved.');
    expect(saveProductPricing).toHaveBeenCalledWith('course', { kind: 'instalments', count: 6 });
  });

  it('opens with the stored pricing and goes back to one payment', async () => {
    const yearly = buildProduct({
      id: 'tool',
      priceInNgn: 60000,
      priceInUsd: 50,
      pricing: { kind: 'membership', interval: 'yearly' },
    });
    const { user } = renderWithProviders(<PricingSection product={yearly} />);
    expect(screen.getByRole('radio', { name: 'Membership' })).toBeChecked();
    expect(screen.getByLabelText('Renews')).toHaveValue('yearly');
    expect(screen.getByText(/Shown to buyers as/)).toHaveTextContent(
      'Shown to buyers as ₦60,000 / year and $50 / year.',
    );
    await user.click(screen.getByRole('radio', { name: 'One payment' }));
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    await screen.findByText('Pricing saved.');
    expect(saveProductPricing).toHaveBeenCalledWith('tool', { kind: 'once' });
  });

  it('says in words when the save is refused', async () => {
    vi.mocked(saveProductPricing).mockRejectedValueOnce(
      Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }),
    );
    const { user } = renderWithProviders(<PricingSection product={signals} />);
    await user.click(screen.getByRole('radio', { name: 'Membership' }));
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The pricing could not be saved\. /);
    expect(alert).not.toHaveTextContent('permission-denied');
    expect(alert).not.toHaveTextContent('Missing or insufficient permissions.');
  });
});
