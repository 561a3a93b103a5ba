import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../../../src/features/catalog/components/HomePage';
import { fetchLatestProducts } from '../../../../src/features/catalog/api/catalogQueries';
import type { Product } from '../../../../domain/product';
import { alertBackdrop, alertIcon, setupAlerts } from '../../../support/alerts';
import { deferred, resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

beforeEach(resetCatalogQueries);
setupAlerts();

describe('home page', () => {
  it('shows the store title, a description and the search box it is given', async () => {
    renderWithProviders(<HomePage searchBox={<input aria-label="Search products" />} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Digital Store' })).toBeInTheDocument();
    expect(screen.getByText(/ebooks, courses and tools/i)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search products' })).toBeInTheDocument();
    await screen.findByText('No products yet. Please check back soon.');
  });

  it("reads only the 6 newest products and lists them under 'Latest Digital Products'", async () => {
    const latest = Array.from({ length: 6 }, (_, i) => buildProduct({ title: `Guide number ${i + 1}` }));
    vi.mocked(fetchLatestProducts).mockResolvedValue(latest);
    renderWithProviders(<HomePage />);
    const section = screen.getByRole('region', { name: 'Latest Digital Products' });
    const list = await within(section).findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(list).getByRole('heading', { name: 'GUIDE NUMBER 1' })).toBeInTheDocument();
    expect(fetchLatestProducts).toHaveBeenCalledTimes(1);
    expect(fetchLatestProducts).toHaveBeenCalledWith(6);
  });

  it("links 'View All Digital Products' to /allproducts", async () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name: 'View All Digital Products' })).toHaveAttribute('href', '/allproducts');
    await screen.findByText('No products yet. Please check back soon.');
  });

  it("shows 'Please wait...' that an outside click cannot dismiss while loading, and closes it when done", async () => {
    const pending = deferred<Product[]>();
    vi.mocked(fetchLatestProducts).mockReturnValue(pending.promise);
    const { user } = renderWithProviders(<HomePage />);
    const dialog = await screen.findByRole('dialog', { name: 'Please wait...' });
    const section = screen.getByRole('region', { name: 'Latest Digital Products', hidden: true });
    expect(within(section).getByRole('status', { hidden: true })).toHaveTextContent('Loading products...');
    await user.click(alertBackdrop());
    expect(dialog).toBeInTheDocument();

    pending.resolve([buildProduct({ title: 'Excel Mastery' })]);
    expect(await screen.findByRole('heading', { name: 'EXCEL MASTERY' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Error!' with the store's message when products cannot be fetched, and offers a retry", async () => {
    vi.mocked(fetchLatestProducts).mockRejectedValueOnce(new Error('offline'));
    vi.mocked(fetchLatestProducts).mockResolvedValueOnce([buildProduct({ title: 'Excel Mastery' })]);
    const { user } = renderWithProviders(<HomePage />);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Something went wrong while fetching products.')).toBeInTheDocument();
    expect(alertIcon(dialog, 'error')).toHaveStyle({ display: 'flex' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load the products.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'EXCEL MASTERY' })).toBeInTheDocument();
  });

  it('says so when the store has no products yet', async () => {
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('No products yet. Please check back soon.')).toBeInTheDocument();
  });

  it('shows prices in the chosen currency', async () => {
    vi.mocked(fetchLatestProducts).mockResolvedValue([buildProduct({ priceInNgn: 7500, priceInUsd: 9 })]);
    renderWithProviders(<HomePage />, { preloadedState: { currency: { currency: 'NGN', chosen: true } } });
    expect(await screen.findByText('₦7,500')).toBeInTheDocument();
  });

  it('titles the document with the store name', async () => {
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(document.title).toBe('Digital Store'));
  });
});
