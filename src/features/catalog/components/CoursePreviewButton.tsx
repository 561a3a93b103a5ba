import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import type { PreviewOutline } from '../../../../domain/courses';
import { useGetPreviewOutlineQuery } from '../api/coursePreviewApi';

const noLessons: PreviewOutline['lessons'] = [];

// The dialog and its player are a chunk of their own, loaded on the first press (docs/performance.md):
// the product page's first paint carries only this button's few lines.
const CoursePreviewDialog = lazy(() =>
  import('./CoursePreviewDialog').then((module) => ({ default: module.CoursePreviewDialog })),
);

// On a flaky connection the chunk may fail to download: say so beside the button, keep the page.
class PreviewChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="w-full text-red-800">
        The preview could not be loaded. Check your connection and try again.
      </p>
    );
  }
}

/**
 * 'Preview' beside a course's outline (docs/courses.md), shown once the API lists free preview lessons
 * for the product; asked for after the page has painted, so it never delays it.
 */
export function CoursePreviewButton({ productId }: { productId: string }) {
  const lessons = useGetPreviewOutlineQuery(productId).data ?? noLessons;
  const [open, setOpen] = useState(false);
  if (lessons.length === 0) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Preview
      </button>
      {open ? (
        <PreviewChunkBoundary>
          <Suspense
            fallback={
              <span role="status" className="sr-only">
                Loading the preview…
              </span>
            }
          >
            <CoursePreviewDialog productId={productId} lessons={lessons} onClose={() => setOpen(false)} />
          </Suspense>
        </PreviewChunkBoundary>
      ) : null}
    </>
  );
}
