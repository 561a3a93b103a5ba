import { lagosShortDateTime } from '../../../../domain/lagosDates';
import { useState, type ReactNode } from 'react';
import { toAppError } from '../../../lib/errors';
import { QueryState } from '../components/QueryState';
import { providerNames, type CheckoutProvider } from '../../../../domain/apiContracts';
import { formatPrice } from '../../../../domain/money';
import { useGetOpenPaymentIssuesQuery, useMarkPaymentIssueResolvedMutation } from '../api/paymentIssuesApi';
import type { PaymentIssue } from '../api/paymentIssues';
import { secondaryButtonClass } from '../../../components/buttonClasses';

/** The provider's name from the issue's record, which may name one the store no longer knows. */
function providerName(provider: string): string {
  return Object.hasOwn(providerNames, provider) ? providerNames[provider as CheckoutProvider] : provider;
}

function money(amount: number | null, currency: string | null): string {
  if (amount === null || !Number.isFinite(amount)) return 'unknown';
  return currency === 'NGN' || currency === 'USD' ? formatPrice(amount, currency) : `${amount} ${currency}`;
}

/**
 * Payments the provider confirmed but the store could not fulfil automatically (paid less than the
 * checkout asked, a reference the store never issued, another product): each says what happened and
 * what to do, until an admin marks it resolved (docs/admin.md, 'Needs attention').
 */
export function NeedsAttention() {
  const issues = useGetOpenPaymentIssuesQuery();
  if (issues.isLoading || issues.isError) {
    return (
      <QueryState
        query={issues}
        loading="Loading payments that need attention..."
        failed="Payments that need attention could not be loaded."
      />
    );
  }
  const open = issues.data ?? [];
  if (open.length === 0) return <NothingNeedsAttention />;
  return (
    <section
      aria-labelledby="needs-attention-heading"
      className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <h3 id="needs-attention-heading" className="text-lg font-semibold text-amber-950">
        Needs attention ({open.length})
      </h3>
      <p className="text-sm text-amber-950">
        These buyers paid, but their order could not be completed automatically. For each one, either refund the payment
        at the provider, or grant access by sending the buyer the product; then mark it resolved. Refunds and disputes a
        provider reported for a payment this store has no sale for are listed here too.
      </p>
      <ul className="space-y-3">
        {open.map((issue) => (
          <IssueItem key={issue.id} issue={issue} />
        ))}
      </ul>
    </section>
  );
}

/** The empty list, shown so a seller learns what the list is for before anything lands in it. */
function NothingNeedsAttention() {
  return (
    <section
      aria-labelledby="needs-attention-heading"
      className="space-y-1 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id="needs-attention-heading" className="text-lg font-semibold text-slate-900">
        Needs attention
      </h3>
      <p className="text-sm text-slate-700">
        Nothing needs attention. A payment the provider confirmed but the store could not complete automatically (paid
        less than the checkout asked, a reference this store never issued, another product), or a refund or dispute for
        a payment this store has no sale for, would appear here with what to do.
      </p>
    </section>
  );
}

function IssueItem({ issue }: { issue: PaymentIssue }) {
  const [markResolved, state] = useMarkPaymentIssueResolvedMutation();
  const [failed, setFailed] = useState('');
  const provider = providerName(issue.provider);
  const resolve = async () => {
    setFailed('');
    const result = await markResolved(issue.id);
    if ('error' in result) setFailed(toAppError(result.error).message);
  };
  return (
    <li className="rounded-lg bg-white p-3 ring-1 ring-amber-200">
      <p className="font-medium text-slate-900">{issue.reason}</p>
      {issue.eventType ? (
        <EventFacts issue={issue} provider={provider} />
      ) : (
        <PaymentFacts issue={issue} provider={provider} />
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={state.isLoading}
          onClick={() => void resolve()}
          aria-label={`Mark resolved: ${provider} ${issue.reference}`}
        >
          Mark resolved
        </button>
        {failed && (
          <p role="alert" className="text-sm text-red-700">
            Could not mark it resolved. {failed}
          </p>
        )}
      </div>
    </li>
  );
}

/** One line of an issue's facts: its label, then what the record says. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline text-slate-600">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

function Facts({ issue, children }: { issue: PaymentIssue; children: ReactNode }) {
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-2">
      {children}
      {issue.createdAt && <Fact label="Recorded">{lagosShortDateTime(issue.createdAt)}</Fact>}
    </dl>
  );
}

function PaymentFacts({ issue, provider }: { issue: PaymentIssue; provider: string }) {
  return (
    <Facts issue={issue}>
      <Fact label="Paid">
        {money(issue.amount, issue.currency)} with {provider} (reference {issue.reference})
      </Fact>
      <Fact label="Checkout asked">
        {issue.expectedAmount === null ? 'no checkout' : money(issue.expectedAmount, issue.expectedCurrency)}
      </Fact>
      <Fact label="Product">{issue.productName || issue.productId || 'unknown'}</Fact>
      <Fact label="Buyer">
        {[issue.customerName, issue.customerEmail, issue.customerPhone].filter(Boolean).join(', ') || 'unknown'}
      </Fact>
    </Facts>
  );
}

/** A refund or dispute the provider reported for a payment the store has no sale for. */
function EventFacts({ issue, provider }: { issue: PaymentIssue; provider: string }) {
  return (
    <>
      <Facts issue={issue}>
        <Fact label="Reported">
          {issue.eventType} by {provider} for payment {issue.reference}
        </Fact>
        <Fact label="Amount">{money(issue.amount, issue.currency)}</Fact>
      </Facts>
      <p className="mt-2 text-sm text-slate-800">
        Look the payment up in the {provider} dashboard (it may have been sold outside this store, or before it kept
        records) and answer the refund or dispute there; then mark it resolved.
      </p>
    </>
  );
}
