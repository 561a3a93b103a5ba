import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/App';
import { fetchLatestProducts, fetchProduct } from '../../../src/features/catalog/api/catalogQueries';
import { setupAlerts } from '../../support/alerts';
import { resetCatalogQueries } from '../../support/catalogQueries.mock';
import { buildProduct } from '../../support/factories';
import { renderWithProviders } from '../../support/renderWithProviders';

vi.mock('../../../src/features/catalog/api/catalogQueries', () => import('../../support/catalogQueries.mock'));

beforeEach(resetCatalogQueries);
setupAlerts();

describe('app routes', () => {
  it('shows the logo, the menu, the currency switch and the footer on every page', async () => {
    renderWithProviders(<App />, { route: '/allproducts' });
    expect(screen.getByRole('link', { name: 'Digital Store home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Currency: NGN' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await screen.findByText('No products yet. Please check back soon.');
  });

  it.each(['/adminlogin', '/admindashboard'])('has no currency switch in the admin area (%s)', async (route) => {
    renderWithProviders(<App />, { route });
    expect(screen.getByRole('link', { name: 'Digital Store home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Currency: NGN' })).not.toBeInTheDocument();
  });

  it.each([
    ['/', 'Digital Store'],
    ['/allproducts', 'All Digital Products'],
    ['/category/1', '📚 EBOOKS'],
    ['/searchresults', 'Search Result: Found (0) Products'],
    ['/no-such-page', 'Page not found'],
  ])('shows the right page at %s', async (route, heading) => {
    renderWithProviders(<App />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading, hidden: true })).toBeInTheDocument();
  });

  it('shows the product at /productdetail/{id}', async () => {
    vi.mocked(fetchProduct).mockResolvedValue(buildProduct({ id: 'excel', title: 'Excel Mastery' }));
    renderWithProviders(<App />, { route: '/productdetail/excel' });
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY' })).toBeInTheDocument();
  });

  it('goes to the product page from a card’s View link and scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const product = buildProduct({ id: 'excel', title: 'Excel Mastery' });
    vi.mocked(fetchLatestProducts).mockResolvedValue([product]);
    vi.mocked(fetchProduct).mockResolvedValue(product);
    const { user } = renderWithProviders(<App />);
    const list = await screen.findByRole('list', { name: 'Products' });
    scrollTo.mockClear();
    await user.click(within(list).getByRole('link', { name: 'View Excel Mastery' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
