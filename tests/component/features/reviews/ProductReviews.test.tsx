// A product's reviews on its page (docs/reviews.md): the average and count as stars, each review with the
// buyer's first name, the month and 'Verified purchase', the seller's reply under it, text shown as
// text (a tag or a link in it is only characters), and 'More reviews' for the next page.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProductReviewsAnswer, PublicReview } from '../../../../domain/reviews';
import { ProductRating, ProductReviewsSection } from '../../../../src/features/reviews';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

function review(overrides: Partial<PublicReview>): PublicReview {
  return {
    rating: 5,
    title: '',
    text: '',
    firstName: 'Ada',
    month: 'April 2026',
    publishedAt: '2026-04-02T10:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

const firstPage: ProductReviewsAnswer = {
  rating: { average: 4.5, count: 6 },
  reviews: [
    review({
      title: 'Loved it',
      text: 'Read <b>this</b> at https://x.test',
      reply: { text: 'Thank you, Ada!' },
    }),
    review({ rating: 4, firstName: 'Bola', month: 'March 2026', publishedAt: '2026-03-20T10:00:00.000Z' }),
  ],
  next: '1774000000000',
};

describe('a product’s reviews', () => {
  it('shows the rating, the reviews with their reply, and pages on', async () => {
    server.use(
      http.get('*/api/products/excel/reviews', ({ request }) =>
        new URL(request.url).searchParams.get('before') === '1774000000000'
          ? HttpResponse.json({
              rating: { average: 4.5, count: 6 },
              reviews: [review({ firstName: 'Chi', month: 'February 2026', publishedAt: '2026-02-01T10:00:00.000Z' })],
              next: null,
            })
          : HttpResponse.json(firstPage),
      ),
    );
    const { user } = renderWithProviders(
      <>
        <ProductRating productId="excel" />
        <ProductReviewsSection productId="excel" />
      </>,
    );
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5 from 6 reviews' })).toHaveLength(2);
    const list = within(section).getByRole('list', { name: 'Reviews by verified buyers' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      '★★★★★Loved itAda · April 2026 · Verified purchaseRead <b>this</b> at https://x.testThe seller repliedThank you, Ada!',
    );
    expect(within(first as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(first as HTMLElement).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Bola · March 2026 · Verified purchase');

    await user.click(within(section).getByRole('button', { name: 'More reviews' }));
    expect(await within(list).findByText('Chi · February 2026 ·', { exact: false })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'More reviews' })).toBeNull();
  });

  it('shows nothing for a product without reviews', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/products/plain/reviews', () => {
        asked += 1;
        return HttpResponse.json({ rating: null, reviews: [], next: null });
      }),
    );
    const { container } = renderWithProviders(
      <>
        <ProductRating productId="plain" />
        <ProductReviewsSection productId="plain" />
      </>,
    );
    await expect.poll(() => asked).toBe(1);
    expect(container).toBeEmptyDOMElement();
  });
});
