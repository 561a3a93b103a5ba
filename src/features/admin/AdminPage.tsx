import { AdminForgotPasswordPage } from './auth/AdminForgotPasswordPage';
import { AdminLoginPage } from './auth/AdminLoginPage';
import { AdminResetPasswordPage } from './auth/AdminResetPasswordPage';
import { AdminSignupPage } from './auth/AdminSignupPage';
import { AdminDashboard } from './dashboard/AdminDashboard';

export type AdminPageName = 'login' | 'signup' | 'forgotPassword' | 'resetPassword' | 'dashboard';

const pages = {
  login: AdminLoginPage,
  signup: AdminSignupPage,
  forgotPassword: AdminForgotPasswordPage,
  resetPassword: AdminResetPasswordPage,
  dashboard: AdminDashboard,
} satisfies Record<AdminPageName, () => React.JSX.Element>;

/** One entry point for the app's route table, so the admin chunk costs the storefront one lazy import. */
export function AdminPage({ page }: { page: AdminPageName }) {
  const Page = pages[page];
  return <Page />;
}
