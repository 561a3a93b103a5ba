// Categories are static (docs/architecture.md, 'Data model'): three of them, with their hero images in
// public/.
export interface Category {
  id: number;
  name: string;
  /** The name without its emoji, where plain text reads better (search results' breadcrumbs). */
  label: string;
  slug: string;
  image: string;
  description: string;
}

export const categories: readonly Category[] = [
  {
    id: 1,
    name: '📚 Ebooks',
    label: 'Ebooks',
    slug: 'ebooks',
    image: '/images/category-ebooks.svg',
    description: 'A wide range of digital ebooks across genres, for learning and entertainment.',
  },
  {
    id: 2,
    name: '🎓 Courses',
    label: 'Courses',
    slug: 'courses',
    image: '/images/category-courses.svg',
    description: 'Curated online courses by industry experts to help you upgrade your skills.',
  },
  {
    id: 3,
    name: '🧰 Tools',
    label: 'Tools',
    slug: 'tools',
    image: '/images/category-tools.svg',
    description: 'Templates, plugins and small programs that do the work for you, many with a license key.',
  },
];

export function findCategory(id: number | string): Category | undefined {
  const wanted = typeof id === 'string' ? Number(id) : id;
  return categories.find((category) => category.id === wanted);
}
