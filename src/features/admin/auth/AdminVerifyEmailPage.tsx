import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { paths } from '../../../../domain/routes';
import { AuthCard, linkClass, primaryButtonClass } from '../components/AdminForm';
import { useVerifyEmailAddressMutation } from '../api/accountCodesApi';

export const verifyTexts = {
  missing: 'This verification link is incomplete: it has no code.',
  checking: 'Verifying your e-mail address...',
  verified: 'Your e-mail address is verified.',
  next: 'Log in to send your request to become an admin; an admin will then review it.',
  expired: 'This verification link has expired. Log in to get a new one.',
  used: 'This verification link is invalid or has already been used. If your address is not verified yet, log in to get a new link.',
};

type VerifyState =
  | { status: 'checking' }
  | { status: 'verified' }
  | { status: 'refused'; message: string }
  | { status: 'failed'; message: string };

function stateAfter(error: unknown): VerifyState {
  if (isAppError(error) && error.code === 'auth/expired-action-code')
    return { status: 'refused', message: verifyTexts.expired };
  if (isAppError(error) && error.code === 'auth/invalid-action-code')
    return { status: 'refused', message: verifyTexts.used };
  return { status: 'failed', message: isAppError(error) ? error.message : fallbackMessage };
}

/**
 * /adminverify: the page the verification e-mail the API sends leads to (docs/admin.md). It applies
 * the link's `oobCode` at once and says in words what came of it.
 */
export function AdminVerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const [verify, verified] = useVerifyEmailAddressMutation();

  useEffect(() => {
    if (code) void verify(code);
  }, [code, verify]);

  const state: VerifyState = !code
    ? { status: 'refused', message: verifyTexts.missing }
    : verified.isSuccess
      ? { status: 'verified' }
      : verified.isError
        ? stateAfter(verified.error)
        : { status: 'checking' };
  const retry = () => void verify(code);

  return (
    <AuthCard title="Verify Email">
      {state.status === 'checking' && (
        <p role="status" className="mt-6 text-center text-slate-700">
          {verifyTexts.checking}
        </p>
      )}
      {state.status === 'verified' && (
        <div role="status" className="mt-6 space-y-2 text-center text-slate-700">
          <p className="font-semibold text-green-800">{verifyTexts.verified}</p>
          <p>{verifyTexts.next}</p>
        </div>
      )}
      {(state.status === 'refused' || state.status === 'failed') && (
        <p role="alert" className="mt-6 text-center text-red-700">
          {state.message}
        </p>
      )}
      {state.status === 'failed' && (
        <button type="button" className={`${primaryButtonClass} mt-4`} onClick={retry}>
          Try again
        </button>
      )}
      <p className="mt-4 text-center">
        <Link className={linkClass} to={paths.adminLogin}>
          {state.status === 'verified' ? 'Log in' : 'Back to Login'}
        </Link>
      </p>
    </AuthCard>
  );
}
