import { formatPrice } from '../../../../domain/money';
import { lagosShortDateTime } from '../../../../domain/lagosDates';
import type { SaleRow } from '../api/salesTypes';

const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * A sale's refund and dispute state as the seller reads it (docs/admin.md, 'Refunds'): 'Refund pending',
 * 'Refunded' with how much, when and by whom, 'Disputed' with the provider's deadline, and a refused
 * refund's reason in the provider's words.
 */
export function SaleStatus({ sale }: { sale: Pick<SaleRow, 'refund' | 'dispute' | 'amountPaid' | 'currency'> }) {
  const { refund, dispute, currency } = sale;
  const money = (amount: number) => formatPrice(amount, currency);
  return (
    <div className="flex flex-col items-start gap-1">
      {dispute?.status === 'open' && (
        <>
          <span className={`${badge} bg-red-100 text-red-800`}>Disputed</span>
          <span className="text-xs text-slate-700">
            {dispute.deadline ? `Answer by ${lagosShortDateTime(dispute.deadline)}` : 'No deadline given'}
          </span>
        </>
      )}
      {dispute && dispute.status !== 'open' && (
        <span className={`${badge} bg-slate-100 text-slate-800`}>
          {dispute.status === 'won' ? 'Dispute won' : 'Dispute lost'}
        </span>
      )}
      {refund?.status === 'pending' && (
        <>
          <span className={`${badge} bg-amber-100 text-amber-800`}>Refund pending</span>
          <span className="text-xs text-slate-700">{money(refund.amount)} asked</span>
        </>
      )}
      {refund && refund.refunded > 0 && refund.status !== 'pending' && (
        <>
          <span className={`${badge} bg-violet-100 text-violet-800`}>Refunded</span>
          <span className="text-xs text-slate-700">
            {refund.full ? money(refund.refunded) : `${money(refund.refunded)} of ${money(sale.amountPaid)}`}
            {refund.at ? ` on ${lagosShortDateTime(refund.at)}` : ''}
            {refund.by ? ` by ${refund.by}` : ''}
          </span>
        </>
      )}
      {refund?.status === 'failed' && <span className={`${badge} bg-red-100 text-red-800`}>Refund refused</span>}
      {refund?.failure && <span className="text-xs text-red-700">{refund.failure}</span>}
      {!dispute &&
        (!refund || (refund.refunded === 0 && refund.status !== 'pending' && refund.status !== 'failed')) && (
          <span className={`${badge} bg-green-100 text-green-800`}>Paid</span>
        )}
    </div>
  );
}
