import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AllProductsPage } from '../../../../src/features/catalog/components/AllProductsPage';
import { fetchAllProductsPage } from '../../../../src/features/catalog/api/catalogQueries';
import type { ProductPage } from '../../../../src/features/catalog/api/productPages';
import { setupAlerts } from '../../../support/alerts';
import { cursorAfter, deferred, productPage, resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

beforeEach(resetCatalogQueries);
setupAlerts();

describe('all products page', () => {
  it("lists every product under 'All Digital Products'", async () => {
    vi.mocked(fetchAllProductsPage).mockResolvedValue(productPage(Array.from({ length: 8 }, () => buildProduct())));
    renderWithProviders(<AllProductsPage />, { route: '/allproducts' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Digital Products' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    // Card titles sit one level below the page heading, so the outline has no gap.
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(8);
  });

  it('lays the grid out in 1, 2 and 3 columns at <640, 640 and 1024 px', async () => {
    vi.mocked(fetchAllProductsPage).mockResolvedValue(productPage([buildProduct()]));
    renderWithProviders(<AllProductsPage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(list).toHaveClass('grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3');
  });

  it('shows each card’s cover, cut upper-case title, price and View link', async () => {
    const long = buildProduct({
      id: 'finance',
      title: 'Personal Finance for Young Nigerians: Budgeting, Saving and Investing',
      priceInUsd: 1250,
    });
    vi.mocked(fetchAllProductsPage).mockResolvedValue(productPage([long]));
    renderWithProviders(<AllProductsPage />);
    const card = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(card).getByRole('img', { name: `Cover of ${long.title}` })).toHaveAttribute('width', '400');
    expect(within(card).getByRole('heading')).toHaveTextContent(
      'PERSONAL FINANCE FOR YOUNG NIGERIANS: BUDGETING, S...',
    );
    expect(within(card).getByText('$1,250')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `View ${long.title}` })).toHaveAttribute(
      'href',
      '/productdetail/finance',
    );
  });

  it("shows 'Please wait...' while loading and an inline loading state", async () => {
    const pending = deferred<ProductPage>();
    vi.mocked(fetchAllProductsPage).mockReturnValue(pending.promise);
    renderWithProviders(<AllProductsPage />);
    expect(await screen.findByRole('dialog', { name: 'Please wait...' })).toBeInTheDocument();
    expect(screen.getByText('Loading products...')).toHaveAttribute('role', 'status');
    pending.resolve(productPage([]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Error!' when the products cannot be fetched", async () => {
    vi.mocked(fetchAllProductsPage).mockRejectedValue(new Error('offline'));
    renderWithProviders(<AllProductsPage />);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('Something went wrong while fetching products.');
    expect(screen.getByText('We could not load the products.')).toBeInTheDocument();
  });

  it('says so when there are no products', async () => {
    renderWithProviders(<AllProductsPage />);
    expect(await screen.findByText('No products yet. Please check back soon.')).toBeInTheDocument();
  });

  it('titles the document', async () => {
    renderWithProviders(<AllProductsPage />);
    await waitFor(() => expect(document.title).toBe('All Digital Products | Digital Store'));
  });
});

// Role queries over dozens of cards are slow in jsdom; these count the grid's items directly.
// eslint-disable-next-line testing-library/no-node-access -- the speed reason above
const cards = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>(':scope > li')];

describe("all products in pages of 24 with 'Load more'", () => {
  const titled = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => buildProduct({ id: `p${from + i}`, title: `Product ${from + i}` }));
  const first = titled(1, 24);
  const second = titled(25, 24);
  const third = titled(49, 3);
  const cursor1 = cursorAfter(first[23]!);
  const cursor2 = cursorAfter(second[23]!);

  function answerPages() {
    vi.mocked(fetchAllProductsPage).mockImplementation(async (_size, cursor) => {
      if (cursor === null) return productPage(first, cursor1);
      if (cursor.id === cursor1.id) return productPage(second, cursor2);
      return productPage(third);
    });
  }

  it('shows the first 24, adds each next page under them, and hides the button after the last', async () => {
    answerPages();
    const { user } = renderWithProviders(<AllProductsPage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(cards(list)).toHaveLength(24);
    expect(fetchAllProductsPage).toHaveBeenCalledWith(24, null);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards(list)).toHaveLength(48));
    expect(fetchAllProductsPage).toHaveBeenLastCalledWith(24, cursor1);
    expect(screen.getByText('24 more products loaded.')).toHaveAttribute('aria-live', 'polite');
    // The list keeps its order: page one, then page two.
    expect(within(cards(list)[24]!).getByRole('heading', { level: 2 })).toHaveTextContent('PRODUCT 25');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards(list)).toHaveLength(51));
    expect(fetchAllProductsPage).toHaveBeenLastCalledWith(24, cursor2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('3 more products loaded. That is every product.')).toBeInTheDocument();
    expect(fetchAllProductsPage).toHaveBeenCalledTimes(3);
  }, 20_000);

  it('has no button when the first page is the whole catalog', async () => {
    vi.mocked(fetchAllProductsPage).mockResolvedValue(productPage(titled(100, 14)));
    renderWithProviders(<AllProductsPage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(cards(list)).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  }, 20_000);

  it('says it is loading on the button, keeps focus on it, then moves focus to the first new card', async () => {
    const pending = deferred<ProductPage>();
    vi.mocked(fetchAllProductsPage).mockImplementation((_size, cursor) =>
      cursor === null ? Promise.resolve(productPage(first, cursor1)) : pending.promise,
    );
    const { user } = renderWithProviders(<AllProductsPage />);
    await screen.findByRole('list', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const busy = await screen.findByRole('button', { name: 'Loading more products...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    // A second press while loading asks for nothing more.
    await user.click(busy);
    expect(fetchAllProductsPage).toHaveBeenCalledTimes(2);

    pending.resolve(productPage(third));
    await waitFor(() => expect(screen.getByLabelText('View Product 49')).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Load more|Loading more/ })).not.toBeInTheDocument();
  }, 20_000);

  it('keeps the products shown and offers the button again when the next page fails', async () => {
    let failNext = true;
    vi.mocked(fetchAllProductsPage).mockImplementation(async (_size, cursor) => {
      if (cursor === null) return productPage(first, cursor1);
      if (failNext) {
        failNext = false;
        throw new Error('offline');
      }
      return productPage(third);
    });
    const { user } = renderWithProviders(<AllProductsPage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('We could not load more products. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(cards(list)).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards(list)).toHaveLength(27));
    expect(screen.queryByText('We could not load more products. Please try again.')).not.toBeInTheDocument();
  }, 20_000);
});
