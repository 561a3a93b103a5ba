import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoryPage } from '../../../../src/features/catalog/components/CategoryPage';
import { fetchCategoryProducts } from '../../../../src/features/catalog/api/catalogQueries';
import type { Product } from '../../../../src/lib/product';
import { setupAlerts } from '../../../support/alerts';
import { deferred, resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

function renderCategory(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/category/:id" element={<CategoryPage />} />
    </Routes>,
    { route: `/category/${id}` },
  );
}

beforeEach(resetCatalogQueries);
setupAlerts();

describe('category page', () => {
  it('shows the category hero: image, upper-case name and description', async () => {
    renderCategory('1');
    expect(screen.getByRole('heading', { level: 1, name: '📚 EBOOKS' })).toBeInTheDocument();
    expect(screen.getByText(/a wide range of digital ebooks across genres/i)).toBeInTheDocument();
    expect(document.querySelector('img[src="/images/category-ebooks.svg"]')).toHaveAttribute('alt', '');
    await screen.findByText('No products in this category yet. Please check back soon.');
  });

  it('lists only the products of that category', async () => {
    vi.mocked(fetchCategoryProducts).mockResolvedValue([
      buildProduct({ title: 'Excel Mastery', categoryId: 2 }),
      buildProduct({ title: 'Python for Analysts', categoryId: 2 }),
    ]);
    renderCategory('2');
    expect(screen.getByRole('heading', { level: 1, name: '🎓 COURSES' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['EXCEL MASTERY', 'PYTHON FOR ANALYSTS']);
    expect(fetchCategoryProducts).toHaveBeenCalledWith(2);
  });

  it("shows the waiting dialog 'Please wait...' while the products load", async () => {
    const pending = deferred<Product[]>();
    vi.mocked(fetchCategoryProducts).mockReturnValue(pending.promise);
    renderCategory('1');
    expect(await screen.findByRole('dialog', { name: 'Please wait...' })).toBeInTheDocument();
    pending.resolve([buildProduct({ title: 'Freelance Writing Playbook' })]);
    expect(await screen.findByRole('heading', { name: 'FREELANCE WRITING PLAYBOOK' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Error!' when the products cannot be fetched", async () => {
    vi.mocked(fetchCategoryProducts).mockRejectedValue(new Error('offline'));
    renderCategory('1');
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('Something went wrong while fetching products.');
  });

  it('says the category does not exist, with a way home, for an unknown id', async () => {
    renderCategory('99');
    expect(screen.getByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store home' })).toHaveAttribute('href', '/');
    expect(fetchCategoryProducts).not.toHaveBeenCalled();
  });

  it('titles the document with the category', async () => {
    renderCategory('2');
    await waitFor(() => expect(document.title).toBe('🎓 Courses | Digital Store'));
  });
});
