import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchResultsPage } from '../../../../src/features/search/components/SearchResultsPage';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

const results = [buildProduct({ title: 'Excel Mastery', priceInNgn: 12000 }), buildProduct({ title: 'Excel Charts' })];

function renderResults(state?: unknown) {
  return renderWithProviders(<SearchResultsPage />, {
    route: { pathname: '/searchresults', state },
    preloadedState: { search: { term: 'excel', results }, currency: { currency: 'NGN', chosen: true } },
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('search results page', () => {
  it("shows 'Search Result: Found (n) Products' and the stored results as cards", () => {
    renderResults();
    expect(screen.getByRole('heading', { level: 1, name: 'Search Result: Found (2) Products' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('₦12,000')).toBeInTheDocument();
  });

  it('scrolls smoothly to the results 300 ms after arriving from a search', () => {
    vi.useFakeTimers();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderResults({ scrollToResults: true });
    act(() => vi.advanceTimersByTime(299));
    expect(scroll).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(scroll.mock.contexts[0]).toContainElement(heading);
    expect(heading).toHaveFocus();
  });

  it('does not scroll when navigation state does not ask for it', () => {
    vi.useFakeTimers();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderResults();
    act(() => vi.advanceTimersByTime(1000));
    expect(scroll).not.toHaveBeenCalled();
  });

  it('invites a search when there is none yet', () => {
    renderWithProviders(<SearchResultsPage />, { route: '/searchresults' });
    expect(screen.getByRole('heading', { name: 'Search Result: Found (0) Products' })).toBeInTheDocument();
    expect(screen.getByText('Type a product title above to search.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });
});
