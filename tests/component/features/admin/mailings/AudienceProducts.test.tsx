// The E-mails view's product choice beyond each category's first page (docs/emails.md): the products of
// the catalog index are offered too, found by title. The admin's routes stubbed with msw; the products
// and the catalog index from the mocked Firebase boundary.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogEntry } from '../../../../../domain/catalogIndex';
import { MailingsPanel } from '../../../../../src/features/admin/mailings/MailingsPanel';
import { fetchCatalogIndex, resetCatalogQueries } from '../../../../support/catalogQueries.mock';
import { buildProduct } from '../../../../support/factories';
import { server } from '../../../../support/msw';
import { fetchCategoryProducts, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
vi.mock(
  '../../../../../src/features/catalog/api/catalogQueries',
  () => import('../../../../support/catalogQueries.mock'),
);

const writing = buildProduct({ id: 'freelance-writing', title: 'Freelance Writing', categoryId: 1 });

const entry = (id: string, title: string): CatalogEntry => ({
  id,
  title,
  priceInNgn: 5000,
  priceInUsd: 5,
  coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/cover.jpg',
  categoryId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
});

beforeEach(() => {
  resetProductAdminQueries();
  resetCatalogQueries();
  // The category's first page holds one product; the index holds it and 105 older ones.
  fetchCategoryProducts.mockImplementation((categoryId) => Promise.resolve(categoryId === 1 ? [writing] : []));
  fetchCatalogIndex.mockResolvedValue([
    entry('freelance-writing', 'Freelance Writing'),
    ...Array.from({ length: 105 }, (_, n) => entry(`archive-${n + 1}`, `Archive ebook ${n + 1}`)),
  ]);
});

describe('the product choice of the audience', () => {
  it('finds a product beyond the first page by its title and sends its id with the count', async () => {
    const counted: unknown[] = [];
    server.use(
      http.get('*/api/admin/mailings', () => HttpResponse.json({ mailings: [] })),
      http.post('*/api/admin/mailings/count', async ({ request }) => {
        const { audience } = (await request.json()) as { audience: { boughtAny: string[] } };
        counted.push(audience.boughtAny);
        return HttpResponse.json({ recipients: audience.boughtAny.length > 0 ? 2 : 41 });
      }),
    );
    const { user } = renderWithProviders(<MailingsPanel />);
    const bought = screen.getByRole('group', { name: 'Bought any of these products' });
    expect(await within(bought).findByLabelText('Archive ebook 105')).toBeInTheDocument();
    await user.click(within(bought).getByLabelText('Freelance Writing'));

    const search = screen.getByRole('searchbox', { name: 'Find a product by title' });
    // One change, as a paste: each keystroke would draw the 200 boxes again.
    await user.click(search);
    await user.paste('ebook 97');
    // Only the matches, and what is ticked already, stay in the lists.
    expect(within(bought).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(bought).getByLabelText('Freelance Writing')).toBeChecked();
    expect(within(bought).getByLabelText('Archive ebook 97')).not.toBeChecked();
    await user.click(within(bought).getByLabelText('Archive ebook 97'));
    expect(await screen.findByText('This e-mail would go to 2 buyers.')).toBeInTheDocument();
    expect(counted.at(-1)).toEqual(['freelance-writing', 'archive-97']);

    const notBought = screen.getByRole('group', { name: 'Did not buy these products' });
    await user.clear(search);
    await user.paste('video');
    expect(within(notBought).getByText('No product title contains “video”.')).toBeInTheDocument();
    expect(within(notBought).queryAllByRole('checkbox')).toEqual([]);
  });
});
