// The admin feature's public surface: the app layer imports these (lazily) and nothing else.
export { AdminPage, type AdminPageName } from './AdminPage';
export { AdminLoginPage } from './auth/AdminLoginPage';
export { AdminSignupPage } from './auth/AdminSignupPage';
export { AdminForgotPasswordPage } from './auth/AdminForgotPasswordPage';
export { AdminResetPasswordPage } from './auth/AdminResetPasswordPage';
export { AdminDashboard } from './dashboard/AdminDashboard';
