import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { loggedOut } from '../../../app/sessionSlice';
import type { AdminInfo } from '../../../lib/admin';
import { asyncHandler, confirmAction, showError, showTimedSuccess } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { getConfig } from '../../../lib/config';
import { paths } from '../../../../domain/routes';
import { signOutAdmin } from '../api/auth';
import { useGetUnhandledMessageCountQuery } from '../api/messagesApi';
import { useAdminGate } from '../auth/useAdminGate';
import { DiscountsPanel } from '../discounts/DiscountsPanel';
import { MailingsPanel } from '../mailings/MailingsPanel';
import { ManageProductsPanel } from '../products/ManageProductsPanel';
import { PostProductPanel } from '../products/PostProductPanel';
import { ProductPage } from '../products/ProductPage';
import { ProfilePanel } from '../profile/ProfilePanel';
import { RegisterAdminPanel } from '../register/RegisterAdminPanel';
import { SaleLicense } from '../licenses/SaleLicense';
import { SaleActions } from '../sales/SaleActions';
import { SalesPanel } from '../sales/SalesPanel';
import { StoreSettingsPanel } from '../settings/StoreSettingsPanel';
import { AffiliatesPanel } from '../affiliates/AffiliatesPanel';
import { MembersPanel } from '../members/MembersPanel';
import { ReviewsPanel } from '../reviews/ReviewsPanel';
import { StoreHealthMark } from '../health/StoreHealthMark';
import { StoreHealthPanel } from '../health/StoreHealthPanel';
import { MessagesPanel } from './MessagesPanel';

// The logout message shows for 2,000 ms (docs/admin.md).
const logoutMessageMs = 2000;

type PanelId =
  | 'profile'
  | 'post'
  | 'manage'
  | 'register'
  | 'sales'
  | 'discounts'
  | 'affiliates'
  | 'members'
  | 'mailings'
  | 'reviews'
  | 'messages'
  | 'settings'
  | 'health';

const entries: Array<{ panel: PanelId; label: string }> = [
  { panel: 'profile', label: 'Hi, Admin' },
  { panel: 'post', label: 'Post A Product' },
  { panel: 'manage', label: 'Manage Products' },
  { panel: 'register', label: 'Register Admin' },
  { panel: 'sales', label: 'Sales' },
  { panel: 'discounts', label: 'Discounts' },
  { panel: 'affiliates', label: 'Affiliates' },
  { panel: 'members', label: 'Members' },
  { panel: 'mailings', label: 'E-mails' },
  { panel: 'reviews', label: 'Reviews' },
  { panel: 'messages', label: 'Messages' },
  { panel: 'settings', label: 'Store settings' },
  { panel: 'health', label: 'Store health' },
];

function panelFor(value: string | null, admin: AdminInfo): ReactNode {
  switch (value ?? 'profile') {
    case 'profile':
      return <ProfilePanel admin={admin} />;
    case 'post':
      return <PostProductPanel />;
    case 'manage':
      return <ManageProductsPanel />;
    case 'register':
      return <RegisterAdminPanel />;
    case 'sales':
      return (
        <SalesPanel
          renderActions={(sale) => <SaleActions sale={sale} />}
          renderDetails={(sale) => <SaleLicense transactionId={sale.id} />}
        />
      );
    case 'discounts':
      return <DiscountsPanel />;
    case 'affiliates':
      return <AffiliatesPanel />;
    case 'members':
      return <MembersPanel demo={getConfig().payments.demo} />;
    case 'mailings':
      return <MailingsPanel />;
    case 'reviews':
      return <ReviewsPanel />;
    case 'messages':
      return <MessagesPanel />;
    case 'settings':
      return <StoreSettingsPanel />;
    case 'health':
      return <StoreHealthPanel />;
    default:
      return (
        <section aria-labelledby="dashboard-home-heading">
          <h2 id="dashboard-home-heading" className="text-2xl font-bold text-slate-900">
            Dashboard Home
          </h2>
          <p className="mt-2 text-slate-700">Choose a section from the menu.</p>
        </section>
      );
  }
}

/**
 * /admindashboard: guarded (docs/admin.md); the panel is the `panel` query parameter, or a product's
 * page at /admindashboard/products/{id} (under Manage Products in the menu).
 */
export function AdminDashboard() {
  const gate = useAdminGate();
  const [params] = useSearchParams();
  const panel = params.get('panel');
  const { id: productId } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [menuOpen, setMenuOpen] = useState(false);
  // While logging out the gate turns to 'out' before the 2 s message ends: the shell stays on screen.
  const [leavingAs, setLeavingAs] = useState<AdminInfo | null>(null);
  const current = gate.status === 'admin' ? gate.admin : null;

  const logout = useCallback(async () => {
    setMenuOpen(false);
    const confirmed = await confirmAction('Log out?', 'You will be signed out of the admin area.', 'Yes, log out');
    if (!confirmed) return;
    setLeavingAs(current);
    try {
      await signOutAdmin();
    } catch (error) {
      setLeavingAs(null);
      await showError('Error', isAppError(error) ? error.message : fallbackMessage);
      return;
    }
    dispatch(loggedOut());
    await showTimedSuccess('Logged out successfully', logoutMessageMs);
    await navigate(paths.adminLogin, { replace: true });
  }, [current, dispatch, navigate]);

  if (gate.status === 'loading') {
    return (
      <p role="status" className="px-4 pb-16 pt-24 text-center text-lg text-slate-700">
        Loading...
      </p>
    );
  }
  const admin = current ?? leavingAs;
  if (!admin) return <Navigate to={paths.adminLogin} replace />;

  return (
    <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-4 pb-16 pt-24 md:flex-row md:flex-wrap">
      <header className="flex w-full flex-wrap items-center justify-end gap-3 empty:hidden md:basis-full">
        <h1 className="sr-only">Admin Dashboard</h1>
        <StoreHealthMark />
      </header>
      <Sidebar
        current={productId !== undefined ? 'manage' : (panel ?? 'profile')}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        onLogout={asyncHandler(logout)}
      />
      <div className="min-w-0 flex-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {productId !== undefined ? <ProductPage key={productId} productId={productId} /> : panelFor(panel, admin)}
      </div>
    </div>
  );
}

const focusableSelector = 'a[href], button:not([disabled])';

/**
 * The dashboard menu: always shown from 768 px; on phones behind a toggle, over the page with an
 * overlay. Opening moves focus into it, Escape or the overlay closes it and focus returns to the toggle.
 */
function Sidebar({
  current,
  open,
  onOpenChange,
  onLogout,
}: {
  current: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
}) {
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>(focusableSelector)?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChange(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onOpenChange]);

  const itemClass = (active: boolean) =>
    `block w-full rounded-lg px-4 py-3 text-left font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ${
      active ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-brand-50'
    }`;

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="self-start rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white md:hidden"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => onOpenChange(!open)}
      >
        {open ? 'Close menu' : 'Dashboard menu'}
      </button>
      {open && (
        <div
          data-testid="dashboard-overlay"
          className="fixed inset-0 z-30 bg-slate-900/60 md:hidden"
          aria-hidden="true"
          onClick={() => onOpenChange(false)}
        />
      )}
      <nav
        id={navId}
        ref={navRef}
        aria-label="Dashboard"
        className={`${open ? 'fixed inset-y-0 left-0 z-40 w-72 overflow-y-auto bg-white p-4 pt-20 shadow-xl' : 'hidden'} md:static md:block md:w-60 md:shrink-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        <ul className="space-y-1">
          {entries.map((entry) => (
            <li key={entry.panel}>
              <Link
                to={`${paths.adminDashboard}?panel=${entry.panel}`}
                aria-current={current === entry.panel ? 'page' : undefined}
                className={itemClass(current === entry.panel)}
                onClick={() => onOpenChange(false)}
              >
                {entry.label}
                {entry.panel === 'messages' ? <UnhandledCount /> : null}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className={itemClass(false)} onClick={onLogout}>
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </>
  );
}

/** The number of contact messages nobody has handled yet; nothing while unknown or when none. */
function UnhandledCount() {
  const { data: count } = useGetUnhandledMessageCountQuery();
  if (!count) return null;
  // The spaces are text, so the link reads 'Messages 3 unhandled' rather than 'Messages3unhandled'.
  return (
    <>
      {' '}
      <span className="ml-1 inline-block min-w-6 rounded-full bg-red-700 px-2 text-center text-sm font-semibold text-white">
        {count} <span className="sr-only">unhandled</span>
      </span>
    </>
  );
}
