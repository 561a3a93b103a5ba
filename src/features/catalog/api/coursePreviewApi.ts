// A course's free preview lessons as server data (docs/courses.md): the list beside the outline and each
// lesson the dialog opens. A lesson's video URL is short-lived, so a lesson is asked for again each time
// the dialog shows it.
import type { LearnLesson, PreviewOutline } from '../../../../domain/courses';
import { api, runQuery } from '../../../lib/api';
import type { ErrorWords } from '../../../lib/errors';
import { fetchPreviewLesson, fetchPreviewOutline } from './coursePreview';

const unloaded = 'The preview could not be loaded. Please try again.';
/** The API's own sentence when it sent one, else the dialog's. */
const previewWords: ErrorWords = { spoken: 'all', network: unloaded, fallback: unloaded };

const coursePreviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPreviewOutline: build.query<PreviewOutline['lessons'], string>({
      queryFn: (productId) => runQuery(() => fetchPreviewOutline(productId)),
    }),
    getPreviewLesson: build.query<LearnLesson, { productId: string; lessonId: string }>({
      queryFn: ({ productId, lessonId }) => runQuery(() => fetchPreviewLesson(productId, lessonId), previewWords),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPreviewOutlineQuery, useGetPreviewLessonQuery } = coursePreviewApi;
