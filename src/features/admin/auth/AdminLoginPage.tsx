import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { loggedIn } from '../../../app/sessionSlice';
import { asyncHandler, showError, showInfo } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { paths } from '../../../../domain/routes';
import { AuthCard, linkClass, primaryButtonClass, TextField } from '../components/AdminForm';
import { logIn } from './adminSession';
import { useAdminGate } from './useAdminGate';

const verifyFirstTitle = 'Verify your e-mail address';
const verifyFirstText = (email: string) =>
  `We have sent a link to ${email}. Open it to verify your address, then log in again: an admin will then review your request.`;
const awaitingApprovalTitle = 'Awaiting approval';
const awaitingApprovalText =
  'Your account is waiting for an admin to approve it. You can sign in once it has been approved.';

export function AdminLoginPage() {
  const gate = useAdminGate();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  // Already signed in as an admin: straight to the dashboard (docs/admin.md). While a login of this page
  // is under way the page itself moves on.
  if (gate.status === 'admin' && !busy) return <Navigate to={paths.adminDashboard} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await logIn(email, password);
      if (outcome.kind === 'unverified') {
        setBusy(false);
        await showInfo(verifyFirstTitle, verifyFirstText(outcome.email));
        return;
      }
      if (outcome.kind === 'pending') {
        setBusy(false);
        await showInfo(awaitingApprovalTitle, awaitingApprovalText);
        return;
      }
      dispatch(loggedIn(outcome.admin));
      // The dashboard opening is the confirmation; no success dialog (docs/departures.md).
      await navigate(paths.adminDashboard, { replace: true });
    } catch (error) {
      setBusy(false);
      await showError('Login Failed', isAppError(error) ? error.message : fallbackMessage);
    }
  };

  return (
    <AuthCard title="Admin Login">
      <form className="mt-6 space-y-4" onSubmit={asyncHandler(onSubmit)} noValidate={false}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="mt-4 text-center text-slate-700">
        <Link className={linkClass} to={paths.adminForgotPassword}>
          Forgot password?
        </Link>
      </p>
      <p className="mt-2 text-center text-slate-700">
        Don’t have an account?{' '}
        <Link className={linkClass} to={paths.adminSignup}>
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
