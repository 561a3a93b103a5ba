import { useState } from 'react';
import { commissionLabel, type AffiliatePageAnswer, type AffiliatePayout } from '../../../../domain/affiliates';
import { formatMinorPrice, type Currency } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { fallbackMessage } from '../../../lib/errors';
import { useGetAffiliatePageQuery } from '../api/affiliatesApi';
import { AffiliateSignIn } from './AffiliateSignIn';

/** Where the affiliate is paid, in words: the bank and the account's last four digits, or PayPal. */
function payoutWords(payout: AffiliatePayout | null): string {
  if (!payout) return 'No payout account on file.';
  return payout.kind === 'bank'
    ? `Paid to your ${payout.bankName} account ending ${payout.last4}.`
    : `Paid to your PayPal account ${payout.paypalEmail}.`;
}

/** The affiliate's own page (docs/affiliates.md), after signing in with a code mailed to their address. */
export function AffiliateDashboard() {
  const page = useGetAffiliatePageQuery();
  if (page.isLoading) {
    return (
      <p role="status" className="mt-8 text-slate-700">
        Loading your affiliate page...
      </p>
    );
  }
  if (page.error) {
    const error = page.error;
    if (error.code === 'unauthenticated') {
      return <AffiliateSignIn intro="Sign in with the e-mail address you applied with; we e-mail you a code." />;
    }
    return (
      <p role="alert" className="mt-8 text-red-700">
        {error.message || fallbackMessage}
      </p>
    );
  }
  return page.data ? <AffiliateSummary data={page.data} /> : null;
}

function AffiliateSummary({ data }: { data: AffiliatePageAnswer }) {
  const [copied, setCopied] = useState<string | null>(null);
  const linkFor = (productId: string) =>
    `${window.location.origin}${paths.product(productId)}?ref=${encodeURIComponent(data.code)}`;
  const copy = async (productId: string) => {
    await navigator.clipboard.writeText(linkFor(productId));
    setCopied(productId);
  };
  return (
    <div className="mt-8 space-y-8">
      <p className="text-slate-800">
        Code <strong>{data.code}</strong> · {data.percent}% commission · {data.clicks}{' '}
        {data.clicks === 1 ? 'click' : 'clicks'}
      </p>
      <p className="text-slate-800">{payoutWords(data.payout)}</p>
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="text-xl font-bold">
          Totals
        </h2>
        {Object.keys(data.totals).length === 0 ? (
          <p className="text-slate-700">No sales yet.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {Object.entries(data.totals).map(([currency, byStatus]) => (
              <li key={currency}>
                {currency}:{' '}
                {(['pending', 'payable', 'paid', 'split', 'owedBack'] as const)
                  .filter((status) => byStatus[status])
                  .map(
                    (status) =>
                      `${commissionLabel(status, 'affiliate')} ${formatMinorPrice(byStatus[status] ?? 0, currency as Currency)}`,
                  )
                  .join(' · ')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading" className="text-xl font-bold">
          Sales
        </h2>
        {data.sales.length === 0 ? (
          <p className="text-slate-700">No sales yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {data.sales.map((sale) => (
              <li key={sale.transactionId} className="py-2">
                <p className="font-medium">{sale.productName}</p>
                <p className="text-sm text-slate-700">
                  {sale.paidAt.slice(0, 10)} · {formatMinorPrice(sale.amountMinor, sale.currency)} · commission{' '}
                  {formatMinorPrice(sale.commissionMinor, sale.currency)} · {commissionLabel(sale.status, 'affiliate')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="links-heading">
        <h2 id="links-heading" className="text-xl font-bold">
          Your links
        </h2>
        <ul className="mt-2 space-y-2">
          {data.products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-all text-sm">
                {product.title}: {linkFor(product.id)}
              </span>
              <button
                type="button"
                className="rounded px-3 py-1 ring-1 ring-brand-700"
                aria-label={`Copy the link to ${product.title}`}
                onClick={() => void copy(product.id)}
              >
                {copied === product.id ? 'Copied' : 'Copy'}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
