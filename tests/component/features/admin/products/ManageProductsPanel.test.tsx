import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  deleteProduct,
  fetchProductsByIds,
  fetchProductsPage,
  isCoverInUse,
  updateCoverImage,
  updateProduct,
} from '../../../../../src/features/admin/api/productAdminQueries';
import { ManageProductsPanel } from '../../../../../src/features/admin/products/ManageProductsPanel';
import { uploadedUrl, useImageApi } from '../../../../support/adminImageApi';
import { setupAlerts } from '../../../../support/alerts';
import { coverUrl, excel, python, useAdminCatalog } from '../../../../support/adminCatalog';
import { server } from '../../../../support/msw';
import { buildProduct } from '../../../../support/factories';
import { adminToken } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/catalog/api/catalogQueries',
  () => import('../../../../support/catalogQueries.mock'),
);
vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const catalog = useAdminCatalog();
setupAlerts();

async function renderWithEbooks() {
  const view = renderWithProviders(<ManageProductsPanel />);
  await view.user.selectOptions(screen.getByLabelText('Category'), '📚 Ebooks');
  await view.user.click(screen.getByRole('button', { name: 'Get Products' }));
  await screen.findByRole('heading', { name: '📚 Ebooks' });
  return view;
}

async function openActions(user: ReturnType<typeof renderWithProviders>['user'], title: string) {
  const card = await screen.findByRole('article', { name: title });
  await user.click(within(card).getByRole('button', { name: 'Expand' }));
  return card;
}

describe('Manage products panel', () => {
  it("shows every product at first under 'All categories', the default, in pages with 'Load more'", async () => {
    const course = buildProduct({ id: 'course-1', title: 'Course One', categoryId: 2 });
    const cursor = { seconds: 1, nanoseconds: 0, id: 'python-basics' };
    vi.mocked(fetchProductsPage).mockImplementation(async (_categoryId, after) =>
      after === null ? { products: [excel, python], next: cursor } : { products: [course], next: null },
    );
    const { user } = renderWithProviders(<ManageProductsPanel />);
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('All categories');
    expect(await screen.findByRole('heading', { name: 'All categories' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All categories products' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 4 })
        .map((title) => title.textContent),
    ).toEqual(['EXCEL MASTERY FOR BUSINESS', 'PYTHON BASICS']);
    expect(fetchProductsPage).toHaveBeenCalledWith(null, null);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('article', { name: 'COURSE ONE' })).toBeInTheDocument();
    expect(fetchProductsPage).toHaveBeenLastCalledWith(null, cursor);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches titles across every category through the catalog index', async () => {
    catalog.products.push(buildProduct({ id: 'course-1', title: 'Excel Course', categoryId: 2 }));
    const { user } = renderWithProviders(<ManageProductsPanel />);
    await screen.findByRole('article', { name: 'PYTHON BASICS' });
    await user.type(screen.getByLabelText('Search by title'), 'EXCEL');
    expect(await screen.findByRole('article', { name: 'EXCEL COURSE' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'PYTHON BASICS' })).not.toBeInTheDocument();
    expect(fetchProductsByIds).toHaveBeenLastCalledWith(['excel-mastery', 'course-1']);
    await user.clear(screen.getByLabelText('Search by title'));
    await user.type(screen.getByLabelText('Search by title'), 'nothing like it');
    expect(await screen.findByText('No product title contains "nothing like it".')).toBeInTheDocument();
  });

  it('shows the category name and a card per product: cover, upper-case title, 50-character description, both prices', async () => {
    await renderWithEbooks();
    expect(fetchProductsPage).toHaveBeenCalledWith(1, null);
    const card = await screen.findByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS' });
    expect(within(card).getByRole('img', { name: 'Cover of Excel Mastery for Business' })).toBeInTheDocument();
    expect(within(card).getByText('Formulas, pivot tables and dashboards that turn ra...')).toBeInTheDocument();
    expect(within(card).getByText('₦12,000')).toBeInTheDocument();
    expect(within(card).getByText('$15')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'PYTHON BASICS' })).toHaveTextContent('Short.');
  });

  it('filters the cards by title as the admin types', async () => {
    const { user } = await renderWithEbooks();
    await screen.findByRole('article', { name: 'PYTHON BASICS' });
    await user.type(screen.getByLabelText('Search by title'), 'exc');
    expect(await screen.findByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'PYTHON BASICS' })).not.toBeInTheDocument();
  });

  it("says 'No product found for this category' when it is empty", async () => {
    const { user } = renderWithProviders(<ManageProductsPanel />);
    await user.selectOptions(screen.getByLabelText('Category'), '🎓 Courses');
    await user.click(screen.getByRole('button', { name: 'Get Products' }));
    expect(await screen.findByText('No product found for this category')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '🎓 Courses' })).toBeInTheDocument();
  });

  it('says so, with a retry, when the products cannot be fetched', async () => {
    vi.mocked(fetchProductsPage).mockRejectedValueOnce(new Error('offline'));
    const { user } = renderWithProviders(<ManageProductsPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while fetching products.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'PYTHON BASICS' })).toBeInTheDocument();
  });

  it('reveals the actions with Expand and hides them with Collapse', async () => {
    const { user } = await renderWithEbooks();
    const card = await screen.findByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS' });
    const toggle = within(card).getByRole('button', { name: 'Expand' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Collapse');
    for (const name of ['Edit', 'Delete', 'Change Product Image', 'Post Outline', 'View / Edit Outline']) {
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    }
    const view = within(card).getByRole('link', { name: 'View in new tab' });
    expect(view).toHaveAttribute('href', '/productdetail/excel-mastery');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(toggle);
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('Delete', () => {
  async function confirmDelete(user: ReturnType<typeof renderWithProviders>['user']) {
    const card = await openActions(user, 'EXCEL MASTERY FOR BUSINESS');
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This product will be permanently deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
  }

  it("deletes the product first, then its image; says 'Product and image deleted.' and the card goes", async () => {
    const api = useImageApi();
    const { user } = await renderWithEbooks();
    let imageDeletionsBeforeRecords = -1;
    vi.mocked(deleteProduct).mockImplementation(async (id) => {
      imageDeletionsBeforeRecords = api.deletions.length;
      catalog.products = catalog.products.filter((product) => product.id !== id);
      return { keptFiles: 0 };
    });
    await confirmDelete(user);
    expect(await screen.findByRole('heading', { name: 'Product and image deleted.' })).toBeInTheDocument();
    expect(api.deletions).toEqual([
      { authorization: `Bearer ${adminToken}`, body: { public_id: 'digital_products/excel-cover' } },
    ]);
    expect(deleteProduct).toHaveBeenCalledWith('excel-mastery');
    expect(imageDeletionsBeforeRecords).toBe(0);
    expect(isCoverInUse).toHaveBeenCalledWith(coverUrl);
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS', hidden: true }),
      ).not.toBeInTheDocument(),
    );
  });

  it("keeps a deleted product's files for its buyers unless the seller confirms 'Delete files too', told how many lose access", async () => {
    useImageApi();
    const fileCalls: Array<{ method: string; path: string; body: unknown }> = [];
    server.use(
      http.get('*/api/admin/products/:id/files/usage', ({ request }) => {
        fileCalls.push({ method: 'GET', path: new URL(request.url).pathname, body: undefined });
        return HttpResponse.json({ buyers: 3, files: 2 });
      }),
      http.delete('*/api/admin/products/:id/files', async ({ request }) => {
        fileCalls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ deleted: 2, buyers: 3 });
      }),
    );
    const { user } = await renderWithEbooks();
    vi.mocked(deleteProduct).mockResolvedValue({ keptFiles: 2 });
    await confirmDelete(user);
    expect(
      await screen.findByText(
        'The files stay for the 3 buyers who bought this product. Deleting them ends their downloads.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete files: 3 buyers lose access' }));
    expect(await screen.findByRole('heading', { name: 'Product and image deleted.' })).toBeInTheDocument();
    expect(fileCalls).toEqual([
      { method: 'GET', path: '/api/admin/products/excel-mastery/files/usage', body: undefined },
      { method: 'DELETE', path: '/api/admin/products/excel-mastery/files', body: { confirmBuyers: 3 } },
    ]);
  });

  it('does nothing when the admin cancels', async () => {
    const api = useImageApi();
    const { user } = await renderWithEbooks();
    const card = await openActions(user, 'EXCEL MASTERY FOR BUSINESS');
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.deletions).toHaveLength(0);
    expect(deleteProduct).not.toHaveBeenCalled();
  });

  it('names the image host when the image cannot be deleted after the product was', async () => {
    useImageApi({ deleteStatus: 502 });
    const { user } = await renderWithEbooks();
    await confirmDelete(user);
    expect(
      await screen.findByRole('heading', { name: 'Failed to delete image from api.cloudinary.test' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The product was deleted; its image is still on the image host.')).toBeInTheDocument();
    expect(deleteProduct).toHaveBeenCalledWith('excel-mastery');
  });

  it("says 'Something went wrong during deletion.' and keeps the image when the records cannot be deleted", async () => {
    const api = useImageApi();
    vi.mocked(deleteProduct).mockRejectedValue(new Error('unavailable'));
    const { user } = await renderWithEbooks();
    await confirmDelete(user);
    expect(await screen.findByRole('heading', { name: 'Something went wrong during deletion.' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS', hidden: true })).toBeInTheDocument();
    expect(api.deletions).toHaveLength(0);
  });

  it('keeps the image when another product uses it', async () => {
    const api = useImageApi();
    vi.mocked(isCoverInUse).mockResolvedValue(true);
    const { user } = await renderWithEbooks();
    await confirmDelete(user);
    expect(await screen.findByRole('heading', { name: 'Product deleted.' })).toBeInTheDocument();
    expect(screen.getByText('Its image is kept: another product uses it.')).toBeInTheDocument();
    expect(deleteProduct).toHaveBeenCalledWith('excel-mastery');
    expect(isCoverInUse).toHaveBeenCalledWith(coverUrl);
    expect(api.deletions).toHaveLength(0);
  });

  it('keeps the image when it cannot tell whether another product uses it', async () => {
    const api = useImageApi();
    vi.mocked(isCoverInUse).mockRejectedValue(new Error('unavailable'));
    const { user } = await renderWithEbooks();
    await confirmDelete(user);
    expect(
      await screen.findByRole('heading', { name: 'Failed to delete image from api.cloudinary.test' }),
    ).toBeInTheDocument();
    expect(api.deletions).toHaveLength(0);
  });
});

describe('Change image', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1])], 'new.png', { type: 'image/png' });

  async function openChangeImage(user: ReturnType<typeof renderWithProviders>['user']) {
    const card = await openActions(user, 'EXCEL MASTERY FOR BUSINESS');
    await user.click(within(card).getByRole('button', { name: 'Change Product Image' }));
    return screen.findByRole('dialog', { name: 'Change Product Image' });
  }

  it("uploads the new cover, updates only coverImageUrl, then deletes the old image: 'Product image updated successfully.'", async () => {
    const api = useImageApi({ uploadedName: 'fresh' });
    const { user } = await renderWithEbooks();
    const dialog = await openChangeImage(user);
    fireEvent.change(within(dialog).getByLabelText('New cover image'), { target: { files: [png()] } });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Product image updated successfully.' })).toBeInTheDocument();
    expect(api.uploads).toHaveLength(1);
    expect(updateCoverImage).toHaveBeenCalledWith('excel-mastery', coverUrl, uploadedUrl('fresh'));
    expect(updateProduct).not.toHaveBeenCalled();
    expect(isCoverInUse).toHaveBeenCalledWith(coverUrl);
    expect(api.deletions.map((deletion) => deletion.body)).toEqual([{ public_id: 'digital_products/excel-cover' }]);
  });

  it('keeps the old image when another product uses it', async () => {
    vi.mocked(isCoverInUse).mockResolvedValue(true);
    const api = useImageApi({ uploadedName: 'fresh' });
    const { user } = await renderWithEbooks();
    const dialog = await openChangeImage(user);
    fireEvent.change(within(dialog).getByLabelText('New cover image'), { target: { files: [png()] } });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Product image updated successfully.' })).toBeInTheDocument();
    expect(updateCoverImage).toHaveBeenCalledWith('excel-mastery', coverUrl, uploadedUrl('fresh'));
    expect(api.deletions).toHaveLength(0);
  });

  it('refuses when another admin changed the cover meanwhile, and deletes only the new upload', async () => {
    vi.mocked(updateCoverImage).mockRejectedValue(Object.assign(new Error('changed'), { code: 'product-changed' }));
    const api = useImageApi({ uploadedName: 'late' });
    const { user } = await renderWithEbooks();
    const dialog = await openChangeImage(user);
    fireEvent.change(within(dialog).getByLabelText('New cover image'), { target: { files: [png()] } });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('This product was changed by someone else. Reload it and try again.')).toBeInTheDocument();
    expect(api.deletions.map((deletion) => deletion.body)).toEqual([{ public_id: 'digital_products/late' }]);
  });

  it("says 'Failed to upload new image' and changes nothing when the upload fails", async () => {
    const api = useImageApi({ uploadStatus: 400 });
    const { user } = await renderWithEbooks();
    const dialog = await openChangeImage(user);
    fireEvent.change(within(dialog).getByLabelText('New cover image'), { target: { files: [png()] } });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Failed to upload new image' })).toBeInTheDocument();
    expect(updateCoverImage).not.toHaveBeenCalled();
    expect(api.deletions).toHaveLength(0);
  });

  it("says 'Something went wrong.' and keeps the old image when the product cannot be updated", async () => {
    vi.mocked(updateCoverImage).mockRejectedValue(new Error('unavailable'));
    const api = useImageApi({ uploadedName: 'unused' });
    const { user } = await renderWithEbooks();
    const dialog = await openChangeImage(user);
    fireEvent.change(within(dialog).getByLabelText('New cover image'), { target: { files: [png()] } });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    // Only the new, unused upload is removed; the product's current cover stays.
    expect(api.deletions.map((deletion) => deletion.body)).toEqual([{ public_id: 'digital_products/unused' }]);
  });

  it('checks the new file like the post form does', async () => {
    const { user } = await renderWithEbooks();
    const dialog = await openChangeImage(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Please select a cover image.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('New cover image'), {
      target: { files: [new File(['x'], 'a.svg', { type: 'image/svg+xml' })] },
    });
    expect(within(dialog).getByText('The cover must be a JPEG, PNG or WebP image.')).toBeInTheDocument();
  });
});
