import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCatalogIndex } from '../../../../src/features/catalog/api/catalogQueries';
import { SearchResultsPage } from '../../../../src/features/search/components/SearchResultsPage';
import type { CatalogEntry } from '../../../../domain/catalogIndex';
import { setupAlerts } from '../../../support/alerts';
import { resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

const entry = (id: string, title: string, priceInNgn: number): CatalogEntry => ({
  id,
  title,
  priceInNgn,
  priceInUsd: 9,
  coverImageUrl: `https://images.test/${id}.png`,
  categoryId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const index = [
  entry('excel', 'Excel Mastery', 12000),
  entry('charts', 'Excel Charts', 7500),
  entry('python', 'Python for Analysts', 9000),
];

function renderResults(state?: unknown) {
  return renderWithProviders(<SearchResultsPage />, {
    route: { pathname: '/searchresults', state },
    preloadedState: { search: { term: 'excel' }, currency: { currency: 'NGN', chosen: true } },
  });
}

beforeEach(() => {
  resetCatalogQueries();
  vi.mocked(fetchCatalogIndex).mockResolvedValue(index);
});
setupAlerts();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('search results page', () => {
  it("shows 'Search Result: Found (n) Products' and the term's matches from the catalog index", async () => {
    renderResults();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result: Found (2) Products' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('₦12,000')).toBeInTheDocument();
  });

  it('after a reload (only the term is kept) shows the prices the index holds now', async () => {
    vi.mocked(fetchCatalogIndex).mockResolvedValue([entry('excel', 'Excel Mastery', 15000)]);
    renderResults();
    await screen.findByRole('heading', { level: 1, name: 'Search Result: Found (1) Products' });
    expect(screen.getByText('₦15,000')).toBeInTheDocument();
    expect(screen.queryByText('₦12,000')).not.toBeInTheDocument();
  });

  it('scrolls smoothly to the results 300 ms after arriving from a search', () => {
    vi.useFakeTimers();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderResults({ scrollToResults: true });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(scroll).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(scroll.mock.contexts[0]).toContainElement(heading);
    expect(heading).toHaveFocus();
  });

  it('does not scroll when navigation state does not ask for it', () => {
    vi.useFakeTimers();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderResults();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(scroll).not.toHaveBeenCalled();
  });

  it('invites a search when there is none yet', () => {
    renderWithProviders(<SearchResultsPage />, { route: '/searchresults' });
    expect(screen.getByRole('heading', { name: 'Search Result: Found (0) Products' })).toBeInTheDocument();
    expect(screen.getByText('Type a product title above to search.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('takes the term from the address when a search box was submitted as a plain form (before the script ran)', async () => {
    const { store } = renderWithProviders(<SearchResultsPage />, { route: '/searchresults?q=%20CHARTS%20' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result: Found (1) Products' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Products' })).getByText('EXCEL CHARTS')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('charts');
    // Kept like a search made in place, so a reload of the plain results page shows it too.
    expect(store.getState().search.term).toBe('charts');
  });

  it('is a real GET form to /searchresults with the term as q, for a visitor whose script has not run', () => {
    renderWithProviders(<SearchResultsPage />, { route: '/searchresults' });
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/searchresults');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute('name', 'q');
  });

  it('shows a common word’s matches 24 at a time, with Load more for the rest', async () => {
    const many = Array.from({ length: 30 }, (_, n) => entry(`excel-${n}`, `Excel Workbook ${n}`, 5000 + n));
    vi.mocked(fetchCatalogIndex).mockResolvedValue(many);
    const { user } = renderResults();
    await screen.findByRole('heading', { level: 1, name: 'Search Result: Found (30) Products' });
    const list = screen.getByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('6 more products loaded. That is every product.');
  });
});
