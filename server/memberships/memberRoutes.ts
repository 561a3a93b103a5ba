// Members in the dashboard (docs/memberships.md): admins only (ID token and admins record,
// server/admin/requireAdmin.ts), rate limited, bodies validated, every failure a readable {message}.
//
//   GET  /api/admin/memberships                     -> {members, summary}: every plan, MRR per currency, lost
//   POST /api/admin/memberships/{id}/cancel {when}  'periodEnd' or 'now' (its last payment refunded)
//   POST /api/admin/memberships/{id}/demo/renew     demo mode only: one more period, paid by the demo
//   POST /api/admin/memberships/{id}/demo/fail      demo mode only: the next renewal fails
import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { adminUidOf } from '../admin/saleRoutes';
import { isTransactionId } from '../admin/transactionSchemas';
import { answerHttpErrors, failure, handle, jsonError, schemaParser, validate } from '../lib/httpErrors';
import type { RefundService } from '../refunds/refundService';
import type { MemberList } from './memberList';
import type { Memberships, MembershipOutcome } from './memberships';

export const planNotFound = 'This membership could not be found.';
export const cancelledAtPeriodEnd = 'The membership is cancelled. The buyer keeps access until the paid period ends.';
export const cancelledNowRefunded = 'The membership has ended and its last payment is refunded.';
export const renewedInDemo = 'Renewed by a demo payment: one more period is paid.';
export const failedInDemo = 'The next renewal failed: the plan is past due, with 5 days of access left.';
const actionFailed = 'Something went wrong. Please try again.';

const cancelBody = z.object({
  when: z.enum(['periodEnd', 'now'], { error: "Say when the membership ends: 'periodEnd' or 'now'." }),
});
const refundReason = 'Membership cancelled by the seller, its last payment refunded.';

type IdParams = { id: string };

/** 404 for an id no plan could have: a plan is stored under its first sale's id. */
const planIdCheck: RequestHandler<IdParams> = (req, _res, next) => {
  next(isTransactionId(req.params.id) ? undefined : jsonError(404, planNotFound));
};

/** The service's answer to a change, as the dashboard reads it. */
function changedPlan(outcome: MembershipOutcome) {
  if (outcome.kind === 'missing') throw jsonError(404, planNotFound);
  if (outcome.kind === 'refused') throw jsonError(409, outcome.reason);
  return outcome.membership;
}

export function createMemberRouter({
  requireAdmin,
  memberships,
  list,
  refunds,
  demo,
  limiter,
  logError,
  now,
}: {
  requireAdmin: RequestHandler;
  memberships: Pick<Memberships, 'cancel' | 'fail' | 'renew' | 'get'>;
  list: MemberList;
  refunds: Pick<RefundService, 'requestRefund'>;
  /** Whether the demo's buttons exist (DEMO_PAYMENTS, the local cloud only); otherwise their routes are 404. */
  demo: boolean;
  /** The admin rate limit (server/lib/rateLimits.ts), first so guessing tokens is limited too. */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
}): Router {
  const cancelCheck = validate(schemaParser(cancelBody));
  const failed = (what: string) => (error: unknown, req: { params: IdParams }) =>
    failure(`${what} of membership ${req.params.id} failed`, error, 500, actionFailed);

  const listAll = handle(
    async (_req, res) => {
      res.json(await list.all());
    },
    (error) => failure('Members could not be listed', error, 500, 'Members could not be loaded. Please try again.'),
  );

  const cancel = handle<IdParams>(async (req, res) => {
    const { when } = cancelCheck.of(req);
    const plan = changedPlan(await memberships.cancel(req.params.id, when));
    if (when === 'periodEnd') {
      res.json({ message: cancelledAtPeriodEnd });
      return;
    }
    // The plan has ended whatever the refund does: a refund that fails is said, for Sales to redo.
    const notRefunded = (why: string) =>
      jsonError(
        502,
        `The membership has ended, but its last payment could not be refunded.${why} Refund it from Sales.`,
      );
    const lastSale = await list.lastPaymentOf(plan.id);
    if (!lastSale) throw notRefunded('');
    let refund;
    try {
      refund = await refunds.requestRefund(lastSale, { reason: refundReason }, adminUidOf(res));
    } catch (error) {
      logError(`The refund of ${lastSale} for the cancel of membership ${plan.id} failed`, error);
      throw notRefunded('');
    }
    if (refund.kind === 'done' || (refund.kind === 'tooMuch' && refund.left === 0)) {
      res.json({ message: cancelledNowRefunded });
      return;
    }
    throw notRefunded('reason' in refund ? ` ${refund.reason}` : '');
  }, failed('Cancel'));

  const demoRenew = handle<IdParams>(async (req, res) => {
    const plan = await memberships.get(req.params.id);
    if (!plan) throw jsonError(404, planNotFound);
    const outcome = await memberships.renew({
      membershipId: plan.id,
      provider: 'demo',
      reference: `renew-${randomUUID()}`,
      amountMinor: plan.amountMinor,
      currency: plan.currency,
      paidAt: now().toISOString(),
    });
    if (outcome.kind === 'missing') throw jsonError(404, planNotFound);
    if (outcome.kind === 'refused') throw jsonError(409, outcome.reason);
    if (outcome.kind === 'issue') throw jsonError(409, 'The demo payment went to Needs attention in Sales.');
    res.json({ message: renewedInDemo });
  }, failed('Demo renewal'));

  const demoFail = handle<IdParams>(async (req, res) => {
    changedPlan(await memberships.fail(req.params.id));
    res.json({ message: failedInDemo });
  }, failed('Demo failure'));

  const router = Router();
  router.get('/', limiter, requireAdmin, listAll);
  router.post('/:id/cancel', limiter, requireAdmin, cancelCheck, planIdCheck, cancel);
  if (demo) {
    router.post('/:id/demo/renew', limiter, requireAdmin, planIdCheck, demoRenew);
    router.post('/:id/demo/fail', limiter, requireAdmin, planIdCheck, demoFail);
  }
  router.use(answerHttpErrors(logError));
  return router;
}
