import { Link } from 'react-router-dom';
import { paths } from '../../../../domain/routes';
import { fallbackMessage } from '../../../lib/errors';
import { useGetApplicantQuery, useGetProgramQuery } from '../api/affiliatesApi';
import { AffiliateDashboard } from './AffiliateDashboard';
import { AffiliateSignIn } from './AffiliateSignIn';
import { JoinForm } from './JoinForm';

/** /affiliates (join) and /affiliates/me (the affiliate's own page), docs/affiliates.md. */
export function AffiliatesPage({ page }: { page: 'join' | 'me' }) {
  return (
    <main className="mx-auto max-w-2xl px-4 pb-16 pt-24">
      <h1 className="text-3xl font-bold text-slate-900">
        {page === 'join' ? 'Become an affiliate' : 'Your affiliate page'}
      </h1>
      {page === 'join' ? <Join /> : <AffiliateDashboard />}
    </main>
  );
}

function Join() {
  const program = useGetProgramQuery();
  if (program.isLoading) {
    return (
      <p role="status" className="mt-8 text-slate-700">
        Loading...
      </p>
    );
  }
  if (!program.data?.on) {
    return <p className="mt-8 text-slate-800">The affiliate program is not open right now.</p>;
  }
  return (
    <>
      <p className="mt-4 text-slate-800">
        {`Earn ${program.data.percent}% of every sale your links bring within ${program.data.windowDays} days.`}
      </p>
      <p className="mt-2 text-slate-800">
        Already an affiliate?{' '}
        <Link className="underline" to={paths.affiliatePage}>
          Open your affiliate page
        </Link>
        .
      </p>
      <Applicant />
    </>
  );
}

/** Applying needs the mailed-code sign-in: the application is made under the address it proved. */
function Applicant() {
  const applicant = useGetApplicantQuery();
  if (applicant.isLoading) {
    return (
      <p role="status" className="mt-8 text-slate-700">
        Loading...
      </p>
    );
  }
  if (applicant.error) {
    if (applicant.error.code === 'unauthenticated') {
      return <AffiliateSignIn intro="To apply, sign in with your e-mail address; we e-mail you a code." />;
    }
    return (
      <p role="alert" className="mt-8 text-red-700">
        {applicant.error.message || fallbackMessage}
      </p>
    );
  }
  if (!applicant.data) return null;
  if (applicant.data.applied) {
    return (
      <p className="mt-8 text-slate-800">
        {`${applicant.data.email} has already applied. `}
        <Link className="underline" to={paths.affiliatePage}>
          Open your affiliate page
        </Link>
        .
      </p>
    );
  }
  return <JoinForm email={applicant.data.email} />;
}
