// The product page's component tests: Manage Products and the page at their routes, so Edit, Cancel
// and 'Back to Manage Products' travel between them as they do in the dashboard.
import { screen, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { ManageProductsPanel } from '../../src/features/admin/products/ManageProductsPanel';
import { ProductPage } from '../../src/features/admin/products/ProductPage';
import { renderWithProviders } from './renderWithProviders';

function ProductPageAt() {
  const { id = '' } = useParams();
  return <ProductPage productId={id} />;
}

/** Renders the dashboard's Manage Products (at ?panel=manage) and product page routes, starting at `route`. */
export function renderProductRoutes(route = '/admindashboard?panel=manage') {
  return renderWithProviders(
    <Routes>
      <Route path="/admindashboard" element={<ManageProductsPanel />} />
      <Route path="/admindashboard/products/:id" element={<ProductPageAt />} />
    </Routes>,
    { route },
  );
}

/** Opens a card's Edit in Manage Products (all categories) and waits for the product's page. */
export async function openProductPage(user: ReturnType<typeof renderWithProviders>['user'], cardTitle: string) {
  const card = await screen.findByRole('article', { name: cardTitle });
  await user.click(within(card).getByRole('button', { name: 'Expand' }));
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('tablist', { name: 'Product sections' });
}

/** The panel of a section, shown or hidden, named by its tab. */
export function sectionPanel(name: string | RegExp): HTMLElement {
  return screen.getByRole('tabpanel', { name, hidden: true });
}
