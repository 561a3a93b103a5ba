/** The 'Post product' panel of the admin dashboard (issue 7). */
export function PostProductPanel() {
  return (
    <section aria-labelledby="post-product-heading">
      <h2 id="post-product-heading">Post product</h2>
    </section>
  );
}
