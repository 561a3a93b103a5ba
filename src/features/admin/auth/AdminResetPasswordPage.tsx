import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { asyncHandler, showError, showSuccess } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { paths } from '../../../../domain/routes';
import { AuthCard, linkClass, primaryButtonClass, TextField } from '../components/AdminForm';
import { useCheckResetCodeQuery } from '../api/accountCodesApi';
import { resetPassword } from '../api/auth';

const missingCodeText = 'This password reset link is incomplete: it has no reset code.';

type CodeState = { status: 'checking' } | { status: 'valid'; email: string } | { status: 'invalid'; message: string };

/**
 * The page the reset e-mail the API sends leads to: the code is the link's `oobCode` query
 * parameter (docs/admin.md). It is checked first, so a bad link says so before any typing.
 */
export function AdminResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const checked = useCheckResetCodeQuery(code, { skip: !code });
  // A code that expired or was used while the page was open: why, in place of the form.
  const [usedUp, setUsedUp] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const state: CodeState = !code
    ? { status: 'invalid', message: missingCodeText }
    : usedUp !== null
      ? { status: 'invalid', message: usedUp }
      : checked.isSuccess
        ? { status: 'valid', email: checked.data }
        : checked.isError
          ? { status: 'invalid', message: isAppError(checked.error) ? checked.error.message : fallbackMessage }
          : { status: 'checking' };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) {
      await showError('Error', 'Passwords do not match');
      return;
    }
    setBusy(true);
    try {
      await resetPassword(code, password);
      // Login opens at once, under the message.
      void showSuccess('Password reset successfully!');
      await navigate(paths.adminLogin, { replace: true });
    } catch (error) {
      setBusy(false);
      const message = isAppError(error) ? error.message : 'Failed to reset password.';
      // A code that expired or was used while the page was open: offer a new link instead of the form.
      if (isAppError(error) && /action-code$/.test(error.code)) setUsedUp(message);
      await showError('Error', message);
    }
  };

  return (
    <AuthCard title="Reset Password">
      {state.status === 'checking' && (
        <p role="status" className="mt-6 text-center text-slate-700">
          Checking your reset link...
        </p>
      )}
      {state.status === 'invalid' && (
        <div className="mt-6 space-y-4 text-center">
          <p role="alert" className="text-red-700">
            {state.message}
          </p>
          <p>
            <Link className={linkClass} to={paths.adminForgotPassword}>
              Ask for a new reset link
            </Link>
          </p>
        </div>
      )}
      {state.status === 'valid' && (
        <>
          <p className="mt-2 text-center text-slate-700">Choose a new password for {state.email}.</p>
          <form className="mt-6 space-y-4" onSubmit={asyncHandler(onSubmit)}>
            <TextField
              label="New password"
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              value={password}
              onValueChange={setPassword}
            />
            <TextField
              label="Confirm new password"
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirm}
              onValueChange={setConfirm}
            />
            <button type="submit" className={primaryButtonClass} disabled={busy}>
              {busy ? 'Resetting...' : 'Reset Password'}
            </button>
          </form>
        </>
      )}
      <p className="mt-4 text-center">
        <Link className={linkClass} to={paths.adminLogin}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
