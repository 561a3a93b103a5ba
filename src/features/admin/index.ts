// The admin feature's public surface: the app layer routes to these pages, lazily, and uses nothing else.
export { AdminPage, type AdminPageName } from './AdminPage';
