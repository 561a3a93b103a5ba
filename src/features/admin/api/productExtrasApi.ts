// The server data of a product's page in the dashboard beyond the product itself (docs/admin.md): its deliverables
// (files, delivery and license key settings), the license key pool's count, its course and a lesson's
// Markdown preview. The page edits drafts of them, so each is read afresh when a screen opens it:
// nothing is kept once no screen shows it.
import type { AdminCourse } from '../../../../domain/courses';
import { api, runQuery } from '../../../lib/api';
import type { ErrorWords } from '../../../lib/errors';
import { fetchCourse, previewMarkdown } from './courses';
import { fetchDeliverables, type ProductDeliverables } from './deliverableFiles';
import { fetchPoolLeft } from './licensePool';

const fresh = { keepUnusedDataFor: 0 };

/** The API's own sentence when it sent one; a dropped connection or anything else gets the editor's. */
const courseLoadWords: ErrorWords = {
  spoken: 'all',
  codes: { 409: 'course-changed' },
  network: 'The course could not be loaded. Please try again.',
  fallback: 'The course could not be loaded. Please try again.',
};

export const productExtrasApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliverables: build.query<ProductDeliverables, string>({
      queryFn: (productId) => runQuery(() => fetchDeliverables(productId)),
      ...fresh,
    }),
    getPoolLeft: build.query<number, string>({
      queryFn: (productId) => runQuery(() => fetchPoolLeft(productId)),
      ...fresh,
    }),
    getAdminCourse: build.query<AdminCourse, string>({
      queryFn: (productId) => runQuery(() => fetchCourse(productId), courseLoadWords),
      ...fresh,
    }),
    getMarkdownPreview: build.query<string, string>({
      queryFn: (markdown) => runQuery(() => previewMarkdown(markdown)),
    }),
  }),
});

export const { useGetDeliverablesQuery, useGetPoolLeftQuery, useGetAdminCourseQuery, useGetMarkdownPreviewQuery } =
  productExtrasApi;
