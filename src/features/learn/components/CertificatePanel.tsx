import { useId } from 'react';
import type { CertificateAnswer } from '../../../../domain/courses';
import { paths } from '../../../../domain/routes';
import { learnUrl, useMakeCertificateMutation } from '../api/learnApi';

/**
 * Every lesson done (docs/courses.md): the certificate, made once by the API and kept; a link to its
 * PDF and to the public page that shows it is genuine.
 */
export function CertificatePanel({ token, code }: { token: string; code: string | null }) {
  const headingId = useId();
  const [make, made] = useMakeCertificateMutation();
  const answer: CertificateAnswer | null =
    made.data ??
    (code ? { code, pdfUrl: `${learnUrl(token)}/certificate.pdf`, verifyUrl: paths.certificate(code) } : null);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        You finished the course
      </h2>
      {answer ? (
        <ul className="mt-2 space-y-2">
          <li>
            <a href={answer.pdfUrl} className="font-semibold text-brand-800 underline">
              Download your certificate (PDF)
            </a>
          </li>
          <li>
            <a href={answer.verifyUrl} className="font-medium text-brand-800 underline">
              Its verification page
            </a>{' '}
            <span className="text-slate-700">(code {answer.code})</span>
          </li>
        </ul>
      ) : (
        <>
          <button
            type="button"
            disabled={made.isLoading}
            onClick={() => void make(token)}
            className="mt-3 min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            {made.isLoading ? 'Making your certificate…' : 'Get your certificate'}
          </button>
          {made.error ? (
            <p role="alert" className="mt-2 text-red-800">
              {made.error.message}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
