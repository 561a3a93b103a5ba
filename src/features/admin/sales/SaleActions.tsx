import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { confirmAction } from '../../../lib/alerts';
import { customerFields, fieldError } from '../../../../domain/fieldRules';
import { paths } from '../../../../domain/routes';
import {
  useResendAccessEmailMutation,
  useResetSaleDownloadsMutation,
  useSetSaleAccessMutation,
} from '../api/saleActionsApi';
import { FormField } from '../../../components/FormField';
import { DialogFooter } from '../components/DialogFooter';
import { ActionsMenu, type MenuItem } from './ActionsMenu';
import { leftOf, RefundDialog, type RefundActionProps } from './RefundAction';

export interface SaleActionsProps {
  sale: {
    id: string;
    productId: string;
    productName?: string;
    customerEmail: string;
    accessRevoked: boolean;
  } & Partial<RefundActionProps['sale']>;
  /** Called after the API changed the sale (address corrected, access revoked or restored). */
  onChanged?: () => void;
}

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * What the seller does to one sale (docs/admin.md), in one 'Actions' menu: send the access e-mail again
 * (to a corrected address when the buyer mistyped it), revoke or restore the access link, reset the
 * downloads, refund (when something is left to refund), open the product. The outcome is said right
 * beside the menu, where the seller pressed, and follows what the API stored, never what was merely
 * asked for.
 */
export function SaleActions({ sale, onChanged }: SaleActionsProps) {
  const [revoked, setRevoked] = useState(sale.accessRevoked);
  // A refreshed sale from the list wins over what this row last heard from the API.
  const [listed, setListed] = useState(sale.accessRevoked);
  if (listed !== sale.accessRevoked) {
    setListed(sale.accessRevoked);
    setRevoked(sale.accessRevoked);
  }
  const [dialog, setDialog] = useState<'resend' | 'refund' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [setAccess, access] = useSetSaleAccessMutation();
  const [resetDownloads, reset] = useResetSaleDownloadsMutation();

  const giveDownloadsBack = async () => {
    setNotice(null);
    const result = await resetDownloads(sale.id);
    if ('error' in result) {
      setNotice({ kind: 'error', text: errorText(result.error) });
      return;
    }
    setNotice({ kind: 'success', text: result.data });
    onChanged?.();
  };

  const changeAccess = async () => {
    const revoke = !revoked;
    if (revoke) {
      const confirmed = await confirmAction(
        'Revoke access?',
        'The buyer’s access link stops working until you restore it.',
        'Yes, revoke',
      );
      if (!confirmed) return;
    }
    setNotice(null);
    const result = await setAccess({ id: sale.id, revoked: revoke });
    if ('error' in result) {
      setNotice({ kind: 'error', text: errorText(result.error) });
      return;
    }
    setRevoked(result.data);
    setNotice({ kind: 'success', text: result.data ? 'Access revoked.' : 'Access restored.' });
    onChanged?.();
  };

  const refundSale = refundable(sale);
  const items: MenuItem[] = [
    { label: 'Resend access e-mail', onSelect: () => setDialog('resend') },
    {
      label: revoked ? 'Restore access' : 'Revoke access',
      onSelect: () => void changeAccess(),
      disabled: access.isLoading,
    },
    { label: 'Reset downloads', onSelect: () => void giveDownloadsBack(), disabled: reset.isLoading },
    ...(refundSale ? [{ label: 'Refund', onSelect: () => setDialog('refund') }] : []),
    { label: 'View product (opens in a new tab)', href: paths.product(sale.productId) },
  ];

  return (
    <div className="flex flex-col items-start gap-1">
      <ActionsMenu
        name={sale.productName ? `Actions for ${sale.productName}, ${sale.customerEmail}` : 'Actions'}
        items={items.map((item) => ({
          ...item,
          onSelect: () => {
            setNotice(null);
            item.onSelect?.();
          },
        }))}
      />
      <p
        role={notice?.kind === 'error' ? 'alert' : 'status'}
        className={`text-sm ${notice?.kind === 'error' ? 'text-red-700' : 'text-green-800'}`}
      >
        {notice?.text}
      </p>
      {dialog === 'resend' ? (
        <ResendDialog
          saleId={sale.id}
          email={sale.customerEmail}
          onClose={() => setDialog(null)}
          onSent={(message, corrected) => {
            setDialog(null);
            setNotice({ kind: 'success', text: message });
            if (corrected) onChanged?.();
          }}
        />
      ) : null}
      {dialog === 'refund' && refundSale ? (
        <RefundDialog
          sale={refundSale}
          left={leftOf(refundSale)}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setNotice({ kind: 'success', text: message });
          }}
        />
      ) : null}
    </div>
  );
}

/** The sale as the refund dialog takes it, when the row knows its amount and something is left to refund. */
function refundable(sale: SaleActionsProps['sale']): RefundActionProps['sale'] | null {
  if (sale.amountPaid === undefined || sale.currency === undefined) return null;
  const facts = { id: sale.id, amountPaid: sale.amountPaid, currency: sale.currency, refund: sale.refund ?? null };
  return leftOf(facts) > 0 && !facts.refund?.full ? facts : null;
}

function errorText(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : 'Something went wrong. Please try again.';
}

function ResendDialog({
  saleId,
  email,
  onClose,
  onSent,
}: {
  saleId: string;
  email: string;
  onClose: () => void;
  onSent: (message: string, corrected: boolean) => void;
}) {
  const [address, setAddress] = useState(email);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resend, state] = useResendAccessEmailMutation();
  const hintId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = fieldError(customerFields.email, address);
    setAddressError(error);
    setFailure(null);
    if (error) return;
    const trimmed = address.trim();
    const corrected = trimmed.toLowerCase() !== email.toLowerCase();
    // Only a changed address is sent: the API then records the correction on the sale.
    const result = await resend({ id: saleId, ...(corrected ? { email: trimmed } : {}) });
    if ('error' in result) {
      setFailure(errorText(result.error));
      return;
    }
    onSent(result.data, corrected);
  };

  return (
    <Modal title="Resend access e-mail" onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <p id={hintId} className="text-sm text-slate-700">
          Correct the address if the buyer mistyped it; the sale then keeps the new one.
        </p>
        <FormField label="Buyer e-mail" error={addressError} hintId={hintId}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={address}
              maxLength={customerFields.email.maxLength}
              onChange={(event) => setAddress(event.target.value)}
            />
          )}
        </FormField>
        <DialogFooter
          failure={failure}
          onCancel={onClose}
          busy={state.isLoading}
          label={'Send'}
          busyLabel="Sending..."
        />
      </form>
    </Modal>
  );
}
