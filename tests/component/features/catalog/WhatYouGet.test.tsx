// 'What you get' on the product page (docs/storefront.md), against our API stubbed with msw: a list
// under its heading of the files' count and kinds, the course's lessons and video time and the
// license key's devices; nothing at all when the product delivers none of these or the API cannot say.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductDetailPage } from '../../../../src/features/catalog/components/ProductDetailPage';
import { fetchProduct } from '../../../../src/features/catalog/api/catalogQueries';
import { whatYouGetPrimed } from '../../../../src/features/catalog/api/whatYouGetApi';
import { resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildProduct } from '../../../support/factories';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));

const product = buildProduct({ id: 'react-bootcamp', title: 'React Web Development Bootcamp' });

function renderProductPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/productdetail/:id" element={<ProductDetailPage />} />
    </Routes>,
    { route: `/productdetail/${product.id}` },
  );
}

function answer(body: Record<string, unknown>, status = 200) {
  const asked = vi.fn();
  server.use(
    http.get('*/api/products/react-bootcamp/what-you-get', () => {
      asked();
      return HttpResponse.json(body, { status });
    }),
  );
  return asked;
}

beforeEach(() => {
  resetCatalogQueries();
  vi.mocked(fetchProduct).mockImplementation(async (id) => (id === product.id ? product : null));
});

describe("the product page's 'What you get'", () => {
  it('lists the files, the course and the license key under its heading', async () => {
    const asked = answer({
      fileCount: 2,
      fileKinds: ['PDF', 'ZIP'],
      course: { lessons: 12, videoSeconds: 12000 },
      licenseKey: { devices: 2 },
    });
    renderProductPage();
    const list = await screen.findByRole('list', { name: 'What you get' });
    expect(screen.getByRole('heading', { level: 2, name: 'What you get' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 files: PDF, ZIP', '12 lessons, 3 h 20 min of video', 'A license key for 2 devices']);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('says a key without a device limit, and a file kind it was given, nothing more', async () => {
    answer({ fileCount: 1, fileKinds: ['EPUB'], course: null, licenseKey: { devices: null } });
    renderProductPage();
    const list = await screen.findByRole('list', { name: 'What you get' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 file: EPUB', 'A license key, with no limit on devices']);
  });

  it('shows no list when the product delivers no files, course or key', async () => {
    const asked = answer({ fileCount: 0, fileKinds: [], course: null, licenseKey: null });
    renderProductPage();
    await screen.findByRole('heading', { level: 1, name: 'REACT WEB DEVELOPMENT BOOTCAMP' });
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'What you get' })).not.toBeInTheDocument();
  });

  it('shows the page without the list when the API cannot answer', async () => {
    const asked = answer({ message: 'Something went wrong. Please try again.' }, 500);
    renderProductPage();
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'What you get' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });

  it('shows the summary a served page brought at once, without asking the API', async () => {
    const asked = answer({ fileCount: 9, fileKinds: ['MP3'], course: null, licenseKey: null });
    const { store } = renderProductPage();
    store.dispatch(whatYouGetPrimed(product.id, { fileCount: 3, fileKinds: ['PDF'], course: null, licenseKey: null }));
    const list = await screen.findByRole('list', { name: 'What you get' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('3 files: PDF');
    expect(asked).not.toHaveBeenCalled();
  });
});
