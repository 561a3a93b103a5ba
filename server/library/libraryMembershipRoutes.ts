// The library's routes of a buyer's membership or instalment plan (docs/memberships.md, docs/library.md),
// mounted by libraryRoutes.ts with its session check:
//
//   POST /memberships/:id/manage-link       {url}: Paystack's page to update the card of a card plan
//   POST /memberships/:id/pay-by-transfer   {url}: the link that pays the next period by transfer
import type { Membership } from '../../domain/membership';
import { failure, handle, jsonError } from '../lib/httpErrors';
import { transferRefusal } from '../memberships/transferRenewals';
import type { SessionOwner } from './sessions';

export const planNotInLibrary = 'This plan is not in your library.';
export const noCardToUpdate = 'This plan is not paid by card, so there is no card to update.';

/** What the library asks of plans (server/memberships/). */
export interface LibraryPlans {
  get(id: string): Promise<Membership | null>;
  manageLink(id: string): Promise<string | null>;
  transferLinkFor(id: string): string;
}

export function createLibraryMembershipHandlers({
  plans,
  signedIn,
}: {
  plans: LibraryPlans;
  signedIn: (cookieHeader: string | undefined) => Promise<{ owner: SessionOwner }>;
}) {
  /** The signed-in buyer's plan; 404 for any other (whose it is, or whether it exists, is not said). */
  const ownPlan = async (cookieHeader: string | undefined, id: string): Promise<Membership> => {
    const { owner } = await signedIn(cookieHeader);
    const plan = await plans.get(id);
    if (!plan || plan.emailKey !== owner.emailKey) throw jsonError(404, planNotInLibrary);
    return plan;
  };

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

  return { manageLink, payByTransfer };
}
