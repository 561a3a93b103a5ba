import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../../src/App';
import { fetchAllProductsPage, fetchCatalogIndex } from '../../../../src/features/catalog/api/catalogQueries';
import { selectSearchTerm } from '../../../../src/features/search/searchSlice';
import type { CatalogEntry } from '../../../../domain/catalogIndex';
import type { Product } from '../../../../domain/product';
import { alertIcon, recordDialogs, setupAlerts } from '../../../support/alerts';
import { deferred, productPage, resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

const excel = buildProduct({ title: 'Excel Mastery for Business' });
const python = buildProduct({ title: 'Python for Analysts' });
const writing = buildProduct({ title: 'Freelance Writing Playbook' });
// The search answers from the catalog index: the card fields of each product.
function entryOf({ id, title, priceInNgn, priceInUsd, coverImageUrl, categoryId, createdAt }: Product): CatalogEntry {
  return { id, title, priceInNgn, priceInUsd, coverImageUrl, categoryId, createdAt };
}
const catalog = [excel, python, writing].map(entryOf);

beforeEach(() => {
  resetCatalogQueries();
  vi.mocked(fetchCatalogIndex).mockResolvedValue(catalog);
  vi.mocked(fetchAllProductsPage).mockResolvedValue(productPage([excel, python, writing]));
});
setupAlerts();

function searchBox() {
  return screen.getByRole('searchbox', { name: 'Search products' });
}

describe('product search', () => {
  it("shows 'Searching products...' and then the matching products on /searchresults (Enter key)", async () => {
    const pending = deferred<CatalogEntry[]>();
    vi.mocked(fetchCatalogIndex).mockReturnValue(pending.promise);
    const { user } = renderWithProviders(<App />);
    await user.type(searchBox(), 'excel{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Searching products...' })).toBeInTheDocument();

    pending.resolve(catalog);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result: Found (1) Products' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Products' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['EXCEL MASTERY FOR BUSINESS']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('answers a later search at once, without the dialog, once the index is loaded', async () => {
    const { user } = renderWithProviders(<App />);
    await user.type(searchBox(), 'excel{Enter}');
    await screen.findByRole('heading', { name: 'Search Result: Found (1) Products' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dialogs = recordDialogs();
    await user.clear(searchBox());
    await user.type(searchBox(), 'for{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search Result: Found (2) Products' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    dialogs.stop();
    expect(dialogs.appeared).toEqual([]);
    expect(fetchCatalogIndex).toHaveBeenCalledTimes(1);
  });

  it('matches titles case-insensitively, ignoring spaces around the term (Search button)', async () => {
    const { user } = renderWithProviders(<App />);
    await user.type(searchBox(), '  FOR  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Search Result: Found (2) Products' })).toBeInTheDocument();
    const titles = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('heading');
    expect(titles.map((h) => h.textContent)).toEqual(['EXCEL MASTERY FOR BUSINESS', 'PYTHON FOR ANALYSTS']);
  });

  it('replaces the previous results with the new ones', async () => {
    const { user, store } = renderWithProviders(<App />, {
      preloadedState: { search: { term: 'writing' } },
    });
    await user.type(searchBox(), 'python{Enter}');
    await screen.findByRole('heading', { name: 'Search Result: Found (1) Products' });
    expect(selectSearchTerm(store.getState())).toBe('python');
    const titles = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('heading');
    expect(titles.map((h) => h.textContent)).toEqual(['PYTHON FOR ANALYSTS']);
  });

  it.each([
    ['an empty', ''],
    ['a blank', '   '],
  ])('clears the results and does nothing else for %s term', async (_label, term) => {
    const { user, store } = renderWithProviders(<App />, {
      preloadedState: { search: { term: 'writing' } },
    });
    if (term) await user.type(searchBox(), term);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(selectSearchTerm(store.getState())).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Digital Store' })).toBeInTheDocument();
    expect(fetchCatalogIndex).not.toHaveBeenCalled();
  });

  it("shows 'Search failed' with an error icon and empties the results when the search fails", async () => {
    vi.mocked(fetchCatalogIndex).mockRejectedValue(new Error('offline'));
    const { user, store } = renderWithProviders(<App />, {
      preloadedState: { search: { term: 'writing' } },
    });
    await user.type(searchBox(), 'excel{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Search failed' });
    expect(within(dialog).getByText('There was an error searching products. Please try again.')).toBeInTheDocument();
    expect(alertIcon(dialog, 'error')).toHaveStyle({ display: 'flex' });
    expect(selectSearchTerm(store.getState())).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'Digital Store', hidden: true })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const { user } = renderWithProviders(<App />);
    await user.type(searchBox(), 'cooking{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search Result: Found (0) Products' })).toBeInTheDocument();
    expect(screen.getByText('No products match “cooking”. Try another word.')).toBeInTheDocument();
  });

  it('offers the search box again on the results page, filled with the last term', async () => {
    const { user } = renderWithProviders(<App />);
    await user.type(searchBox(), 'excel{Enter}');
    await screen.findByRole('heading', { name: 'Search Result: Found (1) Products' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchBox()).toHaveValue('excel');

    await user.clear(searchBox());
    await user.type(searchBox(), 'a{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search Result: Found (3) Products' })).toBeInTheDocument();
  });

  it('loads the catalog index once for every search and never reads the products for it', async () => {
    const { user } = renderWithProviders(<App />);
    await user.type(searchBox(), 'excel{Enter}');
    await screen.findByRole('heading', { name: 'Search Result: Found (1) Products' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.clear(searchBox());
    await user.type(searchBox(), 'python{Enter}');
    expect(await screen.findByRole('heading', { name: 'PYTHON FOR ANALYSTS' })).toBeInTheDocument();
    expect(fetchCatalogIndex).toHaveBeenCalledTimes(1);
    expect(fetchAllProductsPage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'All Products' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Digital Products' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem')).toHaveLength(3);
    expect(fetchAllProductsPage).toHaveBeenCalledTimes(1);
    expect(fetchCatalogIndex).toHaveBeenCalledTimes(1);
  });
});
