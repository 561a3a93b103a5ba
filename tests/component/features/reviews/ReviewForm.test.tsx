// A buyer's review form (docs/reviews.md) from the library: opened from the purchase, filled with the
// review already written, saved with its stars, title and text, the word counts shown as they type, and
// the API's refusal in its words. Our API is stubbed with msw, as the library's other component tests do.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LibraryPurchase } from '../../../../domain/library';
import { LibraryList } from '../../../../src/features/library/components/LibraryList';
import { ReviewForm } from '../../../../src/features/reviews';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const purchase: LibraryPurchase = {
  id: 'demo_R1',
  title: 'Excel Mastery',
  coverImageUrl: null,
  paidAt: '2026-11-22T09:00:05.000Z',
  currency: 'NGN',
  amountPaid: 12000,
  listPrice: 12000,
  discountCode: null,
  discountAmount: 0,
  refunded: 0,
  hasLicenseKey: false,
  hasCourse: false,
  state: 'active',
};

describe('the review form', () => {
  it('opens from the library purchase, and saves the stars, title and text', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/reviews/sales/demo_R1', () =>
        HttpResponse.json({ productId: 'excel', productName: 'Excel Mastery', review: null }),
      ),
      http.put('*/api/reviews/sales/demo_R1', async ({ request }) => {
        const body = (await request.json()) as { rating: number; title: string; text: string };
        saved.push(body);
        return HttpResponse.json(
          {
            productId: 'excel',
            productName: 'Excel Mastery',
            review: { ...body, status: 'shown' },
            message: 'Thank you! Your review is saved.',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<LibraryList library={{ email: 'ada@example.com', purchases: [purchase] }} />);
    const toggle = screen.getByRole('button', { name: 'Rate Excel Mastery' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const form = await screen.findByRole('form', { name: 'Your review of Excel Mastery' });

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Title (optional)'), 'Clear and short');
    expect(within(form).getByText('3 of 15 words')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Your review (optional)'), 'Good <b>examples</b>');
    expect(within(form).getByText('2 of 400 words')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save review' }));

    const said = await within(form).findByRole('status');
    expect(said).toHaveTextContent('Thank you! Your review is saved.');
    await waitFor(() => expect(said).toHaveFocus());
    expect(saved).toEqual([{ rating: 4, title: 'Clear and short', text: 'Good <b>examples</b>' }]);
  });

  it('fills in the review already written and says a refusal in words', async () => {
    server.use(
      http.get('*/api/reviews/access/tok', () =>
        HttpResponse.json({
          productId: 'excel',
          productName: 'Excel Mastery',
          review: { rating: 2, title: 'Meh', text: 'Too short.', status: 'shown' },
        }),
      ),
      http.put('*/api/reviews/access/tok', () =>
        HttpResponse.json({ message: 'Reviews can be written or changed within a year of purchase.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<ReviewForm target={{ accessToken: 'tok' }} productTitle="Excel Mastery" />);
    const form = await screen.findByRole('form', { name: 'Your review of Excel Mastery' });
    await waitFor(() => expect(within(form).getByRole('radio', { name: '2 stars' })).toBeChecked());
    expect(within(form).getByLabelText('Title (optional)')).toHaveValue('Meh');
    expect(within(form).getByLabelText('Your review (optional)')).toHaveValue('Too short.');
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Reviews can be written or changed within a year of purchase.',
    );
  });

  it('asks for stars before saving, and offers no review for a refunded purchase', async () => {
    server.use(
      http.get('*/api/reviews/sales/demo_R1', () =>
        HttpResponse.json({ productId: 'excel', productName: 'Excel Mastery', review: null }),
      ),
    );
    const refunded = { ...purchase, id: 'demo_R2', title: 'Refunded Guide', state: 'refunded' as const };
    const { user } = renderWithProviders(
      <LibraryList library={{ email: 'ada@example.com', purchases: [purchase, refunded] }} />,
    );
    expect(screen.queryByRole('button', { name: 'Rate Refunded Guide' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rate Excel Mastery' }));
    const form = await screen.findByRole('form', { name: 'Your review of Excel Mastery' });
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars.');
  });
});
