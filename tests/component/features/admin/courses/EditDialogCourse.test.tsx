// Course content in a product's Edit dialog (docs/courses.md): a Courses product shows the editor at
// once; any other product offers it behind one press, so its dialog loads no course it lacks.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EditProductDialog } from '../../../../../src/features/admin/products/EditProductDialog';
import { buildProduct } from '../../../../support/factories';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

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

describe('course content in the Edit dialog', () => {
  it('opens with the course editor for a product of the Courses category', async () => {
    const asked = courseEndpoint();
    const course = buildProduct({ id: 'react-bootcamp', title: 'React Web Development Bootcamp', categoryId: 2 });
    renderWithProviders(<EditProductDialog product={course} onClose={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Course content' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Section 1 title')).toHaveValue('Getting started');
    expect(asked).toEqual(['react-bootcamp']);
  });

  it('offers course content for any other product behind one press, and loads nothing before it', async () => {
    const asked = courseEndpoint();
    const ebook = buildProduct({ id: 'poultry-guide', title: 'Poultry Farming Guide', categoryId: 1 });
    const { user } = renderWithProviders(<EditProductDialog product={ebook} onClose={() => undefined} />);
    const add = await screen.findByRole('button', { name: 'Add course content (lessons)' });
    expect(asked).toEqual([]);
    await user.click(add);
    expect(await screen.findByLabelText('Section 1 title')).toHaveValue('Getting started');
    expect(asked).toEqual(['poultry-guide']);
  });
});
