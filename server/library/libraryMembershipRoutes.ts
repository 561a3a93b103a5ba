// The library's plans (docs/memberships.md, 'What buyers see'), mounted by libraryRoutes.ts with its
// session check: a buyer sees and changes only the plans of their own mailbox; anyone else's is 404.
//
//   GET  /memberships                       {memberships}: the buyer's plans, newest first
//   POST /memberships/:id/cancel            no more renewals; access stays until the paid period ends
//   POST /memberships/:id/resume            a cancelled plan renews again, before its period ends
//   POST /memberships/:id/manage-link       {url}: Paystack's page to update the card of a card plan
//   POST /memberships/:id/pay-by-transfer   {url}: the link that pays the next period by transfer
import { lagosLongDate } from '../../domain/lagosDates';
import type { Membership } from '../../domain/membership';
import type { MemberRow } from '../../domain/memberRows';
import { failure, handle, jsonError } from '../lib/httpErrors';
import type { MembershipOutcome } from '../memberships/memberships';
import { transferRefusal } from '../memberships/transferRenewals';
import type { SessionOwner } from './sessions';

export const planNotInLibrary = 'This plan is not in your library.';
export const noCardToUpdate = 'This plan is not paid by card, so there is no card to update.';

/** What the library asks of the memberships service and the plans' list. */
export interface LibraryPlans {
  ofBuyer(emailKey: string): Promise<MemberRow[]>;
  get(id: string): Promise<Membership | null>;
  cancel(id: string, when: 'periodEnd'): Promise<MembershipOutcome>;
  resume(id: string): Promise<MembershipOutcome>;
  manageLink(id: string): Promise<string | null>;
  transferLinkFor(id: string): string;
}

/** The answer to a buyer's cancel, in words: when access ends. */
export function cancelledText(plan: Membership): string {
  if (plan.status === 'ended') return 'Your membership has ended: its renewal had already failed.';
  return `Your membership is cancelled. You keep access until ${lagosLongDate(plan.paidThrough)}.`;
}

export function createLibraryMembershipHandlers({
  plans,
  signedIn,
}: {
  plans: LibraryPlans;
  signedIn: (cookieHeader: string | undefined) => Promise<{ owner: SessionOwner }>;
}) {
  /** The plan, if it is the signed-in buyer's; 404 otherwise, the same for a plan of another mailbox. */
  const ownPlan = async (cookieHeader: string | undefined, id: string): Promise<Membership> => {
    const { owner } = await signedIn(cookieHeader);
    const plan = await plans.get(id);
    if (!plan || plan.emailKey !== owner.emailKey) throw jsonError(404, planNotInLibrary);
    return plan;
  };

  const changed = (outcome: MembershipOutcome): Membership => {
    if (outcome.kind === 'missing') throw jsonError(404, planNotInLibrary);
    if (outcome.kind === 'refused') throw jsonError(409, outcome.reason);
    return outcome.membership;
  };

  const list = handle(
    async (req, res) => {
      const { owner } = await signedIn(req.get('cookie'));
      res.json({ memberships: await plans.ofBuyer(owner.emailKey) });
    },
    (error) =>
      failure(
        'Library memberships could not be listed',
        error,
        500,
        'Your memberships could not be loaded. Please try again.',
      ),
  );

  const cancel = handle<{ id: string }>(
    async (req, res) => {
      const plan = await ownPlan(req.get('cookie'), req.params.id);
      res.json({ message: cancelledText(changed(await plans.cancel(plan.id, 'periodEnd'))) });
    },
    (error, req) => failure(`Library cancel of ${req.params.id} failed`, error, 500, 'Please try again in a moment.'),
  );

  const resume = handle<{ id: string }>(
    async (req, res) => {
      const plan = await ownPlan(req.get('cookie'), req.params.id);
      const resumed = changed(await plans.resume(plan.id));
      res.json({ message: `Your membership renews again on ${lagosLongDate(resumed.paidThrough)}.` });
    },
    (error, req) => failure(`Library resume of ${req.params.id} failed`, error, 500, 'Please try again in a moment.'),
  );

  const manageLink = handle<{ id: string }>(
    async (req, res) => {
      const plan = await ownPlan(req.get('cookie'), req.params.id);
      const url = await plans.manageLink(plan.id);
      if (!url) throw jsonError(409, noCardToUpdate);
      res.json({ url });
    },
    (error, req) =>
      failure(
        `Manage link of ${req.params.id} failed`,
        error,
        502,
        'The page to update your card could not be opened just now. Please try again in a minute.',
      ),
  );

  const payByTransfer = handle<{ id: string }>(
    async (req, res) => {
      const plan = await ownPlan(req.get('cookie'), req.params.id);
      const refused = transferRefusal(plan);
      if (refused) throw jsonError(409, refused);
      res.json({ url: plans.transferLinkFor(plan.id) });
    },
    (error, req) => failure(`Pay by transfer of ${req.params.id} failed`, error, 500, 'Please try again in a moment.'),
  );

  return { list, cancel, resume, manageLink, payByTransfer };
}
