// The storefront cards' stars (docs/reviews.md): the home page asks once for the ratings of the products
// it lists, and each card with reviews shows its stars and count beside the price; one without shows none.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestProducts } from '../../../../src/features/catalog/api/catalogQueries';
import { HomePage } from '../../../../src/features/catalog/components/HomePage';
import { useCardRatings } from '../../../../src/features/reviews/useCardRatings';
import { resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

beforeEach(resetCatalogQueries);

describe('the cards’ stars', () => {
  it('shows the stars and count on the cards of products with reviews, from one request', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/products/ratings', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids') ?? '');
        return HttpResponse.json({ ratings: { 'excel-guide': { average: 4.5, count: 12 } } });
      }),
    );
    vi.mocked(fetchLatestProducts).mockResolvedValue([
      buildProduct({ id: 'excel-guide', title: 'Excel Guide' }),
      buildProduct({ id: 'plain-guide', title: 'Plain Guide' }),
    ]);
    renderWithProviders(<HomePage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    const [excel, plain] = within(list).getAllByRole('listitem');
    expect(
      await within(excel as HTMLElement).findByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' }),
    ).toHaveTextContent('★★★★★4.5 (12)');
    expect(within(plain as HTMLElement).queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(asked).toEqual(['excel-guide,plain-guide']);
  });

  it('asks for a long list in requests of at most 48 products, and has the ratings of them all', async () => {
    const asked: string[][] = [];
    server.use(
      http.get('*/api/products/ratings', ({ request }) => {
        const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',');
        asked.push(ids);
        return HttpResponse.json({
          ratings: ids.includes('product-55') ? { 'product-55': { average: 4, count: 3 } } : {},
        });
      }),
    );
    const ids = Array.from({ length: 60 }, (_, index) => `product-${index + 1}`);
    function Ratings() {
      const ratings = useCardRatings(ids);
      return <p>{Object.entries(ratings).map(([id, { average, count }]) => `${id}: ${average} (${count})`)}</p>;
    }
    renderWithProviders(<Ratings />);
    expect(await screen.findByText('product-55: 4 (3)')).toBeInTheDocument();
    // Side by side, so in either order.
    expect(asked.map((group) => `${group[0]} and ${group.length - 1} more`).sort()).toEqual([
      'product-1 and 47 more',
      'product-49 and 11 more',
    ]);
  });
});
