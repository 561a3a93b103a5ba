import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOutline,
  deleteOutline,
  fetchProductsPage,
  fetchOutlines,
  updateOutline,
} from '../../../../../src/features/admin/api/productAdminQueries';
import { ManageProductsPanel } from '../../../../../src/features/admin/products/ManageProductsPanel';
import type { Outline } from '../../../../../domain/product';
import { setupAlerts } from '../../../../support/alerts';
import { deferred } from '../../../../support/catalogQueries.mock';
import { buildOutline, buildProduct } from '../../../../support/factories';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const excel = buildProduct({ id: 'excel-mastery', title: 'Excel Mastery for Business', categoryId: 1 });
let outlines: Outline[];

beforeEach(() => {
  resetProductAdminQueries();
  vi.mocked(fetchProductsPage).mockResolvedValue({ products: [excel], next: null });
  outlines = [
    buildOutline({ id: 'o1', productId: 'excel-mastery', outline: 'Formulas that save hours', outlineOrder: 1 }),
    buildOutline({ id: 'o2', productId: 'excel-mastery', outline: 'Pivot tables', outlineOrder: 2 }),
  ];
  vi.mocked(fetchOutlines).mockImplementation(async () =>
    [...outlines].sort((a, b) => a.outlineOrder - b.outlineOrder),
  );
});
setupAlerts();

async function openFromCard(action: 'Post Outline' | 'View / Edit Outline') {
  const view = renderWithProviders(<ManageProductsPanel />);
  const { user } = view;
  await user.selectOptions(screen.getByLabelText('Category'), '📚 Ebooks');
  await user.click(screen.getByRole('button', { name: 'Get Products' }));
  const card = await screen.findByRole('article', { name: 'EXCEL MASTERY FOR BUSINESS' });
  await user.click(within(card).getByRole('button', { name: 'Expand' }));
  await user.click(within(card).getByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: action === 'Post Outline' ? 'Post Outline' : 'Outlines' });
  return { ...view, dialog };
}

// hidden: true, because an open sweetalert2 message hides the page behind it from the a11y tree.
const listed = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Outlines', hidden: true }))
    .getAllByRole('listitem', { hidden: true })
    // eslint-disable-next-line testing-library/no-node-access -- a row's order and title share one <p> (split across a <span>, which text queries cannot join); the rest of the row is button labels
    .map((item) => item.querySelector('p')?.textContent);

describe('Post Outline dialog', () => {
  it("asks for both fields: 'Please fill in both fields.'", async () => {
    const { user, dialog } = await openFromCard('Post Outline');
    await user.type(within(dialog).getByLabelText('Outline Content'), 'Charts');
    await user.click(within(dialog).getByRole('button', { name: 'Post Outline' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in both fields.');
    expect(createOutline).not.toHaveBeenCalled();
  });

  it("warns 'Outline order must be a number.'", async () => {
    const { user, dialog } = await openFromCard('Post Outline');
    await user.type(within(dialog).getByLabelText('Outline Content'), 'Charts');
    await user.type(within(dialog).getByLabelText('Outline Order'), 'third');
    await user.click(within(dialog).getByRole('button', { name: 'Post Outline' }));
    const warning = within(dialog).getByRole('alert');
    expect(warning).toHaveTextContent('Outline order must be a number.');
    expect(warning).toHaveClass('text-amber-800');
    expect(createOutline).not.toHaveBeenCalled();
  });

  it("stores the order as an integer and says 'Outline posted successfully!'", async () => {
    const { user, dialog } = await openFromCard('Post Outline');
    await user.type(within(dialog).getByLabelText('Outline Content'), '  Charts and dashboards ');
    await user.type(within(dialog).getByLabelText('Outline Order'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Post Outline' }));
    expect(await screen.findByRole('heading', { name: 'Outline posted successfully!' })).toBeInTheDocument();
    expect(createOutline).toHaveBeenCalledWith('excel-mastery', { outline: 'Charts and dashboards', outlineOrder: 3 });
    expect(screen.queryByRole('dialog', { name: 'Post Outline' })).not.toBeInTheDocument();
  });

  it("says 'Failed to post outline.' and keeps what was typed", async () => {
    vi.mocked(createOutline).mockRejectedValue(new Error('denied'));
    const { user, dialog } = await openFromCard('Post Outline');
    await user.type(within(dialog).getByLabelText('Outline Content'), 'Charts');
    await user.type(within(dialog).getByLabelText('Outline Order'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Post Outline' }));
    expect(await screen.findByRole('heading', { name: 'Failed to post outline.' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Outline Content')).toHaveValue('Charts');
  });

  it('keeps keyboard focus inside and closes on Escape', async () => {
    const { user, dialog } = await openFromCard('Post Outline');
    expect(within(dialog).getByLabelText('Outline Content')).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Post Outline' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText('Outline Content')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Post Outline' })).not.toBeInTheDocument();
  });
});

describe('Outlines dialog', () => {
  it('lists the outlines by order', async () => {
    outlines.reverse();
    const { dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    expect(listed(dialog)).toEqual(['1. Formulas that save hours', '2. Pivot tables']);
    expect(fetchOutlines).toHaveBeenCalledWith('excel-mastery');
  });

  it("says 'Failed to fetch outlines.' with a retry", async () => {
    vi.mocked(fetchOutlines).mockRejectedValueOnce(new Error('offline'));
    const { user, dialog } = await openFromCard('View / Edit Outline');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch outlines.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Outlines' })).toBeInTheDocument();
  });

  it('edits text and order inline and shows the change only after the write succeeded', async () => {
    const write = deferred<void>();
    vi.mocked(updateOutline).mockReturnValue(write.promise);
    const { user, dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    const first = within(dialog).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    const text = within(first).getByLabelText('Outline text');
    await user.clear(text);
    await user.type(text, 'Formulas, revised');
    const order = within(first).getByLabelText('Outline order');
    await user.clear(order);
    await user.type(order, '5');
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    expect(updateOutline).toHaveBeenCalledWith('o1', { outline: 'Formulas, revised', outlineOrder: 5 });

    outlines = [outlines[1]!, { ...outlines[0]!, outline: 'Formulas, revised', outlineOrder: 5 }];
    write.resolve();
    await waitFor(() => expect(listed(dialog)).toEqual(['2. Pivot tables', '5. Formulas, revised']));
  });

  it('Cancel leaves the outline as it was', async () => {
    const { user, dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    const first = within(dialog).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    await user.type(within(first).getByLabelText('Outline text'), ' changed');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(listed(dialog)).toEqual(['1. Formulas that save hours', '2. Pivot tables']);
    expect(updateOutline).not.toHaveBeenCalled();
  });

  it("says 'Failed to update outline.' and keeps the editor", async () => {
    vi.mocked(updateOutline).mockRejectedValue(new Error('denied'));
    const { user, dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    const first = within(dialog).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Failed to update outline.' })).toBeInTheDocument();
    expect(within(first).getByLabelText('Outline text', { selector: 'textarea' })).toBeInTheDocument();
  });

  it("warns 'Outline order must be a number.' in the inline editor", async () => {
    const { user, dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    const first = within(dialog).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    const order = within(first).getByLabelText('Outline order');
    await user.clear(order);
    await user.type(order, 'x');
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    expect(within(first).getByRole('alert')).toHaveTextContent('Outline order must be a number.');
    expect(updateOutline).not.toHaveBeenCalled();
  });

  it("deletes after confirming 'This outline will be permanently deleted.'", async () => {
    vi.mocked(deleteOutline).mockImplementation(async (id) => {
      outlines = outlines.filter((outline) => outline.id !== id);
    });
    const { user, dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    await user.click(within(within(dialog).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This outline will be permanently deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(deleteOutline).toHaveBeenCalledWith('o2');
    await waitFor(() => expect(listed(dialog)).toEqual(['1. Formulas that save hours']));
  });

  it("says 'Failed to delete outline.' and keeps it listed", async () => {
    vi.mocked(deleteOutline).mockRejectedValue(new Error('denied'));
    const { user, dialog } = await openFromCard('View / Edit Outline');
    await within(dialog).findByRole('list', { name: 'Outlines' });
    await user.click(within(within(dialog).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('heading', { name: 'Failed to delete outline.' })).toBeInTheDocument();
    expect(listed(dialog)).toEqual(['1. Formulas that save hours', '2. Pivot tables']);
  });
});
