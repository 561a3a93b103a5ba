// The seller's Reviews view (docs/reviews.md, 'The seller'): the admin's API stubbed with msw, the admin's
// ID token from the mocked Firebase boundary. Every review listed with its state; reply, hide with a
// reason and show again; the buyer's words are shown, never offered for editing.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '../../../../../domain/reviews';
import { ReviewsPanel } from '../../../../../src/features/admin/reviews/ReviewsPanel';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

function buildReview(overrides: Partial<AdminReview>): AdminReview {
  return {
    id: 'paystack_r1',
    productId: 'excel',
    productName: 'Excel Mastery',
    rating: 5,
    title: 'Loved it',
    text: 'Very clear.',
    firstName: 'Ada',
    createdAt: '2026-04-02T10:00:00.000Z',
    updatedAt: '2026-04-02T10:00:00.000Z',
    status: 'shown',
    hiddenReason: null,
    removedBecause: null,
    reply: null,
    ...overrides,
  };
}

beforeEach(() => {
  resetProductAdminQueries();
});

describe('the Reviews panel', () => {
  it('lists every review, replies to one, hides another with a reason and shows it again', async () => {
    const calls: Array<{ path: string; body: unknown }> = [];
    server.use(
      http.get('*/api/admin/reviews', () =>
        HttpResponse.json({
          reviews: [
            buildReview({
              id: 'paystack_r2',
              firstName: 'Bola',
              rating: 1,
              title: 'Rubbish',
              text: 'Call 0803 for a better one',
            }),
            buildReview({}),
            buildReview({ id: 'paystack_r3', firstName: 'Chi', status: 'removed', removedBecause: 'refund' }),
          ],
        }),
      ),
      http.post('*/api/admin/reviews/:id/:action', async ({ params, request }) => {
        const body = (await request.json()) as Record<string, string>;
        calls.push({ path: `${String(params.id)}/${String(params.action)}`, body });
        if (params.action === 'reply') return HttpResponse.json({ reply: body.text });
        if (params.action === 'hide') return HttpResponse.json({ status: 'hidden', hiddenReason: body.reason });
        return HttpResponse.json({ status: 'shown', hiddenReason: null });
      }),
    );
    const { user } = renderWithProviders(<ReviewsPanel />);
    const list = await screen.findByRole('list', { name: 'Every review' });
    const bola = within(list).getByRole('listitem', { name: 'Bola’s review of Excel Mastery' });
    const ada = within(list).getByRole('listitem', { name: 'Ada’s review of Excel Mastery' });
    const chi = within(list).getByRole('listitem', { name: 'Chi’s review of Excel Mastery' });
    expect(bola).toHaveTextContent('Bola · 2 April 2026 · Shown');
    expect(within(bola).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(within(bola).getByText('Call 0803 for a better one')).toBeInTheDocument();
    expect(chi).toHaveTextContent('Chi · 2 April 2026 · Removed: refunded');
    expect(within(chi).queryByRole('button')).toBeNull();
    // The buyer's words are never a field.
    expect(within(bola).queryByDisplayValue('Call 0803 for a better one')).toBeNull();

    await user.type(within(ada).getByLabelText('Public reply'), 'Thank you, Ada!');
    await user.click(within(ada).getByRole('button', { name: 'Save reply' }));
    // The notice and the list's copy of the review follow the same answer in either order: wait for each.
    await waitFor(() => expect(within(ada).getByRole('status')).toHaveTextContent('Your reply is saved.'));

    await user.type(within(bola).getByLabelText('Reason for hiding'), 'Advertises another seller');
    await user.click(within(bola).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(within(bola).getByRole('status')).toHaveTextContent('The review is hidden.'));
    await waitFor(() => expect(bola).toHaveTextContent('Bola · 2 April 2026 · Hidden: Advertises another seller'));
    await user.click(within(bola).getByRole('button', { name: 'Show again' }));
    await waitFor(() => expect(within(bola).getByRole('status')).toHaveTextContent('The review is shown again.'));
    await waitFor(() => expect(bola).toHaveTextContent('Bola · 2 April 2026 · Shown'));

    expect(calls).toEqual([
      { path: 'paystack_r1/reply', body: { text: 'Thank you, Ada!' } },
      { path: 'paystack_r2/hide', body: { reason: 'Advertises another seller' } },
      { path: 'paystack_r2/show', body: {} },
    ]);
  });

  it('says a refusal in the API’s words', async () => {
    server.use(
      http.get('*/api/admin/reviews', () => HttpResponse.json({ reviews: [buildReview({})] })),
      http.post('*/api/admin/reviews/:id/hide', () =>
        HttpResponse.json({ message: 'Give a reason for hiding this review.' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<ReviewsPanel />);
    const ada = await screen.findByRole('listitem', { name: 'Ada’s review of Excel Mastery' });
    await user.click(within(ada).getByRole('button', { name: 'Hide' }));
    expect(await within(ada).findByRole('alert')).toHaveTextContent('Give a reason for hiding this review.');
  });
});
