import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../../domain/routes';
import { asyncHandler } from '../../../lib/alerts';
import { AuthCard, linkClass, primaryButtonClass } from '../components/AdminForm';
import { RegistrationFields } from '../components/RegistrationFields';
import { useRegistrationForm } from '../components/useRegistrationForm';
import { signUp } from './adminSession';

const verifyThenReviewText = 'Check your inbox to verify your address; an admin will then review your request.';

/**
 * /adminsignup: anyone may sign up, but the account must verify its e-mail address and then wait for
 * an admin's approval (docs/admin.md).
 */
export function AdminSignupPage() {
  const navigate = useNavigate();
  const { values, setValues, busy, onSubmit } = useRegistrationForm(
    async (registration) => {
      await signUp(registration);
      return { title: 'Account created successfully', text: verifyThenReviewText };
    },
    () => navigate(paths.adminLogin),
  );

  return (
    <AuthCard title="Register Admin">
      <form className="mt-6 space-y-4" onSubmit={asyncHandler(onSubmit)}>
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
