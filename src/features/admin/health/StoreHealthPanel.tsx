import type { HealthCheckResult, HealthStatus } from '../../../../domain/storeHealth';
import { toAppError } from '../../../lib/errors';
import { QueryState } from '../components/QueryState';
import { useGetStoreHealthQuery, useRunStoreHealthMutation } from '../api/storeHealthApi';

// Each status in words with an icon beside it: the colour is never the only sign.
const statusLook: Record<HealthStatus, { label: string; icon: string; className: string }> = {
  critical: { label: 'Critical', icon: '✕', className: 'bg-red-100 text-red-900 ring-red-300' },
  recommended: { label: 'Recommended', icon: '!', className: 'bg-amber-100 text-amber-950 ring-amber-300' },
  good: { label: 'Good', icon: '✓', className: 'bg-green-100 text-green-900 ring-green-300' },
  'not-applicable': { label: 'Does not apply', icon: '–', className: 'bg-slate-100 text-slate-800 ring-slate-300' },
};

const ranAtFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** When the checks ran, as the seller reads it: '28 Nov 2026, 05:00 UTC'. */
export function ranAtText(ranAt: string): string {
  const time = Date.parse(ranAt);
  return Number.isNaN(time) ? 'at an unknown time' : `${ranAtFormat.format(time)} UTC`;
}

function CheckRow({ check }: { check: HealthCheckResult }) {
  const look = statusLook[check.status];
  return (
    <li className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ring-1 ${look.className}`}
        >
          <span aria-hidden="true">{look.icon}</span>
          <span>{look.label}</span>
        </span>
        <h3 className="font-semibold text-slate-900">{check.title}</h3>
      </div>
      <p className="mt-1 text-slate-800">{check.detail}</p>
      {check.fix ? (
        <p className="mt-1 text-slate-800">
          <span className="font-semibold">Fix: </span>
          <code className="break-words whitespace-pre-wrap font-mono text-sm">{check.fix}</code>
        </p>
      ) : null}
    </li>
  );
}

/**
 * Store health (docs/admin.md, 'Store health'): the checks the API ran with the function's own
 * identity, when they ran, each one's status in words and its fix, and 'Run checks now'.
 */
export function StoreHealthPanel() {
  const health = useGetStoreHealthQuery();
  const [run, running] = useRunStoreHealthMutation();
  const report = health.data ?? null;
  const critical = report ? report.checks.filter((check) => check.status === 'critical').length : 0;

  return (
    <section aria-labelledby="store-health-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="store-health-heading" className="text-2xl font-bold text-slate-900">
          Store health
        </h2>
        <button
          type="button"
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
          disabled={running.isLoading}
          onClick={() => void run()}
        >
          {running.isLoading ? 'Running checks...' : 'Run checks now'}
        </button>
      </div>
      <p className="text-slate-700">
        What the store checks from its own server every day: signed download links, the payment providers' keys and
        webhooks, and the mail. The rest (billing, rules, indexes, secrets) is checked by{' '}
        <code className="font-mono text-sm">npm run doctor</code>.
      </p>
      {running.isError ? (
        <p role="alert" className="text-red-700">
          The checks could not be run. {toAppError(running.error).message}
        </p>
      ) : null}
      {health.isLoading || health.isError ? (
        <QueryState query={health} loading="Loading store health..." failed="Store health could not be loaded." />
      ) : !report ? (
        <p className="text-slate-700">The checks have not run yet. Press 'Run checks now'.</p>
      ) : (
        <>
          <p className="text-slate-800">
            Last run {ranAtText(report.ranAt)}.{' '}
            <strong>
              {critical === 0
                ? 'No critical problem.'
                : critical === 1
                  ? '1 critical problem.'
                  : `${critical} critical problems.`}
            </strong>
          </p>
          <ul className="space-y-2">
            {report.checks.map((check) => (
              <CheckRow key={check.id} check={check} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
