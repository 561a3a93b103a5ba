import { AdminForgotPasswordPage } from './auth/AdminForgotPasswordPage';
import { AdminLoginPage } from './auth/AdminLoginPage';
import { AdminResetPasswordPage } from './auth/AdminResetPasswordPage';
import { AdminSignupPage } from './auth/AdminSignupPage';
import { AdminVerifyEmailPage } from './auth/AdminVerifyEmailPage';
import { AdminDashboard } from './dashboard/AdminDashboard';

export type AdminPageName = 'login' | 'signup' | 'forgotPassword' | 'resetPassword' | 'verifyEmail' | 'dashboard';

const pages = {
  login: AdminLoginPage,
  signup: AdminSignupPage,
  forgotPassword: AdminForgotPasswordPage,
  resetPassword: AdminResetPasswordPage,
  verifyEmail: AdminVerifyEmailPage,
  dashboard: AdminDashboard,
} satisfies Record<AdminPageName, () => React.JSX.Element>;

/** One entry point for the app's route table, so the admin chunk costs the storefront one lazy import. */
export function AdminPage({ page }: { page: AdminPageName }) {
  const Page = pages[page];
  return <Page />;
}
