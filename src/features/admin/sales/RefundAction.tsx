import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { toAppError } from '../../../lib/errors';
import { formatPrice, type Currency } from '../../../../domain/money';
import { toMinor } from '../../../../domain/money';
import { isRefundAmount, refundReasonMaxLength } from '../../../../domain/refunds';
import { useRefundSaleMutation } from '../api/refunds';
import { DialogFooter } from '../components/DialogFooter';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import type { SaleRefund } from '../api/salesTypes';

export interface RefundActionProps {
  sale: { id: string; amountPaid: number; currency: Currency; refund: SaleRefund | null };
}

const actionButtonClass = `${secondaryButtonClass} px-3 py-1.5 text-sm`;

/** What is left to refund as far as the row knows; the API decides with pending refunds counted. */
export function leftOf(sale: RefundActionProps['sale']): number {
  return Math.max(toMinor(sale.amountPaid) - toMinor(sale.refund?.refunded ?? 0), 0) / 100;
}

/**
 * The Refund button of a sale and its dialog (docs/admin.md, 'Refunds'): the whole amount left or a
 * part of it, in the sale's currency, with a reason. The outcome is what the API stored, including a
 * provider's refusal in its own words and another admin's refund under way.
 */
export function RefundAction({ sale }: RefundActionProps) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const left = leftOf(sale);
  // Nothing is left once the sale is refunded in full: no button, but the outcome stays readable.
  const refundable = left > 0 && !sale.refund?.full;
  return (
    <div className="flex flex-col gap-1">
      {refundable ? (
        <button
          type="button"
          className={actionButtonClass}
          onClick={() => {
            setNotice(null);
            setOpen(true);
          }}
        >
          Refund
        </button>
      ) : null}
      <p role="status" className="text-sm text-green-800">
        {notice}
      </p>
      {open ? (
        <RefundDialog
          sale={sale}
          left={left}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            setNotice(message);
          }}
        />
      ) : null}
    </div>
  );
}

export function RefundDialog({
  sale,
  left,
  onClose,
  onDone,
}: {
  sale: RefundActionProps['sale'];
  left: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [refund, state] = useRefundSaleMutation();
  const hintId = useId();
  const money = (value: number) => formatPrice(value, sale.currency);

  const validate = () => {
    const next: { amount?: string; reason?: string } = {};
    if (kind === 'partial') {
      const value = Number(amount);
      if (!amount.trim() || !isRefundAmount(value)) {
        next.amount = 'Enter an amount more than 0, with at most two decimals.';
      } else if (toMinor(value) > toMinor(left)) {
        next.amount = `At most ${money(left)} is left to refund.`;
      }
    }
    if (!reason.trim()) next.reason = 'Please give a reason for the refund.';
    else if (reason.trim().length > refundReasonMaxLength) {
      next.reason = `The reason may be at most ${refundReasonMaxLength} characters.`;
    }
    return next;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (found.amount || found.reason) return;
    const result = await refund({
      id: sale.id,
      ...(kind === 'partial' ? { amount: Number(amount) } : {}),
      reason: reason.trim(),
    });
    if ('error' in result) {
      setFailure(toAppError(result.error).message);
      return;
    }
    onDone(result.data);
  };

  const asked = kind === 'full' ? left : Number(amount) || 0;
  return (
    <Modal title="Refund sale" onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <p id={hintId} className="text-sm text-slate-700">
          Paid {money(sale.amountPaid)}. Left to refund: {money(left)}. The money goes back through the provider the
          buyer paid with; a full refund ends the buyer&apos;s access.
        </p>
        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-800">How much</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="refund-kind" checked={kind === 'full'} onChange={() => setKind('full')} />
            Full refund ({money(left)})
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="refund-kind" checked={kind === 'partial'} onChange={() => setKind('partial')} />
            Partial refund
          </label>
        </fieldset>
        {kind === 'partial' ? (
          <FormField label={`Amount (${sale.currency})`} error={errors.amount} announce={false}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            )}
          </FormField>
        ) : null}
        <FormField label="Reason" error={errors.reason} announce={false} hintId={hintId}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={refundReasonMaxLength}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
        <DialogFooter
          failure={failure}
          onCancel={onClose}
          busy={state.isLoading}
          label={`Refund ${money(asked)}`}
          busyLabel="Refunding..."
        />
      </form>
    </Modal>
  );
}
