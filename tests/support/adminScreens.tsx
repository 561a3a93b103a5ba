// Shared steps for the admin screens' component tests.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect } from 'vitest';
import { renderWithProviders } from './renderWithProviders';
import type { RootState } from '../../src/app/store';

/** Shows where the router is, so a test can see a redirect happen. */
function WhereAmI({ name }: { name: string }) {
  const location = useLocation();
  return (
    <h1>
      {name} at {location.pathname}
      {location.search}
    </h1>
  );
}

/** Renders `element` at `path` among the admin routes, each other route a named stand-in. */
export function renderAdminRoute(
  path: string,
  element: ReactElement,
  route: string = path,
  preloadedState?: Partial<RootState>,
) {
  const stand = (name: string) => <WhereAmI name={name} />;
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      {path !== '/adminlogin' && <Route path="/adminlogin" element={stand('Login page')} />}
      {path !== '/admindashboard' && <Route path="/admindashboard" element={stand('Dashboard')} />}
      {path !== '/adminforgotpassword' && <Route path="/adminforgotpassword" element={stand('Forgot page')} />}
      {path !== '/adminsignup' && <Route path="/adminsignup" element={stand('Signup page')} />}
    </Routes>,
    { route, preloadedState },
  );
}

/** The open sweetalert2 dialog; it must show `title` (and `text` when given). */
export async function findAlert(title: string, text?: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
  if (text !== undefined) expect(within(dialog).getByText(text)).toBeInTheDocument();
  return dialog;
}

/** Presses a dialog button (OK, Cancel, Yes, ...) the way a person would, and waits for it to close. */
export async function pressInAlert(user: UserEvent, button: string | RegExp = 'OK') {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Fills a form's labelled fields in order; sweetalert2 may hide the page behind aria-hidden. */
export async function fill(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}
