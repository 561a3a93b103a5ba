// Course content in the product page's Course section (docs/courses.md): a Courses product shows the
// editor at once; any other product offers it behind one press, so its page loads no course it lacks.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProductsByIds } from '../../../../../src/features/admin/api/productAdminQueries';
import { buildProduct } from '../../../../support/factories';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderProductRoutes } from '../../../../support/productPageScreen';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

function courseEndpoint() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/admin/courses/:productId', ({ params }) => {
      asked.push(String(params.productId));
      return HttpResponse.json({
        productId: params.productId,
        sections: [{ id: 's1', title: 'Getting started', lessons: [] }],
        updatedAt: null,
      });
    }),
  );
  return asked;
}

beforeEach(() => resetProductAdminQueries());

describe("course content in the product page's Course section", () => {
  it('opens with the course editor for a product of the Courses category', async () => {
    const asked = courseEndpoint();
    const course = buildProduct({ id: 'react-bootcamp', title: 'React Web Development Bootcamp', categoryId: 2 });
    vi.mocked(fetchProductsByIds).mockResolvedValue([course]);
    const { user } = renderProductRoutes('/admindashboard/products/react-bootcamp');
    await user.click(await screen.findByRole('tab', { name: 'Course' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Course content' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Section 1 title')).toHaveValue('Getting started');
    expect(asked).toEqual(['react-bootcamp']);
  });

  it('offers course content for any other product behind one press, and loads nothing before it', async () => {
    const asked = courseEndpoint();
    const ebook = buildProduct({ id: 'poultry-guide', title: 'Poultry Farming Guide', categoryId: 1 });
    vi.mocked(fetchProductsByIds).mockResolvedValue([ebook]);
    const { user } = renderProductRoutes('/admindashboard/products/poultry-guide');
    await user.click(await screen.findByRole('tab', { name: 'Course' }));
    const add = await screen.findByRole('button', { name: 'Add course content (lessons)' });
    expect(asked).toEqual([]);
    await user.click(add);
    expect(await screen.findByLabelText('Section 1 title')).toHaveValue('Getting started');
    expect(asked).toEqual(['poultry-guide']);
  });
});
