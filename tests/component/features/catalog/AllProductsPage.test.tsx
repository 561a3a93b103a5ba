import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AllProductsPage } from '../../../../src/features/catalog/components/AllProductsPage';
import { fetchAllProducts } from '../../../../src/features/catalog/api/catalogQueries';
import type { Product } from '../../../../src/lib/product';
import { setupAlerts } from '../../../support/alerts';
import { deferred, resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

beforeEach(resetCatalogQueries);
setupAlerts();

describe('all products page', () => {
  it("lists every product under 'All Digital Products'", async () => {
    vi.mocked(fetchAllProducts).mockResolvedValue(Array.from({ length: 8 }, () => buildProduct()));
    renderWithProviders(<AllProductsPage />, { route: '/allproducts' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Digital Products' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    // Card titles sit one level below the page heading, so the outline has no gap.
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(8);
  });

  it('lays the grid out in 1, 2 and 3 columns at <640, 640 and 1024 px', async () => {
    vi.mocked(fetchAllProducts).mockResolvedValue([buildProduct()]);
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
    vi.mocked(fetchAllProducts).mockResolvedValue([long]);
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
    const pending = deferred<Product[]>();
    vi.mocked(fetchAllProducts).mockReturnValue(pending.promise);
    renderWithProviders(<AllProductsPage />);
    expect(await screen.findByRole('dialog', { name: 'Please wait...' })).toBeInTheDocument();
    expect(screen.getByText('Loading products...')).toHaveAttribute('role', 'status');
    pending.resolve([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Error!' when the products cannot be fetched", async () => {
    vi.mocked(fetchAllProducts).mockRejectedValue(new Error('offline'));
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
