import { Link } from 'react-router-dom';
import { paths } from '../../../../domain/routes';
import { useGetProgramQuery } from '../api/affiliatesApi';
import { AffiliateDashboard } from './AffiliateDashboard';
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
      <JoinForm />
    </>
  );
}
