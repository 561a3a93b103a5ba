import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { pageHeads } from '../../../../domain/pageHeads';
import { usePageMeta } from '../../../components/usePageMeta';
import { dayKeyLongDate } from '../../../../domain/lagosDates';
import { useVerifyCertificateQuery, type LearnError } from '../api/learnApi';

/**
 * /certificates/{code} (docs/courses.md): anyone can check a course certificate. It shows the name,
 * the course, the completion date and the store, and nothing else about the buyer; a certificate whose
 * sale was refunded, revoked or lost in a dispute shows as withdrawn, with nothing about it.
 */
export function CertificatePage() {
  usePageMeta(pageHeads.certificate);
  const headingId = useId();
  const { code = '' } = useParams();
  const check = useVerifyCertificateQuery(code);
  const error = check.error as LearnError | undefined;
  const data = check.data;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-2xl px-4 pb-16 pt-24">
      <h1 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Certificate check
      </h1>
      {check.isLoading ? (
        <p role="status" className="mt-6 text-slate-700">
          Checking the certificate…
        </p>
      ) : data ? (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-green-800">
            <span aria-hidden="true">✓ </span>This certificate is genuine
          </p>
          <dl className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700">Awarded to</dt>
            <dd className="text-slate-900">{data.name}</dd>
            <dt className="font-medium text-slate-700">Course</dt>
            <dd className="text-slate-900">{data.courseTitle}</dd>
            <dt className="font-medium text-slate-700">Completed on</dt>
            <dd className="text-slate-900">{dayKeyLongDate(data.completedOn) || data.completedOn}</dd>
            <dt className="font-medium text-slate-700">Issued by</dt>
            <dd className="text-slate-900">{data.storeName}</dd>
            <dt className="font-medium text-slate-700">Code</dt>
            <dd className="break-all text-slate-900">{data.code}</dd>
          </dl>
        </div>
      ) : error?.code === 'ended' ? (
        <p role="alert" className="mt-6 text-lg font-semibold text-red-800">
          This certificate was withdrawn. The store no longer confirms it.
        </p>
      ) : error?.code === 'not-found' ? (
        <p role="alert" className="mt-6 text-slate-900">
          No certificate has this code.
        </p>
      ) : error ? (
        <div role="alert" className="mt-6 space-y-2 text-red-800">
          <p>{error.message}</p>
          <button type="button" className="font-medium underline" onClick={() => void check.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
    </section>
  );
}
