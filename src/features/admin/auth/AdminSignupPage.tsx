import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { registrationError, type Registration } from '../../../lib/admin';
import { showError, showSuccess } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { paths } from '../../../lib/routes';
import { AuthCard, linkClass, primaryButtonClass } from '../components/AdminForm';
import { RegistrationFields, emptyRegistration } from '../components/RegistrationFields';
import { signUp } from './adminSession';

const pendingApprovalText = 'An admin must approve your account before you can sign in.';

/** SPEC §2 'Register Admin'; anyone may sign up, but the account waits for approval (DESIGN §4). */
export function AdminSignupPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Registration>(emptyRegistration);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = registrationError(values);
    if (problem) {
      await showError('Error', problem);
      return;
    }
    setBusy(true);
    try {
      await signUp(values);
      setValues(emptyRegistration);
      setBusy(false);
      await showSuccess('Account created successfully', pendingApprovalText);
      navigate(paths.adminLogin);
    } catch (error) {
      setBusy(false);
      await showError('Error', isAppError(error) ? error.message : fallbackMessage);
    }
  };

  return (
    <AuthCard title="Register Admin">
      <form className="mt-6 space-y-4" onSubmit={onSubmit}>
        <RegistrationFields values={values} onChange={setValues} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <p className="mt-4 text-center text-slate-700">
        Already have an account?{' '}
        <Link className={linkClass} to={paths.adminLogin}>
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
