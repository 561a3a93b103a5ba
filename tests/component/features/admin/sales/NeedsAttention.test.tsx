import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NeedsAttention } from '../../../../../src/features/admin/sales/NeedsAttention';
import {
  buildPaymentIssue,
  fetchOpenPaymentIssues,
  markPaymentIssueResolved,
  resetPaymentIssues,
} from '../../../../support/paymentIssues.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock('../../../../../src/features/admin/api/paymentIssues', () => import('../../../../support/paymentIssues.mock'));

beforeEach(() => resetPaymentIssues());

const region = () => screen.findByRole('region', { name: /Needs attention/ });

describe("the Sales panel's 'Needs attention' list", () => {
  it('shows an empty state that says what would appear there when no payment needs attention', async () => {
    renderWithProviders(<NeedsAttention />);
    await waitFor(() => expect(fetchOpenPaymentIssues).toHaveBeenCalled());
    const list = await screen.findByRole('region', { name: 'Needs attention' });
    expect(list).toHaveTextContent(
      'Nothing needs attention. A payment the provider confirmed but the store could not complete automatically (paid less than the checkout asked, a reference this store never issued, another product), or a refund or dispute for a payment this store has no sale for, would appear here with what to do.',
    );
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists each open issue with what happened and what to do', async () => {
    resetPaymentIssues([
      buildPaymentIssue(),
      buildPaymentIssue({
        id: 'paystack_T123',
        reference: 'T123',
        amount: 7500,
        expectedAmount: null,
        expectedCurrency: null,
        reason: 'The payment reference belongs to no checkout of this store.',
        createdAt: '2026-11-02T08:30:00.000Z',
      }),
    ]);
    renderWithProviders(<NeedsAttention />);
    const list = await region();
    expect(within(list).getByRole('heading', { name: 'Needs attention (2)' })).toBeInTheDocument();
    expect(list).toHaveTextContent(
      'For each one, either refund the payment at the provider, or grant access by sending the buyer the product; then mark it resolved.',
    );
    const [newest, older] = within(list).getAllByRole('listitem');
    expect(newest).toHaveTextContent('The payment reference belongs to no checkout of this store.');
    expect(newest).toHaveTextContent('Paid: ₦7,500 with Paystack (reference T123)');
    expect(newest).toHaveTextContent('Checkout asked: no checkout');
    // In Lagos time, as the rest of the Sales panel.
    expect(newest).toHaveTextContent('Recorded: 2 Nov 2026, 09:30');
    expect(older).toHaveTextContent('The amount paid is less than the price of this product.');
    expect(older).toHaveTextContent('Paid: ₦4,499 with Paystack (reference ds-00000000000000000001)');
    expect(older).toHaveTextContent('Checkout asked: ₦4,500');
    expect(older).toHaveTextContent('Product: Freelance Writing Playbook');
    expect(older).toHaveTextContent('Buyer: Ada Obi, ada@example.com, +234 803 123 4567');
  });

  it('lists a refund a provider reported for a payment the store has no sale for, with what to do', async () => {
    resetPaymentIssues([
      buildPaymentIssue({
        id: 'paypal_CAP-9XY_refund',
        provider: 'paypal',
        reference: 'CAP-9XY',
        amount: 5,
        currency: 'USD',
        productName: '',
        productId: '',
        expectedAmount: null,
        expectedCurrency: null,
        customerName: '',
        customerEmail: '',
        customerPhone: '',
        eventType: 'PAYMENT.CAPTURE.REFUNDED',
        reason: 'PayPal reported PAYMENT.CAPTURE.REFUNDED for a sale this store does not know (CAP-9XY).',
      }),
    ]);
    renderWithProviders(<NeedsAttention />);
    const list = await region();
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent(
      'PayPal reported PAYMENT.CAPTURE.REFUNDED for a sale this store does not know (CAP-9XY).',
    );
    expect(item).toHaveTextContent('Reported: PAYMENT.CAPTURE.REFUNDED by PayPal for payment CAP-9XY');
    expect(item).toHaveTextContent('Amount: $5');
    expect(item).toHaveTextContent('Look the payment up in the PayPal dashboard');
    expect(item).not.toHaveTextContent('Checkout asked');
    expect(within(item!).getByRole('button', { name: 'Mark resolved: PayPal CAP-9XY' })).toBeInTheDocument();
  });

  it('marks an issue resolved and refetches the list', async () => {
    resetPaymentIssues([buildPaymentIssue()]);
    const { user } = renderWithProviders(<NeedsAttention />);
    await region();
    await user.click(screen.getByRole('button', { name: 'Mark resolved: Paystack ds-00000000000000000001' }));
    expect(markPaymentIssueResolved).toHaveBeenCalledWith('paystack_ds-00000000000000000001');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /Needs attention/ })).toHaveTextContent(
        /^Needs attentionNothing needs attention\./,
      ),
    );
    expect(screen.queryByRole('button', { name: /Mark resolved/ })).not.toBeInTheDocument();
    expect(fetchOpenPaymentIssues).toHaveBeenCalledTimes(2);
  });

  it('says so when marking it resolved fails, and keeps it listed', async () => {
    resetPaymentIssues([buildPaymentIssue()]);
    markPaymentIssueResolved.mockRejectedValueOnce(new Error('You do not have permission to do this.'));
    const { user } = renderWithProviders(<NeedsAttention />);
    await region();
    await user.click(screen.getByRole('button', { name: /Mark resolved/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not mark it resolved.');
    expect(await region()).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    fetchOpenPaymentIssues.mockRejectedValueOnce(new Error('offline'));
    renderWithProviders(<NeedsAttention />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments that need attention could not be loaded.');
  });
});
