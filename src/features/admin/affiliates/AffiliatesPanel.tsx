import { useState } from 'react';
import { commissionLabel, type AffiliateStatus } from '../../../../domain/affiliates';
import { formatMinorPrice } from '../../../../domain/money';
import { toAppError } from '../../../lib/errors';
import {
  useAffiliateActionMutation,
  useGetAffiliatesQuery,
  useMarkBatchPaidMutation,
  useSetAffiliateCommissionMutation,
  type PanelAffiliate,
} from '../api/affiliatesAdmin';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';

/** Saves the batch's CSV as a file the seller opens for PayPal Payouts or bank transfers. */
function download(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** ?panel=affiliates: the affiliates and the commission ledger (docs/affiliates.md). */
export function AffiliatesPanel() {
  const overview = useGetAffiliatesQuery();
  const [batch, batching] = useMarkBatchPaidMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const payBatch = async () => {
    const result = await batch();
    if ('error' in result) {
      setOutcome({ ok: false, text: `The batch could not be marked paid. ${toAppError(result.error).message}` });
      return;
    }
    setOutcome({ ok: true, text: result.data.message });
    if (result.data.count > 0) download(`${result.data.batchId}.csv`, result.data.csv);
  };

  return (
    <section aria-labelledby="affiliates-heading" className="w-full space-y-6">
      <h2 id="affiliates-heading" className="text-2xl font-bold text-slate-900">
        Affiliates
      </h2>
      {overview.isLoading ? (
        <p role="status">Loading affiliates...</p>
      ) : overview.isError ? (
        <p role="alert" className="text-red-700">
          Affiliates could not be loaded. {toAppError(overview.error).message}
        </p>
      ) : (
        <>
          {overview.data?.affiliates.length === 0 ? (
            <p>No one has applied yet.</p>
          ) : (
            <ul className="space-y-3">
              {overview.data?.affiliates.map((affiliate) => (
                <AffiliateRow key={affiliate.code} affiliate={affiliate} />
              ))}
            </ul>
          )}
          <section aria-labelledby="ledger-heading" className="space-y-3">
            <h3 id="ledger-heading" className="text-xl font-bold">
              Commissions
            </h3>
            {overview.data?.commissions.length === 0 ? (
              <p>No commissions yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {overview.data?.commissions.map((commission) => (
                  <li key={commission.transactionId} className="py-2 text-sm">
                    {commission.affiliateCode} · {commission.productName} · {commission.soldAt.slice(0, 10)} ·{' '}
                    {formatMinorPrice(commission.amountMinor, commission.currency)} ·{' '}
                    {commissionLabel(commission.status, 'seller')}
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className={primaryButtonClass}
              disabled={batching.isLoading}
              onClick={() => void payBatch()}
            >
              {batching.isLoading ? 'Marking...' : 'Mark payable commissions paid and download the CSV'}
            </button>
            <p role={outcome && !outcome.ok ? 'alert' : 'status'}>{outcome?.text}</p>
          </section>
        </>
      )}
    </section>
  );
}

/** Each status as the seller reads it. */
const statusWords: Record<AffiliateStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  paused: 'Paused',
  removed: 'Removed',
};

function AffiliateRow({ affiliate }: { affiliate: PanelAffiliate }) {
  const [act, acting] = useAffiliateActionMutation();
  const [setCommission, saving] = useSetAffiliateCommissionMutation();
  const [percent, setPercent] = useState(
    affiliate.commissionPercent === null ? '' : String(affiliate.commissionPercent),
  );
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = acting.isLoading || saving.isLoading;

  const report = (result: { data: { message: string } } | { error: unknown }) =>
    setMessage(
      'error' in result
        ? { ok: false, text: toAppError(result.error).message }
        : { ok: true, text: result.data.message },
    );

  const payout = affiliate.bank
    ? `${affiliate.bank.name} ····${affiliate.bank.last4} (${affiliate.bank.accountName})`
    : `PayPal ${affiliate.paypalEmail ?? ''}`;
  const percentId = `commission-${affiliate.code}`;
  return (
    <li className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200">
      <p className="font-semibold">
        {affiliate.name} · {affiliate.code} · {statusWords[affiliate.status]}
      </p>
      <p className="text-sm text-slate-700">
        {affiliate.email} · {affiliate.phone} · {payout}
        {affiliate.subaccountCode ? ` · subaccount ${affiliate.subaccountCode}` : ''}
      </p>
      <p className="text-sm text-slate-700">{affiliate.promotion}</p>
      <div className="flex flex-wrap items-end gap-2">
        {affiliate.status !== 'approved' && affiliate.status !== 'removed' && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => void act({ code: affiliate.code, action: 'approve' }).then(report)}
          >
            Approve {affiliate.name}
          </button>
        )}
        {affiliate.status === 'approved' && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => void act({ code: affiliate.code, action: 'pause' }).then(report)}
          >
            Pause {affiliate.name}
          </button>
        )}
        {affiliate.status !== 'removed' && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => void act({ code: affiliate.code, action: 'remove' }).then(report)}
          >
            Remove {affiliate.name}
          </button>
        )}
        <label htmlFor={percentId} className="text-sm">
          Commission % (empty: the store’s)
          <input
            id={percentId}
            inputMode="numeric"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
            className="ml-2 w-20 rounded border border-slate-300 px-2 py-1"
          />
        </label>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy}
          onClick={() =>
            void setCommission({ code: affiliate.code, percent: percent.trim() === '' ? null : Number(percent) }).then(
              report,
            )
          }
        >
          Save commission
        </button>
      </div>
      <p role={message && !message.ok ? 'alert' : 'status'} className={message?.ok ? 'text-green-800' : 'text-red-700'}>
        {message?.text}
      </p>
    </li>
  );
}
