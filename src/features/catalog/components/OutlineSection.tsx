import { useGetOutlinesQuery } from '../api/catalogApi';
import { CoursePreviewButton } from './CoursePreviewButton';

/** The product's outline, ordered by outlineOrder (the query sorts it). */
export function OutlineSection({ productId }: { productId: string }) {
  const { data: outlines, isLoading, isError, refetch } = useGetOutlinesQuery(productId);
  return (
    <section aria-labelledby="outline-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      {/* The row keeps the Preview button's height whether or not it comes, so nothing shifts when it does. */}
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
        <h2 id="outline-heading" className="text-xl font-bold text-slate-900">
          Outline
        </h2>
        <CoursePreviewButton productId={productId} />
      </div>
      {isLoading ? (
        <p role="status" className="mt-4 text-slate-600">
          Loading outline...
        </p>
      ) : isError ? (
        <div role="alert" className="mt-4 text-red-800">
          <p>The outline could not be loaded.</p>
          <button type="button" onClick={() => void refetch()} className="mt-2 font-medium underline">
            Try again
          </button>
        </div>
      ) : !outlines || outlines.length === 0 ? (
        <p className="mt-4 text-slate-600">No outline has been published for this product yet.</p>
      ) : (
        <ol aria-labelledby="outline-heading" className="mt-4 list-decimal space-y-2 pl-6 text-slate-800">
          {outlines.map((item) => (
            <li key={item.id}>{item.outline}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
