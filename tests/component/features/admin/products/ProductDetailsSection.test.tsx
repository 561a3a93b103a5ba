// The product page's Details (docs/admin.md, 'The product page'): the Edit dialog's fields and texts,
// reached from Manage Products' Edit, which opens /admindashboard/products/{id}. The Firestore boundary
// is mocked, as the other product panels' tests do.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  fetchDeliverableUrl,
  fetchProductsByIds,
  updateProduct,
} from '../../../../../src/features/admin/api/productAdminQueries';
import { pressInAlert } from '../../../../support/adminScreens';
import { setupAlerts } from '../../../../support/alerts';
import { coverUrl, excel, python, useAdminCatalog } from '../../../../support/adminCatalog';
import { deferred } from '../../../../support/catalogQueries.mock';
import { openProductPage, renderProductRoutes, sectionPanel } from '../../../../support/productPageScreen';

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

describe("Manage Products' Edit", () => {
  it('opens the product page at /admindashboard/products/{id}, its Details first', async () => {
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    expect(screen.getByRole('heading', { level: 2, name: 'Excel Mastery for Business' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Details',
      'Pricing',
      'Files and delivery',
      'License keys',
      'Course',
      'E-mails after purchase',
    ]);
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(fetchProductsByIds).toHaveBeenLastCalledWith(['excel-mastery']);
  });
});

describe("the product page's Details (the Edit dialog's fields, moved)", () => {
  it('shows every field filled from the product and its deliverable', async () => {
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    expect(await within(details).findByLabelText('URL')).toHaveValue('https://drive.example.com/excel');
    expect(fetchDeliverableUrl).toHaveBeenCalledWith('excel-mastery');
    expect(within(details).getByLabelText('Title')).toHaveValue('Excel Mastery for Business');
    expect(within(details).getByLabelText('Author')).toHaveValue('Digital Store Content Team');
    expect(within(details).getByLabelText('Cover Image URL')).toHaveValue(coverUrl);
    expect(within(details).getByLabelText('Description')).toHaveValue(excel.description);
    expect(within(details).getByLabelText('Price in NGN')).toHaveValue(12000);
    expect(within(details).getByLabelText('Price in USD')).toHaveValue(15);
    expect(within(details).getByLabelText('Category')).toHaveValue('1');
    expect(within(details).getByRole('link', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("saves only the changed fields, with what the dialog opened with, says 'Updated!' and shows the new price only after the write", async () => {
    const write = deferred<void>();
    vi.mocked(updateProduct).mockReturnValue(write.promise);
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    const ngn = await within(details).findByLabelText('Price in NGN');
    await user.clear(ngn);
    await user.type(ngn, '9500');
    await user.clear(within(details).getByLabelText('URL'));
    await user.type(within(details).getByLabelText('URL'), 'https://drive.example.com/excel-v2');
    await user.click(within(details).getByRole('button', { name: 'Save' }));

    expect(updateProduct).toHaveBeenCalledWith(
      'excel-mastery',
      {
        title: 'Excel Mastery for Business',
        author: 'Digital Store Content Team',
        coverImageUrl: coverUrl,
        description: excel.description,
        url: 'https://drive.example.com/excel',
        priceInNgn: 12000,
        priceInUsd: 15,
        categoryId: 1,
      },
      { url: 'https://drive.example.com/excel-v2', priceInNgn: 9500 },
    );
    catalog.products = [{ ...excel, priceInNgn: 9500 }, python];
    write.resolve();
    expect(await screen.findByRole('heading', { name: 'Updated!' })).toBeInTheDocument();
    await pressInAlert(user);
    // Saved: the page holds nothing unsaved, and leaving it asks nothing.
    expect(screen.getByRole('tab', { name: 'Details' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Manage Products' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS', hidden: true })).toHaveTextContent(
        '₦9,500',
      ),
    );
  });

  it('removes the outside link when the URL is emptied (the product then delivers only its files)', async () => {
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    const url = await within(details).findByLabelText('URL');
    expect(url).toHaveAccessibleDescription('Optional: leave it empty to deliver only the files below.');
    await user.clear(url);
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Updated!' })).toBeInTheDocument();
    expect(updateProduct).toHaveBeenCalledWith(
      'excel-mastery',
      expect.objectContaining({ url: 'https://drive.example.com/excel' }),
      {
        url: '',
      },
    );
  });

  it("says 'Update Failed!' with a readable reason and keeps the page", async () => {
    vi.mocked(updateProduct).mockRejectedValue(Object.assign(new Error('x'), { code: 'permission-denied' }));
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    await within(details).findByLabelText('URL');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Update Failed!' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(screen.queryByText(/permission-denied/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details', hidden: true })).toBeInTheDocument();
  });

  it('sends no change when nothing was changed (a trimmed space is no change)', async () => {
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    await user.type(await within(details).findByLabelText('Title'), '  ');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Updated!' })).toBeInTheDocument();
    expect(updateProduct).toHaveBeenCalledWith('excel-mastery', expect.objectContaining({ priceInNgn: 12000 }), {});
  });

  it('refuses the save when another admin changed the product, says so and keeps the page', async () => {
    vi.mocked(updateProduct).mockRejectedValue(Object.assign(new Error('changed'), { code: 'product-changed' }));
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    const ngn = await within(details).findByLabelText('Price in NGN');
    await user.clear(ngn);
    await user.type(ngn, '9000');
    catalog.products = [{ ...excel, priceInNgn: 11000 }, python];
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Update Failed!' })).toBeInTheDocument();
    expect(screen.getByText('This product was changed by someone else. Reload it and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Updated!' })).not.toBeInTheDocument();
    await pressInAlert(user);
    expect(within(details).getByLabelText('Price in NGN')).toHaveValue(9000);
    // The list shows what is stored now, once the seller leaves the unsaved price behind.
    await user.click(screen.getByRole('link', { name: 'Back to Manage Products' }));
    await pressInAlert(user, 'Leave without saving');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS', hidden: true })).toHaveTextContent(
        '₦11,000',
      ),
    );
  });

  it('refuses a price of 0 before writing', async () => {
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    const usd = await within(details).findByLabelText('Price in USD');
    await user.clear(usd);
    await user.type(usd, '0');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(
      within(details).getByText('Price in USD must be at least $0.01, the smallest amount PayPal charges.'),
    ).toBeInTheDocument();
    expect(updateProduct).not.toHaveBeenCalled();
  });

  it('goes back to Manage Products on Cancel', async () => {
    const { user } = renderProductRoutes();
    await openProductPage(user, 'EXCEL MASTERY FOR BUSINESS');
    const details = sectionPanel(/^Details/);
    await within(details).findByLabelText('URL');
    await user.click(within(details).getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Product sections' })).not.toBeInTheDocument();
  });
});
