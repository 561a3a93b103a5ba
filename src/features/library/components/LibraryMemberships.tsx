import { useState } from 'react';
import { lagosLongDate } from '../../../../domain/lagosDates';
import {
  type MemberRow,
  memberPlanText,
  memberStatusText,
  nextPaymentText,
  planEndedText,
} from '../../../../domain/memberRows';
import { Modal } from '../../../components/Modal';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import {
  useChangeLibraryMembershipMutation,
  useGetLibraryMembershipsQuery,
  useMembershipLinkMutation,
} from '../api/libraryMemberships';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70';
const plainButton = `${button} bg-slate-100 text-slate-900 ring-1 ring-slate-300`;
const mainButton = `${button} bg-brand-700 text-white hover:bg-brand-800`;

const wordsOf = (failure: unknown) => (isAppError(failure) ? failure.message : fallbackMessage);

/** What the buyer reads before confirming a cancel: when access ends. */
function cancelWarning(plan: MemberRow): string {
  if (plan.status === 'pastDue') {
    return 'Your last payment did not go through, so your access ends as soon as you cancel.';
  }
  return `No more payments will be taken. You keep access until ${lagosLongDate(plan.paidThrough)}.`;
}

function PlanItem({ plan }: { plan: MemberRow }) {
  const [change, changing] = useChangeLibraryMembershipMutation();
  const [followLink, following] = useMembershipLinkMutation();
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = changing.isLoading || following.isLoading;
  const renews = plan.status === 'active' || plan.status === 'pastDue';
  // Past the period's end the API refuses in words ('The paid period is over.'); the sweep ends it soon after.
  const resumable = plan.status === 'cancelled';
  // An ended plan reopens when its next period is paid by transfer (a PayPal plan is bought again instead).
  const ended = plan.status === 'ended';
  const renewable = ended && plan.currency === 'NGN';
  const label = plan.kind === 'instalments' ? 'instalment plan' : 'membership';

  async function act(action: 'cancel' | 'resume') {
    setConfirming(false);
    setSaid(null);
    try {
      const { message } = await change({ id: plan.id, action }).unwrap();
      setSaid({ ok: true, text: message });
    } catch (failure) {
      setSaid({ ok: false, text: wordsOf(failure) });
    }
  }

  async function go(link: 'manage-link' | 'pay-by-transfer') {
    setSaid(null);
    try {
      const { url } = await followLink({ id: plan.id, link }).unwrap();
      window.location.assign(url);
    } catch (failure) {
      setSaid({ ok: false, text: wordsOf(failure) });
    }
  }

  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="break-words text-lg font-semibold text-slate-900">{plan.productTitle}</h3>
      <p className="text-sm text-slate-700">
        {memberPlanText(plan)} ·{' '}
        {ended ? planEndedText(plan.kind, plan.endedAt ?? plan.paidThrough) : memberStatusText(plan)}
      </p>
      <p className="text-sm text-slate-700">Next payment: {nextPaymentText(plan)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {renews && plan.renewal !== 'transfer' && (
          <button
            type="button"
            className={plainButton}
            disabled={busy}
            aria-label={`Update card: ${plan.productTitle}`}
            onClick={() => void go('manage-link')}
          >
            {plan.renewal === 'paypal' ? 'Update payment in PayPal' : 'Update card'}
          </button>
        )}
        {renews && plan.renewal !== 'paypal' && (
          <button
            type="button"
            className={mainButton}
            disabled={busy}
            aria-label={`Pay now by transfer: ${plan.productTitle}`}
            onClick={() => void go('pay-by-transfer')}
          >
            Pay now by transfer
          </button>
        )}
        {renews && (
          <button
            type="button"
            className={plainButton}
            disabled={busy}
            aria-label={`Cancel ${label}: ${plan.productTitle}`}
            onClick={() => setConfirming(true)}
          >
            Cancel
          </button>
        )}
        {renewable && (
          <button
            type="button"
            className={mainButton}
            disabled={busy}
            aria-label={`Renew ${label}: ${plan.productTitle}`}
            onClick={() => void go('pay-by-transfer')}
          >
            Renew
          </button>
        )}
        {resumable && (
          <button
            type="button"
            className={mainButton}
            disabled={busy}
            aria-label={`Resume ${label}: ${plan.productTitle}`}
            onClick={() => void act('resume')}
          >
            Resume
          </button>
        )}
      </div>
      <p role={said && !said.ok ? 'alert' : 'status'} className={said?.ok === false ? 'mt-2 text-red-800' : 'mt-2'}>
        {said?.text}
      </p>
      {confirming && (
        <Modal title={`Cancel your ${label}?`} onClose={() => setConfirming(false)}>
          <p className="mt-3 text-slate-700">{cancelWarning(plan)}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className={plainButton} onClick={() => setConfirming(false)}>
              Keep my {label}
            </button>
            <button type="button" className={`${button} bg-red-700 text-white`} onClick={() => void act('cancel')}>
              Yes, cancel
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}

/** The signed-in buyer's plans, each with its status, next payment and what they may do (docs/memberships.md). */
export function LibraryMemberships() {
  const plans = useGetLibraryMembershipsQuery();
  if (plans.isLoading) {
    return (
      <p role="status" className="mt-6 text-slate-700">
        Loading your memberships...
      </p>
    );
  }
  if (plans.isError) {
    return (
      <p role="alert" className="mt-6 text-red-800">
        Your memberships could not be loaded. {plans.error.message}
      </p>
    );
  }
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <section aria-labelledby="library-plans-heading" className="mt-8">
      <h2 id="library-plans-heading" className="text-xl font-bold text-slate-900">
        Memberships and instalment plans
      </h2>
      <ul className="mt-4 space-y-4">
        {plans.data.map((plan) => (
          <PlanItem key={plan.id} plan={plan} />
        ))}
      </ul>
    </section>
  );
}
