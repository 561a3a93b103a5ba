import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SaleActions, type SaleActionsProps } from '../../../../../src/features/admin/sales/SaleActions';
import { setupAlerts } from '../../../../support/alerts';
import { findAlert, pressInAlert } from '../../../../support/adminScreens';
import { server } from '../../../../support/msw';
import { adminToken, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

setupAlerts();

interface Call {
  action: string;
  id: string;
  authorization: string | null;
  body: unknown;
}

let calls: Call[];

/** Our API's two sale endpoints (component tests may stub our own API); each call is recorded. */
function useSaleApi({
  resend = () => HttpResponse.json({ message: 'Access e-mail sent.' }),
  access = (body: { revoked: boolean }) => HttpResponse.json({ accessRevoked: body.revoked }),
}: {
  resend?: () => Response | Promise<Response>;
  access?: (body: { revoked: boolean }) => Response | Promise<Response>;
} = {}) {
  server.use(
    http.post('*/api/admin/transactions/:id/:action', async ({ request, params }) => {
      const body = await request.json().catch(() => undefined);
      calls.push({
        action: String(params.action),
        id: String(params.id),
        authorization: request.headers.get('authorization'),
        body,
      });
      return params.action === 'resend' ? resend() : access(body as { revoked: boolean });
    }),
  );
}

beforeEach(() => {
  calls = [];
  resetProductAdminQueries();
});

const sale = {
  id: 'paystack_T123456',
  productId: 'freelance-writing',
  customerEmail: 'ada.obi@example.com',
  accessRevoked: false,
};

/** The row's live region, which is always present, once it says `text`. */
async function expectStatus(text: string) {
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
}

/** The sale's one 'Actions' menu button. */
const actionsButton = () => screen.getByRole('button', { name: 'Actions' });

type User = ReturnType<typeof renderWithProviders>['user'];

/** Opens the 'Actions' menu and chooses an item, as the seller does. */
async function choose(user: User, item: string) {
  if (actionsButton().getAttribute('aria-expanded') !== 'true') await user.click(actionsButton());
  await user.click(screen.getByRole('menuitem', { name: item }));
}

/** Opens the 'Actions' menu and gives one of its items, the menu left open (Escape closes it). */
async function menuItem(user: User, item: string) {
  if (actionsButton().getAttribute('aria-expanded') !== 'true') await user.click(actionsButton());
  return screen.getByRole('menuitem', { name: item });
}

function renderActions(overrides: Partial<SaleActionsProps['sale']> = {}, onChanged = vi.fn()) {
  return { onChanged, ...renderWithProviders(<SaleActions sale={{ ...sale, ...overrides }} onChanged={onChanged} />) };
}

describe('SaleActions: resend access e-mail', () => {
  it("opens a dialog prefilled with the buyer's address and says 'Access e-mail sent.' once sent", async () => {
    useSaleApi();
    const { user, onChanged } = renderActions();
    const opener = actionsButton();
    await choose(user, 'Resend access e-mail');
    const dialog = screen.getByRole('dialog', { name: 'Resend access e-mail' });
    expect(within(dialog).getByLabelText('Buyer e-mail')).toHaveValue('ada.obi@example.com');
    expect(within(dialog).getByLabelText('Buyer e-mail')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectStatus('Access e-mail sent.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    // The same address: no correction is asked for.
    expect(calls).toEqual([
      { action: 'resend', id: 'paystack_T123456', authorization: `Bearer ${adminToken}`, body: {} },
    ]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends a corrected address and tells the owner the sale changed', async () => {
    useSaleApi();
    const { user, onChanged } = renderActions();
    await choose(user, 'Resend access e-mail');
    const input = screen.getByLabelText('Buyer e-mail');
    await user.clear(input);
    await user.type(input, 'ada.obi@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expectStatus('Access e-mail sent.');
    expect(calls.map((call) => call.body)).toEqual([{ email: 'ada.obi@gmail.com' }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows "Sending..." while the e-mail goes out and cannot be sent twice', async () => {
    useSaleApi({
      resend: async () => {
        await delay(200);
        return HttpResponse.json({ message: 'Access e-mail sent.' });
      },
    });
    const { user } = renderActions();
    await choose(user, 'Resend access e-mail');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expectStatus('Access e-mail sent.');
    expect(calls).toHaveLength(1);
  });

  it('refuses an address that is not one, without calling the API', async () => {
    useSaleApi();
    const { user } = renderActions();
    await choose(user, 'Resend access e-mail');
    const input = screen.getByLabelText('Buyer e-mail');
    await user.clear(input);
    await user.type(input, 'ada-at-example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('keeps the dialog open with the reason when the e-mail could not be sent', async () => {
    useSaleApi({
      resend: () => HttpResponse.json({ message: 'The e-mail could not be sent. Please try again.' }, { status: 502 }),
    });
    const { user, onChanged } = renderActions();
    await choose(user, 'Resend access e-mail');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The e-mail could not be sent. Please try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says so when the API cannot be reached, never a raw error', async () => {
    server.use(http.post('*/api/admin/transactions/:id/resend', () => HttpResponse.error()));
    const { user } = renderActions();
    await choose(user, 'Resend access e-mail');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The store could not be reached. Check your connection and try again.',
    );
  });

  it('closes on Cancel and on Escape without sending anything', async () => {
    useSaleApi();
    const { user } = renderActions();
    const opener = actionsButton();
    await choose(user, 'Resend access e-mail');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await choose(user, 'Resend access e-mail');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('SaleActions: revoke and restore', () => {
  it('asks before revoking and changes nothing when the admin cancels', async () => {
    useSaleApi();
    const { user } = renderActions();
    await choose(user, 'Revoke access');
    await findAlert('Revoke access?', 'The buyer’s access link stops working until you restore it.');
    await pressInAlert(user, 'Cancel');
    expect(await menuItem(user, 'Revoke access')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(calls).toEqual([]);
  });

  it("revokes once confirmed; the button reads 'Restore access' only after the API answered", async () => {
    let answer: () => void = () => {};
    useSaleApi({
      access: async (body) => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ accessRevoked: body.revoked });
      },
    });
    const { user, onChanged } = renderActions();
    await choose(user, 'Revoke access');
    await pressInAlert(user, 'Yes, revoke');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await menuItem(user, 'Revoke access')).toBeDisabled();
    await user.keyboard('{Escape}');
    answer();
    await expectStatus('Access revoked.');
    expect(await menuItem(user, 'Restore access')).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(calls[0]).toEqual({
      action: 'access',
      id: 'paystack_T123456',
      authorization: `Bearer ${adminToken}`,
      body: { revoked: true },
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('restores a revoked sale without asking', async () => {
    useSaleApi();
    const { user } = renderActions({ accessRevoked: true });
    await choose(user, 'Restore access');
    await expectStatus('Access restored.');
    expect(await menuItem(user, 'Revoke access')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ revoked: false }]);
  });

  it('keeps the button as it was and says why when the API refuses', async () => {
    useSaleApi({ access: () => HttpResponse.json({ message: 'Only admins may do this.' }, { status: 403 }) });
    const { user, onChanged } = renderActions({ accessRevoked: true });
    await choose(user, 'Restore access');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins may do this.');
    expect(await menuItem(user, 'Restore access')).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('SaleActions: a refreshed sale', () => {
  it('follows the access state the list passes in after a refresh', async () => {
    function List() {
      const [revoked, setRevoked] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setRevoked(true)}>
            Refresh the list
          </button>
          <SaleActions sale={{ ...sale, accessRevoked: revoked }} />
        </>
      );
    }
    const { user } = renderWithProviders(<List />);
    expect(await menuItem(user, 'Revoke access')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Refresh the list' }));
    expect(await menuItem(user, 'Restore access')).toBeInTheDocument();
  });
});

describe('SaleActions: view product', () => {
  it('links to the product page in a new tab', async () => {
    const { user } = renderActions();
    const link = await menuItem(user, 'View product (opens in a new tab)');
    expect(link).toHaveAttribute('href', '/productdetail/freelance-writing');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('SaleActions: reset downloads', () => {
  it('gives the buyer their downloads back through the API and tells the owner the sale changed', async () => {
    const resets: Array<{ id: string; authorization: string | null }> = [];
    server.use(
      http.post('*/api/admin/transactions/:id/downloads/reset', ({ request, params }) => {
        resets.push({ id: String(params.id), authorization: request.headers.get('authorization') });
        return HttpResponse.json({ message: 'The buyer’s download count is back to 0.' });
      }),
    );
    const { user, onChanged } = renderActions();
    await choose(user, 'Reset downloads');
    await expectStatus('The buyer’s download count is back to 0.');
    expect(resets).toEqual([{ id: 'paystack_T123456', authorization: `Bearer ${adminToken}` }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("shows the API's refusal", async () => {
    server.use(
      http.post('*/api/admin/transactions/:id/downloads/reset', () =>
        HttpResponse.json({ message: 'This sale could not be found.' }, { status: 404 }),
      ),
    );
    const { user, onChanged } = renderActions();
    await choose(user, 'Reset downloads');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sale could not be found.');
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe("SaleActions: the 'Actions' menu", () => {
  it('opens with Enter on its first item, moves with the arrow keys and gives the focus back on Escape', async () => {
    const { user } = renderActions();
    const button = actionsButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Resend access e-mail' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Revoke access' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'View product (opens in a new tab)' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Space and chooses the focused item with Enter', async () => {
    useSaleApi();
    const { user } = renderActions();
    actionsButton().focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Resend access e-mail' })).toBeInTheDocument();
  });

  it('offers Refund only while something is left to refund, and says the outcome beside the menu', async () => {
    server.use(
      http.post('*/api/admin/transactions/:id/refund', () =>
        HttpResponse.json({ message: 'Refund of ₦7,500 requested from Paystack.' }),
      ),
    );
    const { user } = renderActions({ amountPaid: 7500, currency: 'NGN', refund: null });
    await choose(user, 'Refund');
    const dialog = screen.getByRole('dialog', { name: 'Refund sale' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Bought twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦7,500' }));
    await expectStatus('Refund of ₦7,500 requested from Paystack.');
    expect(actionsButton()).toHaveFocus();
  });

  it('has no Refund item once the sale is refunded in full', async () => {
    const { user } = renderActions({
      amountPaid: 7500,
      currency: 'NGN',
      refund: {
        status: 'refunded',
        amount: 7500,
        refunded: 7500,
        full: true,
        at: '2026-11-23T08:00:00.000Z',
        by: 'Ada Admin',
        reason: 'Wrong course',
        failure: null,
      },
    });
    await user.click(actionsButton());
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Resend access e-mail',
      'Revoke access',
      'Reset downloads',
      'View product (opens in a new tab)',
    ]);
  });
});
