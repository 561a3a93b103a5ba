import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { asyncHandler, showError, showSuccess } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { paths } from '../../../../domain/routes';
import { AuthCard, linkClass, primaryButtonClass, TextField } from '../components/AdminForm';
import { sendResetLink } from '../api/auth';

export function AdminForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await sendResetLink(email);
      setSent(true);
      setBusy(false);
      // The store's sentence for this case, as title and text of one message (docs/admin.md).
      await showSuccess('Reset link sent successfully', 'Please check your email inbox or spam folder!');
    } catch (error) {
      setBusy(false);
      await showError('Error', isAppError(error) ? error.message : fallbackMessage);
    }
  };

  const label = busy ? 'Sending...' : sent ? 'Resend Reset Link' : 'Send Reset Link';
  return (
    <AuthCard title="Forgot Password">
      <p className="mt-2 text-center text-slate-700">Enter your e-mail address and we will send you a reset link.</p>
      <form className="mt-6 space-y-4" onSubmit={asyncHandler(onSubmit)}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {label}
        </button>
      </form>
      <p className="mt-4 text-center">
        <Link className={linkClass} to={paths.adminLogin}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
