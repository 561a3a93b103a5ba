import { useMemo, useState } from 'react';
import type { MembershipKind, MembershipStatus, RenewalChannel } from '../../../../domain/membership';
import {
  type MemberRow,
  memberPlanText,
  memberStatusLabels,
  memberStatusText,
  nextPaymentText,
  renewalLabels,
} from '../../../../domain/memberRows';
import { formatMinorPrice } from '../../../../domain/money';
import { dangerButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { confirmAction } from '../../../lib/alerts';
import { toAppError } from '../../../lib/errors';
import { useGetMembersQuery, useMemberActionMutation, type MemberAction } from '../api/membersAdmin';
import { downloadText } from '../sales/downloadFile';
import { buildMembersCsv } from './membersCsv';

interface Filters {
  status: MembershipStatus | 'all';
  renewal: RenewalChannel | 'all';
  kind: MembershipKind | 'all';
  search: string;
}

const noFilters: Filters = { status: 'all', renewal: 'all', kind: 'all', search: '' };

function matches(row: MemberRow, filters: Filters): boolean {
  const search = filters.search.trim().toLowerCase();
  return (
    (filters.status === 'all' || row.status === filters.status) &&
    (filters.renewal === 'all' || row.renewal === filters.renewal) &&
    (filters.kind === 'all' || row.kind === filters.kind) &&
    (search === '' ||
      [row.customer.name, row.customer.email, row.productTitle].some((text) => text.toLowerCase().includes(search)))
  );
}

const selectClass = 'mt-1 block rounded-md border border-slate-300 px-2 py-1';

/**
 * ?panel=members: every membership and instalment plan, recurring revenue per currency, members lost,
 * and the seller's cancel; in demo mode (`demo`) each row can be renewed or failed (docs/memberships.md).
 */
export function MembersPanel({ demo }: { demo: boolean }) {
  const overview = useGetMembersQuery();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const rows = useMemo(
    () => (overview.data?.members ?? []).filter((row) => matches(row, filters)),
    [overview.data, filters],
  );
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((now) => ({ ...now, [key]: value }));

  return (
    <section aria-labelledby="members-heading" className="w-full space-y-6">
      <h2 id="members-heading" className="text-2xl font-bold text-slate-900">
        Members
      </h2>
      {overview.isLoading ? (
        <p role="status">Loading members...</p>
      ) : overview.isError || !overview.data ? (
        <p role="alert" className="text-red-700">
          Members could not be loaded. {toAppError(overview.error).message}
        </p>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">Monthly recurring revenue in naira</dt>
              <dd className="text-xl font-semibold">
                {formatMinorPrice(overview.data.summary.monthlyRecurringMinor.NGN, 'NGN')}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Monthly recurring revenue in dollars</dt>
              <dd className="text-xl font-semibold">
                {formatMinorPrice(overview.data.summary.monthlyRecurringMinor.USD, 'USD')}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Members lost in the last 30 days</dt>
              <dd className="text-xl font-semibold">{overview.data.summary.lostLast30Days}</dd>
            </div>
          </dl>
          <MemberFilters filters={filters} set={set} />
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={rows.length === 0}
            onClick={() => downloadText('members.csv', buildMembersCsv(rows), 'text/csv')}
          >
            Download CSV
          </button>
          {overview.data.members.length === 0 ? (
            <p>No memberships or instalment plans yet.</p>
          ) : rows.length === 0 ? (
            <p>No plan matches these filters.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {rows.map((row) => (
                <MemberItem key={row.id} row={row} demo={demo} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function MemberFilters({
  filters,
  set,
}: {
  filters: Filters;
  set: <K extends keyof Filters>(key: K, value: Filters[K]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className="sr-only">Filter members</legend>
      <label className="text-sm">
        Status
        <select
          className={selectClass}
          value={filters.status}
          onChange={(event) => set('status', event.target.value as Filters['status'])}
        >
          <option value="all">All</option>
          {Object.entries(memberStatusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Renews by
        <select
          className={selectClass}
          value={filters.renewal}
          onChange={(event) => set('renewal', event.target.value as Filters['renewal'])}
        >
          <option value="all">All</option>
          {Object.entries(renewalLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Plan
        <select
          className={selectClass}
          value={filters.kind}
          onChange={(event) => set('kind', event.target.value as Filters['kind'])}
        >
          <option value="all">All</option>
          <option value="membership">Memberships</option>
          <option value="instalments">Instalments</option>
        </select>
      </label>
      <label className="text-sm">
        Buyer or product
        <input
          type="search"
          className={selectClass}
          value={filters.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </label>
    </fieldset>
  );
}

/** Each action's button and, for the cancels, what the seller confirms. */
const actionWords: Record<MemberAction, { button: string; confirm?: { title: string; text: string; yes: string } }> = {
  cancelAtPeriodEnd: {
    button: 'Cancel at period end',
    confirm: {
      title: 'Cancel at the period’s end?',
      text: 'No more renewals. The buyer keeps access until the paid period ends.',
      yes: 'Yes, cancel',
    },
  },
  cancelNow: {
    button: 'Cancel now and refund',
    confirm: {
      title: 'End the membership now?',
      text: 'Access ends now and the last payment is refunded to the buyer.',
      yes: 'Yes, end it and refund',
    },
  },
  demoRenew: { button: 'Renew now (demo)' },
  demoFail: { button: 'Fail next renewal (demo)' },
};

function actionsFor(row: MemberRow, demo: boolean): MemberAction[] {
  const open = row.status === 'active' || row.status === 'pastDue';
  const actions: MemberAction[] = [];
  if (open) actions.push('cancelAtPeriodEnd');
  if (open || row.status === 'cancelled') actions.push('cancelNow');
  if (demo && row.status !== 'completed') actions.push('demoRenew');
  if (demo && row.status === 'active') actions.push('demoFail');
  return actions;
}

function MemberItem({ row, demo }: { row: MemberRow; demo: boolean }) {
  const [act, acting] = useMemberActionMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const buyer = row.customer.name || row.customer.email;

  const run = async (action: MemberAction) => {
    const confirm = actionWords[action].confirm;
    if (confirm && !(await confirmAction(confirm.title, confirm.text, confirm.yes))) return;
    const result = await act({ id: row.id, action });
    setMessage(
      'error' in result
        ? { ok: false, text: toAppError(result.error).message }
        : { ok: true, text: result.data.message },
    );
  };

  return (
    <li className="space-y-1 py-3 text-sm">
      <p className="font-semibold">
        {buyer} · {row.productTitle}
      </p>
      <p>
        {row.customer.email} · {memberPlanText(row)} · {memberStatusText(row)}
      </p>
      <p>
        Renews by {renewalLabels[row.renewal]} · Next payment: {nextPaymentText(row)}
      </p>
      <div className="flex flex-wrap gap-2">
        {actionsFor(row, demo).map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'cancelNow' ? dangerButtonClass : secondaryButtonClass}
            disabled={acting.isLoading}
            aria-label={`${actionWords[action].button}: ${buyer}, ${row.productTitle}`}
            onClick={() => void run(action)}
          >
            {actionWords[action].button}
          </button>
        ))}
      </div>
      <p role={message && !message.ok ? 'alert' : 'status'} className={message?.ok === false ? 'text-red-700' : ''}>
        {message?.text}
      </p>
    </li>
  );
}
