/** The 'Manage products' panel of the admin dashboard (issue 7). */
export function ManageProductsPanel() {
  return (
    <section aria-labelledby="manage-products-heading">
      <h2 id="manage-products-heading">Manage products</h2>
    </section>
  );
}
