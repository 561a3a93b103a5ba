import { useGetAdminCategoryProductsQuery } from '../api/productsApi';

/**
 * Every category's products (domain/categories.ts: Ebooks 1, Courses 2, Tools 3), each read as Manage
 * Products reads it, for the discount forms' product choice and the code list's titles. One query per
 * category, written out: hooks are called the same number of times on every render.
 */
export function useCategoryProducts() {
  const ebooks = useGetAdminCategoryProductsQuery(1);
  const courses = useGetAdminCategoryProductsQuery(2);
  const tools = useGetAdminCategoryProductsQuery(3);
  const byCategory = new Map([
    [1, ebooks],
    [2, courses],
    [3, tools],
  ]);
  return {
    lists: [ebooks, courses, tools],
    /** The products of one category; none while it loads or for an unknown id. */
    productsOf: (categoryId: number) => byCategory.get(categoryId)?.data ?? [],
  };
}
