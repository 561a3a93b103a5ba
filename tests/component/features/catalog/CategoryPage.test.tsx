import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoryPage } from '../../../../src/features/catalog/components/CategoryPage';
import { fetchCategoryProductsPage } from '../../../../src/features/catalog/api/catalogQueries';
import type { ProductPage } from '../../../../src/features/catalog/api/productPages';
import { setupAlerts } from '../../../support/alerts';
import { cursorAfter, deferred, productPage, resetCatalogQueries } from '../../../support/catalogQueries.mock';
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
    // Decorative: alt="" keeps it out of the accessibility tree.
    expect(screen.getByRole('presentation')).toHaveAttribute('src', '/images/category-ebooks.svg');
    await screen.findByText('No products in this category yet. Please check back soon.');
  });

  it("shows the Tools category's hero and asks for category 3's products", async () => {
    renderCategory('3');
    expect(screen.getByRole('heading', { level: 1, name: '🧰 TOOLS' })).toBeInTheDocument();
    expect(
      screen.getByText('Templates, plugins and small programs that do the work for you, many with a license key.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('presentation')).toHaveAttribute('src', '/images/category-tools.svg');
    await screen.findByText('No products in this category yet. Please check back soon.');
    expect(fetchCategoryProductsPage).toHaveBeenCalledWith(3, 24, null);
  });

  it('lists only the products of that category', async () => {
    vi.mocked(fetchCategoryProductsPage).mockResolvedValue(
      productPage([
        buildProduct({ title: 'Excel Mastery', categoryId: 2 }),
        buildProduct({ title: 'Python for Analysts', categoryId: 2 }),
      ]),
    );
    renderCategory('2');
    expect(screen.getByRole('heading', { level: 1, name: '🎓 COURSES' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['EXCEL MASTERY', 'PYTHON FOR ANALYSTS']);
    expect(fetchCategoryProductsPage).toHaveBeenCalledWith(2, 24, null);
    // A short page is the last: no 'Load more'.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows the waiting dialog 'Please wait...' while the products load", async () => {
    const pending = deferred<ProductPage>();
    vi.mocked(fetchCategoryProductsPage).mockReturnValue(pending.promise);
    renderCategory('1');
    expect(await screen.findByRole('dialog', { name: 'Please wait...' })).toBeInTheDocument();
    pending.resolve(productPage([buildProduct({ title: 'Freelance Writing Playbook' })]));
    expect(await screen.findByRole('heading', { name: 'FREELANCE WRITING PLAYBOOK' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Error!' when the products cannot be fetched", async () => {
    vi.mocked(fetchCategoryProductsPage).mockRejectedValue(new Error('offline'));
    renderCategory('1');
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('Something went wrong while fetching products.');
  });

  it('says the category does not exist, with a way home, for an unknown id', async () => {
    renderCategory('99');
    expect(screen.getByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store home' })).toHaveAttribute('href', '/');
    expect(fetchCategoryProductsPage).not.toHaveBeenCalled();
  });

  it("pages by 24 with 'Load more', which asks for the next page of the same category", async () => {
    const first = Array.from({ length: 24 }, (_, i) => buildProduct({ title: `Course ${i + 1}`, categoryId: 2 }));
    const rest = [buildProduct({ title: 'Course 25', categoryId: 2 })];
    const last = first[23];
    if (!last) throw new Error('no 24th product');
    vi.mocked(fetchCategoryProductsPage).mockImplementation(async (_id, _size, cursor) =>
      cursor ? productPage(rest) : productPage(first, cursorAfter(last)),
    );
    const { user } = renderCategory('2');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(fetchCategoryProductsPage).toHaveBeenLastCalledWith(2, 24, cursorAfter(last));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('1 more product loaded. That is every product.')).toHaveAttribute('aria-live', 'polite');
  });

  it('titles the document with the category', async () => {
    renderCategory('2');
    await waitFor(() => expect(document.title).toBe('🎓 Courses | Digital Store'));
  });
});
